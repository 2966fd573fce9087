import Domain
import Storage

/// The mood calendar's reads: a member's own runs in this tenant, by their local days.
public struct MoodHistory: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    public func summaries(_ member: MemberScope, from first: Day, through last: Day) throws -> [DaySummary] {
        try database.daySummaries(tenantID: member.tenantID, accountID: member.accountID, from: first, through: last)
    }

    /// Every day with a run, for the streaks.
    public func activeDays(_ member: MemberScope) throws -> [Day] {
        try database.activeDays(tenantID: member.tenantID, accountID: member.accountID)
    }

    public func runs(_ member: MemberScope, on day: Day) throws -> [Run] {
        try database.runs(tenantID: member.tenantID, accountID: member.accountID, on: day)
    }

    /// The runs of the days from `first` through `last`, oldest first.
    public func runs(_ member: MemberScope, from first: Day, through last: Day) throws -> [Run] {
        try database.runs(tenantID: member.tenantID, accountID: member.accountID, from: first, through: last)
    }

    /// Each reset's lifts over the days from `first` through `last`, summed by the database (for the insights).
    public func resetLifts(_ member: MemberScope, from first: Day, through last: Day) throws -> [Insights.ResetLift] {
        try database.resetLifts(tenantID: member.tenantID, accountID: member.accountID, from: first, through: last)
    }

    /// Every run, oldest first, for the CSV export.
    public func allRuns(_ member: MemberScope) throws -> [Run] {
        try database.runs(tenantID: member.tenantID, accountID: member.accountID)
    }
}
