import Domain
import HTTPServer
import UseCases

/// Setbacks: the list and today's small brave step, the thirty-second log, one's own setback with its recovery plan,
/// changing, moving on and deleting, the patterns page, and the spreadsheet. Only the signed-in member's own: anyone
/// else's id is not found.
enum SetbacksHandler {
    /// How many recent setbacks the list shows (the export has them all).
    static let listLimit = 30

    static func index(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let account = member.account, setbacks = environment.setbacks, now = setbacks.now
        // Today's step is kept with the list it is chosen from: a step swapped, done or let go moves the history
        // version on (0050), and the day is part of the key, so tomorrow's is chosen afresh.
        let key = ListKey(tenantID: account.tenantID, accountID: account.id, historyVersion: account.historyVersion, timeZone: account.timeZone,
                          today: Day.of(now, in: account.timeZone))
        let kept = try environment.setbackLists.value(key, current: { now < $0.newest.holdsUntil }) {
            let newest = try setbacks.newest(member, limit: listLimit)
            let list = SetbackList(items: newest.listed.map { item($0, account.timeZone) }, hasMore: newest.hasMore)
            return KeptList(newest: newest, list: list.fragment(capacity: 1024 + newest.listed.count * 800),
                            step: step(try setbacks.todaysStep(member, newest: newest)))
        }
        let page = SetbacksPage(list: kept.list, hasItems: !kept.newest.listed.isEmpty, step: kept.step)
        return try environment.render(page, title: "Setbacks", context: context)
    }

    /// Today's small brave step as the page shows it.
    private static func step(_ today: Setbacks.TodaysStep) -> SetbacksPage.Step {
        SetbacksPage.Step(
            id: today.step.id, title: today.step.title, description: today.step.description, time: today.step.time,
            difficulty: today.step.difficulty == .easy ? "a gentle one" : "a little braver",
            outcome: today.outcome.map { $0 == .done ? "You did it today. That took courage." : "You let this one go today. That’s fine: there’s another tomorrow." },
            daysTried: today.daysTried == 0 ? "No points, no streaks: just a small step when you’d like one."
                : "Days you’ve done one: \(today.daysTried). No points, no streaks.")
    }

    static func new(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try formPage(context, environment, member, SetbackForm.blank(now: environment.clock(), timeZone: member.account.timeZone), editing: nil)
    }

    static func log(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        var (form, entry) = SetbackForm.read(try context.form(), now: environment.clock(), timeZone: member.account.timeZone)
        if let entry {
            do {
                let id = try environment.setbacks.log(member, entry)
                return .redirect(to: Route.setback(id).path + "?notice=setback-logged")
            } catch let problem as Setbacks.Problem {
                form.add(problem)
            }
        }
        return try formPage(context, environment, member, form, editing: nil, status: .unprocessableContent)
    }

    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: SetbackID) throws -> Response {
        guard let setback = try environment.setbacks.setback(member, id) else { throw WebError.notFound }
        let zone = member.account.timeZone
        let plan = environment.setbackGuide.plan(setback.kind)
        var actions = plan.resets.compactMap { feeling in
            environment.library.emotion(id: feeling).map { SetbackPage.Action(label: "A reset for feeling \($0.label.lowercased())", path: Route.emotion(feeling).path) }
        }
        if plan.templates { actions.append(.init(label: "Response templates", path: Route.setbackTemplates.path)) }
        let heavy = setback.hurt.isHeavy && setback.movedOnAt == nil
        let mood = SetbackHurtChoice.mood(setback.hurt)
        let page = SetbackPage(
            heavy: heavy, crisisContacts: heavy ? try environment.safeguarding.contacts(context.scope) : [],
            kindLabel: setback.kind.label, when: when(setback.happenedAt, zone, short: false), hurt: setback.hurt.value,
            hurtWords: setback.hurt.words, mood: mood, face: TrustedHTML(markup: MoodView.face(mood)),
            note: setback.note.isEmpty ? nil : setback.note, wordsUnreadable: setback.wordsUnreadable ? CheckIn.unreadableWords : nil,
            planTitle: plan.title, planDescription: plan.description, steps: plan.steps, actions: actions,
            movedOn: setback.recovery(in: zone).map { "You moved on after \($0.words)." },
            movedOnPath: Route.setbackAction(id, .movedOn).path, notYetPath: Route.setbackAction(id, .notYet).path,
            editPath: Route.setbackEdit(id).path, deletePath: Route.setbackAction(id, .delete).path, groundPath: Route.helpGround.path)
        return try environment.render(page, title: "\(setback.kind.label) setback", context: context)
    }

    static func edit(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: SetbackID) throws -> Response {
        guard let setback = try environment.setbacks.setback(member, id) else { throw WebError.notFound }
        return try formPage(context, environment, member, SetbackForm.filled(from: setback, timeZone: member.account.timeZone), editing: setback)
    }

    static func update(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: SetbackID) throws -> Response {
        guard let setback = try environment.setbacks.setback(member, id) else { throw WebError.notFound }
        var (form, entry) = SetbackForm.read(try context.form(), now: environment.clock(), timeZone: member.account.timeZone)
        if let entry {
            do {
                try environment.setbacks.update(member, id, entry)
                return .redirect(to: Route.setback(id).path + "?notice=setback-saved")
            } catch Setbacks.Problem.notFound {
                throw WebError.notFound
            } catch let problem as Setbacks.Problem {
                form.add(problem)
            }
        }
        return try formPage(context, environment, member, form, editing: setback, status: .unprocessableContent)
    }

    static func act(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: SetbackID,
                    _ action: SetbackAction) throws -> Response {
        switch action {
        case .movedOn, .notYet:
            guard try environment.setbacks.setMovedOn(member, id, action == .movedOn) else { throw WebError.notFound }
            return .redirect(to: Route.setback(id).path + (action == .movedOn ? "?notice=moved-on" : "?notice=not-yet"))
        case .delete:
            guard try environment.setbacks.delete(member, id) else { throw WebError.notFound }
            return .redirect(to: Route.setbacks.path + "?notice=setback-deleted")
        }
    }

    static func smallStep(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ action: SmallStepAction) throws -> Response {
        switch action {
        case .swap:
            try environment.setbacks.swapStep(member)
            return .redirect(to: Route.setbacks.path + "#step-heading")
        case .done, .skip:
            let step = try context.form()["step"] ?? ""
            guard try environment.setbacks.settleStep(member, stepID: String(step.prefix(40)), action == .done ? .done : .skipped) else {
                throw WebError.badRequest("That small step isn’t one we know. Please go back and try again.")
            }
            return .redirect(to: Route.setbacks.path + (action == .done ? "?notice=step-done" : "?notice=step-skipped"))
        }
    }

    /// Everything the list of a person's setbacks depends on but the clock: whose, their setbacks (the history version
    /// moves with any change to one, in the same transaction, through any node), and the zone their times are in.
    struct ListKey: Hashable, Sendable {
        let tenantID: TenantID
        let accountID: AccountID
        let historyVersion: Int
        let timeZone: String
        let today: Day
    }

    /// The newest setbacks as read (today's small step looks among them), their list as drawn, and today's step.
    struct KeptList: Sendable {
        let newest: Setbacks.Newest
        let list: HTMLFragment
        let step: SetbacksPage.Step
    }

    /// Everything a person's setback insights depend on but the clock: whose, their setbacks (the history version
    /// moves with any change to one, in the same transaction), and the zone and week their days are counted in.
    struct InsightsKey: Hashable, Sendable {
        let tenantID: TenantID
        let accountID: AccountID
        let historyVersion: Int
        let timeZone: String
        let weekStartsOnSunday: Bool
    }

    static func insights(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let account = member.account, setbacks = environment.setbacks
        let key = InsightsKey(tenantID: account.tenantID, accountID: account.id, historyVersion: account.historyVersion,
                              timeZone: account.timeZone, weekStartsOnSunday: account.weekStartsOnSunday)
        let now = setbacks.now
        let kept = try environment.setbackInsights.value(key, current: { kept in
            now < kept.holdsUntil && kept.today == Day.of(now, in: account.timeZone)
        }) { KeptInsights(try setbacks.insights(member)) }
        return try environment.render(kept.page, title: "Setback patterns", context: context)
    }

    /// The patterns page as drawn from a member's insights, kept with the moment they stop holding: the page's words
    /// and chart were half of its time, made again on every visit from the same kept insights.
    struct KeptInsights: Sendable {
        let page: SetbackInsightsPage
        let today: Day
        let holdsUntil: Int

        init(_ insights: SetbackInsights) {
            page = SetbacksHandler.insightsPage(insights)
            today = insights.today
            holdsUntil = insights.holdsUntil
        }

        var approximateBytes: Int {
            1024 + page.patterns.reduce(0) { $0 + $1.title.utf8.count + $1.statement.utf8.count + $1.insight.utf8.count + 64 }
                + page.months.reduce(0) { $0 + $1.utf8.count + 32 } + (page.chart?.bars.count ?? 0) * 256
        }
    }

    static func insightsPage(_ insights: SetbackInsights) -> SetbackInsightsPage {
        let bars = insights.months.map { Insights.Bar(label: $0.label, value: $0.medianDays.map { max(1, Int($0.rounded())) } ?? 0) }
        let anyMovedOn = insights.months.contains { $0.movedOn > 0 }
        let months = !anyMovedOn ? ["When you mark a setback as moved on, how long it took shows here, month by month."] : insights.months.map { month in
            guard let median = month.medianDays else { return "\(month.name): nothing moved on from." }
            return "\(month.name): \(month.movedOn == 1 ? "1 setback" : "\(month.movedOn) setbacks") moved on from, "
                + "taking \(month.movedOn == 1 ? "" : "a median of ")\(Median.words(days: median))."
        }
        return SetbackInsightsPage(
            week: insights.week.words,
            patterns: insights.patterns.map { .init(title: $0.title, statement: $0.statement, insight: $0.insight) },
            chart: anyMovedOn ? BarChart(bars, zeroIsNone: true, mood: { _, _ in 7 }) : nil, months: months,
            total: insights.total == 0 ? "You haven’t logged any setbacks in the last year."
                : "You’ve logged \(insights.total == 1 ? "1 setback" : "\(insights.total) setbacks") in the last year.")
    }

    /// Every setback as a spreadsheet, every field, the note opened for its owner.
    static func exportCSV(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        var rows = [["id", "kind", "hurt", "hurt_words", "note", "happened_at", "happened_day", "logged_at", "moved_on_at"]]
        for part in try environment.setbacks.exportParts(member) {
            rows.append([part.id, part.kind, String(part.hurt), part.hurtWords, part.note, String(part.happenedAt), part.happenedDay,
                         String(part.loggedAt), part.movedOnAt.map(String.init) ?? ""])
        }
        return CSV.download(rows, filename: "resett-setbacks.csv")
    }

    private static func formPage(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ form: SetbackForm,
                                 editing: Setback?, status: HTTPStatus = .ok) throws -> Response {
        let page = SetbackFormPage(
            editing: editing != nil, action: editing.map { Route.updateSetback($0.id).path } ?? Route.logSetback.path,
            cancelPath: editing.map { Route.setback($0.id).path } ?? Route.setbacks.path,
            kindOptions: SetbackChoiceOptions.kinds(selecting: form.kind),
            hurtScale: SetbackChoiceOptions.hurtScale(selecting: form.hurt), note: form.note,
            noteLimit: Setback.noteLimit, happened: form.happened,
            happenedMax: LocalMoment(environment.clock(), in: member.account.timeZone).text,
            wordsUnreadable: editing?.wordsUnreadable == true ? CheckIn.unreadableWords : nil, errors: form.errors)
        return try environment.render(page, title: editing == nil ? "Log a setback" : "Change a setback", errors: form.errors, context: context,
                                      status: status)
    }

    /// A setback as a line of a list (here and on the calendar's day).
    static func item(_ setback: Setback, _ zone: String) -> SetbacksPage.Item {
        let mood = SetbackHurtChoice.mood(setback.hurt)
        return SetbacksPage.Item(path: Route.setback(setback.id), kindLabel: setback.kind.label, when: when(setback.happenedAt, zone, short: true),
                                 hurt: setback.hurt.value, hurtWords: setback.hurt.words, mood: mood, face: TrustedHTML(markup: MoodView.face(mood)),
                                 movedOn: setback.recovery(in: zone).map { "moved on after \($0.words)" })
    }

    /// "Thursday 26 November 2026 at 09:30", or "Thu 26 Nov, 09:30" in a list.
    static func when(_ epoch: Int, _ timeZone: String, short: Bool) -> String {
        let moment = LocalMoment(epoch, in: timeZone), day = moment.day
        guard short else { return "\(day.longText) at \(moment.clockText)" }
        // Written into one buffer at its size: a list shows thirty, and through interpolation each was a handful of
        // strings made and joined (a fifth of the list's work). Through a small writer, not functions nested in the
        // closure: those captured the place they wrote at, and each write paid a run-time exclusivity check.
        let year = min(max(day.year, 0), 9999)
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var out = ShortWriter(buffer: buffer)
            out.put(shortWeekdays[day.weekdayFromMonday])
            out.put(UInt8(ascii: " "))
            out.put(day.day, digits: day.day < 10 ? 1 : 2)
            out.put(UInt8(ascii: " "))
            out.put(shortMonths[day.month - 1])
            out.put(UInt8(ascii: " "))
            out.put(year, digits: 4)
            out.put(", ")
            out.put(moment.hour, digits: 2)
            out.put(UInt8(ascii: ":"))
            out.put(moment.minute, digits: 2)
            return out.place
        }
    }

    /// Bytes written one after another into a buffer big enough for them.
    private struct ShortWriter {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var place = 0

        mutating func put(_ byte: UInt8) { buffer[place] = byte; place += 1 }
        mutating func put(_ text: StaticString) { text.withUTF8Buffer { for byte in $0 { put(byte) } } }
        mutating func put(_ number: Int, digits: Int) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 { put(UInt8(ascii: "0") + UInt8(number / divisor % 10)); divisor /= 10 }
        }
    }

    /// "Thu" and "Nov".
    private static let shortWeekdays: [StaticString] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let shortMonths: [StaticString] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
