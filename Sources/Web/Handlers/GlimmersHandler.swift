import Domain
import HTTPServer
import UseCases

/// Glimmers: keeping one, the list by month, one's own glimmer to change or delete, and the spreadsheet. Only the
/// signed-in member's own: anyone else's id is not found.
enum GlimmersHandler {
    static func index(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try listPage(context, environment, member, text: "", kind: nil, errors: FormErrors())
    }

    static func keep(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let (text, kind) = read(try context.form())
        var errors = FormErrors()
        do {
            _ = try environment.glimmers.keep(member, text: text, kind: kind)
            return .redirect(to: Route.glimmers.path + "?notice=glimmer-kept")
        } catch let problem as Glimmers.Problem {
            add(problem, to: &errors)
        }
        return try listPage(context, environment, member, text: text, kind: kind, errors: errors, status: .unprocessableContent)
    }

    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: GlimmerID) throws -> Response {
        guard let glimmer = try environment.glimmers.glimmer(member, id) else { throw WebError.notFound }
        return try page(context, environment, glimmer, text: glimmer.text, kind: glimmer.kind, errors: FormErrors())
    }

    static func update(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: GlimmerID) throws -> Response {
        guard let glimmer = try environment.glimmers.glimmer(member, id) else { throw WebError.notFound }
        let (text, kind) = read(try context.form())
        var errors = FormErrors()
        do {
            try environment.glimmers.update(member, id, text: text, kind: kind)
            return .redirect(to: Route.glimmer(id).path + "?notice=glimmer-saved")
        } catch Glimmers.Problem.notFound {
            throw WebError.notFound
        } catch let problem as Glimmers.Problem {
            add(problem, to: &errors)
        }
        return try page(context, environment, glimmer, text: text, kind: kind, errors: errors, status: .unprocessableContent)
    }

    static func delete(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: GlimmerID) throws -> Response {
        guard try environment.glimmers.delete(member, id) else { throw WebError.notFound }
        return .redirect(to: Route.glimmers.path + "?notice=glimmer-deleted")
    }

    static func exportCSV(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        var rows = [["id", "glimmer", "kind", "day", "kept_at"]]
        for part in try environment.glimmers.exportParts(member) {
            rows.append([part.id, part.text, part.kind ?? "", part.day, String(part.createdAt)])
        }
        return CSV.download(rows, filename: "resett-glimmers.csv")
    }

    private static func read(_ form: FormData) -> (String, GlimmerKind?) {
        (String((form["text"] ?? "").prefix(Glimmer.textLimit * 2)), form["kind"].flatMap(GlimmerKind.init(rawValue:)))
    }

    private static func add(_ problem: Glimmers.Problem, to errors: inout FormErrors) {
        switch problem {
        case .empty: errors.add("text", "Write a few words about your glimmer.")
        case .tooLong: errors.add("text", "Please keep it to \(Glimmer.textLimit) characters or fewer.")
        case .wordsCannotBeKept: errors.add("text", "This service can’t keep words safely yet, so glimmers can’t be saved. Please try again later.")
        case .notFound: errors.add("text", "This glimmer is no longer here. It may have been deleted.")
        }
    }

    /// A member's glimmers of one month, kept under their history version, which any glimmer kept, changed or
    /// deleted moves on, and the month that is this month for them (the heading says so).
    struct MonthKey: Hashable, Sendable {
        let tenantID: TenantID
        let accountID: AccountID
        let historyVersion: Int
        let month: Day
        let thisMonth: Day
    }

    /// What the list shows of that month: each glimmer opened once, not on every visit.
    struct KeptMonth: Sendable {
        let heading: String
        let items: [GlimmerItem]
        let months: [GlimmerMonth]

        var size: Int { items.reduce(512 + months.count * 128) { $0 + $1.text.utf8.count + 192 } }
    }

    /// The list shows one month: `?month=YYYY-MM` if it is a real month, else this one.
    private static func listPage(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, text: String, kind: GlimmerKind?,
                                 errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let zone = member.account.timeZone
        let today = Day.of(environment.clock(), in: zone)
        let asked = try context.query()["month"].flatMap { $0.utf8.count == 7 ? Day($0 + "-01") : nil }
        let thisMonth = Day(year: today.year, month: today.month, day: 1) ?? today
        let month = asked ?? thisMonth
        let last = Day(year: month.year, month: month.month, day: Day.daysIn(year: month.year, month: month.month)) ?? month
        let account = member.account
        let shown = try environment.glimmerMonths.value(
            MonthKey(tenantID: account.tenantID, accountID: account.id, historyVersion: account.historyVersion, month: month, thisMonth: thisMonth)
        ) {
            let glimmers = try environment.glimmers.between(member, month, last)
            var months = try environment.glimmers.months(member)
            if !months.contains(where: { $0.month == month }) { months.append((month, 0)); months.sort { $0.month > $1.month } }
            return KeptMonth(
                heading: (month == thisMonth ? "This month, " : "") + monthName(month), items: glimmers.map { item($0) },
                months: months.prefix(36).map {
                    GlimmerMonth(label: monthName($0.month), path: Route.glimmers.path + "?month=" + String($0.month.description.prefix(7)),
                                 count: $0.count, current: $0.month == month)
                })
        }
        let page = GlimmersPage(
            text: text, textLimit: Glimmer.textLimit, kinds: FormChoice.glimmerKinds(selected: kind),
            monthHeading: shown.heading, items: shown.items, months: shown.months,
            errors: errors)
        return try environment.render(page, title: "Glimmers", errors: errors, context: context, status: status)
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, _ glimmer: Glimmer, text: String, kind: GlimmerKind?,
                             errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let page = GlimmerPage(text: text, textLimit: Glimmer.textLimit, kinds: FormChoice.glimmerKinds(selected: kind), day: glimmer.day.longText,
                               savePath: Route.updateGlimmer(glimmer.id).path, deletePath: Route.glimmerDelete(glimmer.id).path,
                               wordsUnreadable: glimmer.wordsUnreadable ? CheckIn.unreadableWords : nil, errors: errors)
        return try environment.render(page, title: "Your glimmer", errors: errors, context: context, status: status)
    }

    static func item(_ glimmer: Glimmer) -> GlimmerItem {
        GlimmerItem(text: glimmer.wordsUnreadable ? CheckIn.unreadableWords : glimmer.text, kind: glimmer.kind?.label, day: glimmer.day.longText,
                    path: Route.glimmer(glimmer.id).path)
    }

    static func monthName(_ month: Day) -> String { "\(Day.monthNames[month.month - 1]) \(month.year)" }
}
