import Foundation
import Domain
import HTTPServer
import UseCases

/// Worry time: writing a worry and sorting it, the window and its one-by-one revisit, one's own worry, the actions,
/// and the spreadsheet. Only the signed-in member's own: anyone else's id is not found.
enum WorriesHandler {
    /// What a person's worry overview depends on: whose, and their history version, which their worries and worry
    /// time move on in the transaction of any change (Migrations/*/…worries_history.sql).
    struct OverviewKey: Hashable, Sendable {
        let tenantID: TenantID
        let accountID: AccountID
        let historyVersion: Int
    }

    static func index(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try listPage(context, environment, member, text: "", answer: nil, step: "", due: "", start: nil, errors: FormErrors())
    }

    static func write(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let text = String((form["text"] ?? "").prefix(Worry.textLimit * 2))
        let answerText = form["answer"], (step, dueText) = stepFields(form)
        var errors = FormErrors()
        let due = readDue(dueText, &errors)
        let answer: Worries.Answer = switch answerText {
        case "yes": .yes(step: step, due: due)
        case "no": .no
        default: .notYet
        }
        if errors.isEmpty {
            do {
                let id = try environment.worries.write(member, text: text, answer: answer)
                switch answer {
                case .yes: return .redirect(to: Route.actions.path + "?notice=worry-action")
                case .no: return .redirect(to: Route.worries.path + "?notice=worry-parked")
                case .notYet: return .redirect(to: Route.worry(id).path + "?notice=worry-written")
                }
            } catch let problem as Worries.Problem {
                add(problem, to: &errors)
            }
        }
        return try listPage(context, environment, member, text: text, answer: answerText, step: step, due: dueText, start: nil, errors: errors,
                            status: .unprocessableContent)
    }

    static func saveTime(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        if form["clear"] != nil {
            try environment.worries.setTime(member, nil)
            return .redirect(to: Route.worries.path + "?notice=worry-time-cleared")
        }
        let startText = String((form["start"] ?? "").prefix(8))
        // Left out (an old form), 15 minutes; sent, it must be one of the lengths offered.
        let minutes = form["minutes"].map { WholeNumber.parse($0, in: WorryTime.lengths) } ?? 15
        guard let start = WorryTime.minute(of: startText), let minutes, let time = WorryTime(startMinute: start, minutes: minutes) else {
            var errors = FormErrors()
            if WorryTime.minute(of: startText) == nil { errors.add("start", "Enter a time of day, like 18:00.") }
            if minutes == nil { errors.add("start", "Choose how long worry time lasts, from 10 to 30 minutes.") }
            return try listPage(context, environment, member, text: "", answer: nil, step: "", due: "", start: startText, errors: errors,
                                status: .unprocessableContent)
        }
        try environment.worries.setTime(member, time)
        return .redirect(to: Route.worries.path + "?notice=worry-time-saved")
    }

    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: WorryID) throws -> Response {
        guard let worry = try environment.worries.worry(member, id) else { throw WebError.notFound }
        return try page(context, environment, member, worry, step: worry.step, due: worry.dueDay?.description ?? "", errors: FormErrors())
    }

    static func act(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: WorryID, _ action: WorryAction) throws -> Response {
        let worries = environment.worries
        do {
            switch action {
            case .can:
                guard let worry = try worries.worry(member, id) else { throw WebError.notFound }
                let (step, dueText) = stepFields(try context.form())
                var errors = FormErrors()
                let due = readDue(dueText, &errors)
                if errors.isEmpty {
                    do {
                        try worries.makeAction(member, id, step: step, due: due)
                        return .redirect(to: Route.actions.path + "?notice=worry-action")
                    } catch let problem as Worries.Problem where problem != .notFound && problem != .alreadySorted {
                        add(problem, to: &errors)
                    }
                }
                return try page(context, environment, member, worry, step: step, due: dueText, errors: errors, status: .unprocessableContent)
            case .cannot:
                try worries.park(member, id)
                return .redirect(to: Route.worries.path + "?notice=worry-parked")
            case .letGo:
                try worries.letGo(member, id)
                return .redirect(to: Route.worries.path + "?notice=worry-let-go")
            case .keep:
                try worries.keepForTomorrow(member, id)
                return .redirect(to: Route.worries.path + "?notice=worry-kept")
            case .done, .notDone:
                guard try worries.setDone(member, id, action == .done) else { throw WebError.notFound }
                return .redirect(to: Route.actions.path + (action == .done ? "?notice=action-done" : "?notice=action-not-done"))
            case .delete:
                guard try worries.delete(member, id) else { throw WebError.notFound }
                return .redirect(to: Route.worries.path + "?notice=worry-deleted")
            }
        } catch Worries.Problem.notFound {
            throw WebError.notFound
        } catch Worries.Problem.alreadySorted {
            // Another tab got there first: show where it is now, which says what happened.
            return .redirect(to: Route.worry(id).path)
        }
    }

    static func actions(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let account = member.account
        let page = try environment.actionPages.value(
            OverviewKey(tenantID: account.tenantID, accountID: account.id, historyVersion: account.historyVersion)
        ) { try actionsPage(environment.worries.list(member, [.action])) }
        return try environment.render(page, title: "Actions", context: context)
    }

    /// The actions page from the member's worries in the action state: kept under their history version, which any
    /// change to a worry moves on, as its steps and worries were a decryption each on every visit.
    static func actionsPage(_ all: [Worry]) -> ActionsPage {
        func item(_ worry: Worry) -> ActionsPage.Item {
            ActionsPage.Item(step: worry.wordsUnreadable ? CheckIn.unreadableWords : worry.step, worry: worry.wordsUnreadable ? "" : worry.text,
                             due: worry.dueDay?.longText, path: Route.worry(worry.id).path,
                             togglePath: Route.worryAction(worry.id, worry.doneAt == nil ? .done : .notDone).path, done: worry.doneAt != nil)
        }
        // Those with a day first, soonest first; then the rest in the order they were written.
        let toDo = all.filter { $0.doneAt == nil }.sorted {
            ($0.dueDay == nil ? 1 : 0, $0.dueDay?.ordinal ?? 0, $0.createdAt) < ($1.dueDay == nil ? 1 : 0, $1.dueDay?.ordinal ?? 0, $1.createdAt)
        }
        let done = all.filter { $0.doneAt != nil }.sorted { ($0.doneAt ?? 0) > ($1.doneAt ?? 0) }.prefix(30)
        return ActionsPage(toDo: toDo.map(item), done: done.map(item))
    }

    static func exportCSV(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        var rows = [["id", "worry", "state", "first_step", "by_day", "done_at", "revisit_day", "day", "written_at"]]
        for part in try environment.worries.exportParts(member) {
            rows.append([part.id, part.text, part.state, part.step ?? "", part.dueDay ?? "", part.doneAt.map(String.init) ?? "", part.revisitDay ?? "",
                         part.day, String(part.createdAt)])
        }
        return CSV.download(rows, filename: "resett-worries.csv")
    }

    private static func stepFields(_ form: FormData) -> (String, String) {
        (String((form["step"] ?? "").prefix(Worry.stepLimit * 2)), String((form["due"] ?? "").prefix(20)))
    }

    private static func readDue(_ text: String, _ errors: inout FormErrors) -> Day? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let day = Day(text) else {
            errors.add("due", "Enter a date, like 2026-11-30, or leave it empty.")
            return nil
        }
        return day
    }

    private static func add(_ problem: Worries.Problem, to errors: inout FormErrors) {
        switch problem {
        case .empty: errors.add("text", "Write a few words about the worry.")
        case .tooLong: errors.add("text", "Please keep it to \(Worry.textLimit) characters or fewer.")
        case .stepNeeded: errors.add("step", "Write a small first step, or choose “No” to park it.")
        case .stepTooLong: errors.add("step", "Please keep the step to \(Worry.stepLimit) characters or fewer.")
        case .dueInThePast: errors.add("due", "Choose today or a day to come, or leave it empty.")
        case .wordsCannotBeKept: errors.add("text", "This service can’t keep words safely yet, so worries can’t be saved. Please try again later.")
        case .notFound, .alreadySorted: errors.add("text", "This worry has changed since the page was opened. Please look again.")
        }
    }

    private static func fields(_ environment: AppEnvironment, _ member: MemberScope, step: String, due: String, errors: FormErrors) -> WorryStepFields {
        WorryStepFields(step: step, due: due, stepLimit: Worry.stepLimit,
                        today: Day.of(environment.clock(), in: member.account.timeZone).description, errors: errors)
    }

    private static func listPage(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, text: String, answer: String?,
                                 step: String, due: String, start: String?, errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let zone = member.account.timeZone, now = environment.clock(), today = Day.of(now, in: zone), account = member.account
        let overview = try environment.worryOverviews.value(
            OverviewKey(tenantID: account.tenantID, accountID: account.id, historyVersion: account.historyVersion)
        ) { try environment.worries.overview(member) }
        let time = overview.time, open = overview.open, parked = overview.parked
        let window = time?.openWindow(at: now, in: zone)
        var revisit: WorriesPage.Revisit?
        if window != nil {
            let next = overview.nextToRevisit(on: today)
            if let worry = next.worry {
                revisit = WorriesPage.Revisit(
                    text: worry.wordsUnreadable ? CheckIn.unreadableWords : worry.text,
                    position: next.waiting == 1 ? "The last one waiting" : "\(next.waiting) waiting",
                    letGoPath: Route.worryAction(worry.id, .letGo).path, keepPath: Route.worryAction(worry.id, .keep).path,
                    canPath: Route.worryAction(worry.id, .can).path, fields: fields(environment, member, step: "", due: "", errors: errors))
            }
        }
        let page = WorriesPage(
            inWindow: window != nil, windowText: time.map { windowText($0, now: now, zone: zone) },
            windowEnds: window.map { LocalDay.time($0.end, in: zone) }, revisit: revisit, startTime: start ?? time?.startText ?? "18:00",
            lengths: stride(from: 10, through: 30, by: 5).map { FormChoice(value: String($0), label: "\($0) minutes", checked: $0 == (time?.minutes ?? 15)) },
            hasTime: time != nil, text: text, textLimit: Worry.textLimit,
            answers: [FormChoice(value: "yes", label: "Yes, there’s something I can do", checked: answer == "yes"),
                      FormChoice(value: "no", label: "No, not right now", checked: answer == "no")],
            fields: fields(environment, member, step: step, due: due, errors: errors),
            unsorted: open.map { item($0, detail: "Written \($0.day.longText)") },
            parked: parked.map { item($0, detail: $0.isDue(on: today) ? "Written \($0.day.longText)" : "Kept for \($0.revisitDay?.longText ?? "later")") },
            actionCount: overview.actionsToDo, errors: errors)
        return try environment.render(page, title: "Worry time", errors: errors, context: context, status: status)
    }

    /// "Every day at 18:00 for 15 minutes. Next: today at 18:00."
    static func windowText(_ time: WorryTime, now: Int, zone: String) -> String {
        let next = time.nextStart(after: now, in: zone)
        let day = Day.of(next, in: zone) == Day.of(now, in: zone) ? "today" : "tomorrow"
        return "Every day at \(time.startText) for \(time.minutes) minutes. Next: \(day) at \(LocalDay.time(next, in: zone)). "
            + "Until then, write worries down here and let them wait."
    }

    private static func item(_ worry: Worry, detail: String) -> WorryItem {
        WorryItem(text: worry.wordsUnreadable ? CheckIn.unreadableWords : worry.text, detail: detail, path: Route.worry(worry.id).path)
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ worry: Worry, step: String, due: String,
                             errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let id = worry.id
        let stateText = switch worry.state {
        case .open: "not sorted yet"
        case .parked: worry.revisitDay.map { "parked, kept for \($0.longText)" } ?? "parked for worry time"
        case .action: worry.doneAt == nil ? "an action" : "an action, done"
        case .letGo: "let go"
        }
        let page = WorryPage(
            text: worry.wordsUnreadable ? CheckIn.unreadableWords : worry.text, written: worry.day.longText, stateText: stateText,
            isOpen: worry.state == .open, canMakeAction: (worry.state == .open || worry.state == .parked) && !worry.wordsUnreadable,
            isAction: worry.state == .action, isParked: worry.state == .parked, step: worry.step, due: worry.dueDay?.longText,
            done: worry.doneAt != nil, fields: fields(environment, member, step: worry.state == .action ? "" : step, due: worry.state == .action ? "" : due,
                                                                errors: errors),
            canPath: Route.worryAction(id, .can).path, cannotPath: Route.worryAction(id, .cannot).path, letGoPath: Route.worryAction(id, .letGo).path,
            keepPath: Route.worryAction(id, .keep).path, donePath: Route.worryAction(id, .done).path, notDonePath: Route.worryAction(id, .notDone).path,
            deletePath: Route.worryAction(id, .delete).path, wordsUnreadable: worry.wordsUnreadable ? CheckIn.unreadableWords : nil, errors: errors)
        return try environment.render(page, title: "Your worry", errors: errors, context: context, status: status)
    }
}
