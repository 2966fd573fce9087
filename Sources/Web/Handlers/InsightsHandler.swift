import Domain
import HTTPServer
import UseCases

/// GET /insights: what the person's own data shows, each finding in words with its numbers, or "not enough yet".
enum InsightsHandler {
    /// Everything the page's findings depend on: whose, their history version (their runs, check-ins and worries move
    /// it on, in the transaction of any change), the organisation's configuration version (its resets' names), and
    /// which year ends today.
    struct Key: Hashable, Sendable {
        let tenantID: TenantID
        let configVersion: Int
        let accountID: AccountID
        let historyVersion: Int
        let today: Day
    }

    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let today = environment.checkIns.today(member)
        let account = member.account
        let key = Key(tenantID: account.tenantID, configVersion: member.tenant.configVersion, accountID: account.id,
                      historyVersion: account.historyVersion, today: today)
        let sections = try environment.insightSections.value(key) { try findings(environment, member, today: today) }
        return try environment.render(InsightsPage(sections: sections), title: "Your insights", context: context)
    }

    /// The findings, each in words with its numbers: a year of check-ins, each reset's lift (summed by the database: a
    /// row a reset, not a row a run), and worry time's plain facts (counts only, once there are enough to mean anything).
    private static func findings(_ environment: AppEnvironment, _ member: MemberScope, today: Day) throws -> [InsightsPage.Section] {
        let names = try environment.resetChoices.names(member.tenant)
        let lifts = try environment.moodHistory.resetLifts(member, from: today.adding(days: -364), through: today)
        let insights = try environment.checkIns.insights(member, lifts: lifts, resetNames: names)
        var sections = insights.sections.enumerated().map { index, section in
            InsightsPage.Section(number: index + 1, title: section.title, lines: section.lines, notEnough: section.notEnough,
                                 nextPath: section.source == .resets ? Route.home.path : Route.checkIn.path,
                                 nextLabel: section.source == .resets ? "Choose a reset" : "Check in today", chart: BarChart(section.bars))
        }
        let worries = environment.worries
        let done = try worries.list(member, [.action]).filter { $0.doneAt != nil }.count
        let worryLine = WorryFacts.sentence(try worries.counts(member), actionsDone: done)
        sections.append(InsightsPage.Section(
            number: sections.count + 1, title: "Worries", lines: worryLine.map { [$0] } ?? [],
            notEnough: worryLine == nil ? "Once you’ve sorted \(WorryFacts.enough) worries, how they were sorted shows here." : nil,
            nextPath: Route.worries.path, nextLabel: "Write a worry down", chart: BarChart([])))
        return sections
    }

    /// GET /you: the "You" tab.
    static func you(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let page = YouPage(checkedIn: try environment.checkIns.todaysRating(member)?.label)
        return try environment.render(page, title: "You", context: context)
    }
}
