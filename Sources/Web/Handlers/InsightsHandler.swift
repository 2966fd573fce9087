import Domain
import HTTPServer
import UseCases

/// GET /insights: what the person's own data shows, each finding in words with its numbers, or "not enough yet".
enum InsightsHandler {
    /// Everything a year's lifts depend on: whose, their runs (the history version moves with any change to them, in
    /// the same transaction) and which year ends today.
    struct LiftsKey: Hashable, Sendable {
        let tenantID: TenantID
        let accountID: AccountID
        let historyVersion: Int
        let today: Day
    }

    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let names = try environment.resetChoices.names(context.scope.tenant)
        // The year's lifts, each reset's summed by the database: a row a reset, not a row a run.
        let today = environment.checkIns.today(member)
        let account = member.account
        let key = LiftsKey(tenantID: account.tenantID, accountID: account.id, historyVersion: account.historyVersion, today: today)
        let lifts = try environment.resetLifts.value(key) {
            try environment.moodHistory.resetLifts(member, from: today.adding(days: -364), through: today)
        }
        let insights = try environment.checkIns.insights(member, lifts: lifts, resetNames: names)
        var sections = insights.sections.enumerated().map { index, section in
            InsightsPage.Section(number: index + 1, title: section.title, lines: section.lines, notEnough: section.notEnough,
                                 nextPath: section.source == .resets ? Route.home.path : Route.checkIn.path,
                                 nextLabel: section.source == .resets ? "Choose a reset" : "Check in today", chart: BarChart(section.bars))
        }
        // Worry time's plain facts: counts only, and only once there are enough to mean anything.
        let worries = environment.worries
        let done = try worries.list(member, [.action]).filter { $0.doneAt != nil }.count
        let worryLine = WorryFacts.sentence(try worries.counts(member), actionsDone: done)
        sections.append(InsightsPage.Section(
            number: sections.count + 1, title: "Worries", lines: worryLine.map { [$0] } ?? [],
            notEnough: worryLine == nil ? "Once you’ve sorted \(WorryFacts.enough) worries, how they were sorted shows here." : nil,
            nextPath: Route.worries.path, nextLabel: "Write a worry down", chart: BarChart([])))
        return try environment.render(InsightsPage(sections: sections), title: "Your insights", context: context)
    }

    /// GET /you: the "You" tab.
    static func you(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let page = YouPage(checkedIn: try environment.checkIns.todaysRating(member)?.label)
        return try environment.render(page, title: "You", context: context)
    }
}
