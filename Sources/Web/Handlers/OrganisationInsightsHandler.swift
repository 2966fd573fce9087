import Domain
import Foundation
import HTTPServer
import UseCases

/// /admin/insights: the organisation's aggregate report, and the same as a spreadsheet. A hidden figure is shown as
/// such on the page and left empty in the CSV. For anyone but admins these do not exist.
enum OrganisationInsightsHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try page(context, environment, member: member, typed: nil, errors: FormErrors())
    }

    static func setGroupSize(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let text = String((try context.form()["size"] ?? "").prefix(20)).trimmingCharacters(in: .whitespaces)
        var errors = FormErrors()
        if let size = WholeNumber.parse(text, in: GroupSize.floor...GroupSize.ceiling) {
            if try errors.attempt("size", { try environment.organisationInsights.setMinimumGroupSize(member, to: size) }) != nil {
                return .redirect(to: Route.organisationInsights.path + "?notice=group-size-saved")
            }
        } else {
            errors.add("size", "Choose a whole number from \(GroupSize.floor) to \(GroupSize.ceiling). Groups smaller than \(GroupSize.floor) are never shown.")
        }
        return try page(context, environment, member: member, typed: text, errors: errors, status: .unprocessableContent)
    }

    static func csv(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let report = try environment.organisationInsights.report(member)
        func cell(_ value: Int?) -> String { value.map(String.init) ?? "" }
        func cell(_ value: Double?) -> String { value.map { Digits.oneDecimalOrWhole($0) } ?? "" }
        var rows = [["section", "group", "measure", "value"]]
        rows.append(["members", "all", "members", cell(report.members)])
        rows.append(["members", "all", "covered_percent", report.everyoneCovered ? "100" : cell(report.coveredPercent)])
        for week in report.weeks {
            let group = "week of \(week.start)"
            rows += [["weeks", group, "active_members", cell(week.activeMembers)], ["weeks", group, "resets_started", cell(week.resetsStarted)],
                     ["weeks", group, "resets_completed", cell(week.resetsCompleted)], ["weeks", group, "check_ins", cell(week.checkIns)],
                     ["weeks", group, "community_posts", cell(week.posts)], ["weeks", group, "practices", cell(week.practices)],
                     ["weeks", group, "glimmers", cell(week.glimmers)], ["weeks", group, "worries", cell(week.worries)]]
        }
        for row in report.emotions {
            rows += [["emotions", row.emotion, "resets_started", cell(row.started)], ["emotions", row.emotion, "resets_completed", cell(row.completed)],
                     ["emotions", row.emotion, "mood_before", cell(row.moodBefore)], ["emotions", row.emotion, "mood_after", cell(row.moodAfter)]]
        }
        rows.append(["about", "all", "emotions_from", report.emotionsFrom.description])
        rows.append(["about", "all", "emotions_through", report.emotionsThrough.description])
        rows.append(["about", "all", "smallest_group_shown", String(report.minimumGroupSize)])
        return CSV.download(rows, filename: "resett-organisation-insights.csv")
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, typed: String?,
                             errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let report = try environment.organisationInsights.report(member)
        typealias Figure = OrganisationInsightsPage.Figure
        // A mood from no resets at all is not hidden, just not there.
        func mood(_ value: Double?, _ row: OrganisationReport.EmotionRow) -> Figure { row.started == 0 ? Figure(value: "–", hidden: nil) : .of(value) }
        let page = OrganisationInsightsPage(
            minimum: report.minimumGroupSize, floor: GroupSize.floor, size: typed ?? String(report.minimumGroupSize), members: .of(report.members),
            covered: report.everyoneCovered ? Figure(value: "Everyone (your licence)", hidden: nil)
                : report.coveredPercent.map { Figure(value: "\($0)%", hidden: nil) } ?? .hiddenOne,
            weeks: report.weeks.map { week in
                .init(label: "From \(week.start.day) \(Day.monthNames[week.start.month - 1].prefix(3))",
                      cells: OrganisationInsightsPage.Cell.row(["Active members", "Resets started", "Resets completed", "Check-ins", "Posts",
                                                                "Practices", "Glimmers", "Worries"],
                                  [Figure.of(week.activeMembers), Figure.of(week.resetsStarted), Figure.of(week.resetsCompleted), Figure.of(week.checkIns),
                                   Figure.of(week.posts), Figure.of(week.practices), Figure.of(week.glimmers), Figure.of(week.worries)]))
            },
            // A chart only of weeks side by side: one shown week alone says nothing a chart could.
            // One colour: the mood scale's ramp would read as moods, which these counts are not.
            activeChart: report.weeks.filter { $0.activeMembers != nil }.count < 2 ? nil : BarChart(report.weeks.compactMap { week in
                week.activeMembers.map { Insights.Bar(label: "\(week.start.day) \(Day.monthNames[week.start.month - 1].prefix(3))", value: $0) }
            }, mood: { _, _ in 5 }),
            emotionsPeriod: "\(report.emotionsFrom.longText) to \(report.emotionsThrough.longText)",
            emotions: report.emotions.map { row in
                .init(label: row.emotion, cells: OrganisationInsightsPage.Cell.row(["Started", "Completed", "Mood before", "Mood after"],
                                                      [Figure.of(row.started), Figure.of(row.completed), mood(row.moodBefore, row), mood(row.moodAfter, row)]))
            },
            errors: errors)
        return try environment.render(page, title: "How Resett is used", errors: errors, context: context, status: status)
    }
}
