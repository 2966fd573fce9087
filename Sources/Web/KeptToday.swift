import Domain
import UseCases

/// A member's day as the home page, the emotion lists and a reset's introduction show it, kept under everything that
/// decides it, so a busy member's next page asks the database for nothing of it:
/// - their history version, which their runs, check-ins, glimmers and subscription move on in the transaction of any
///   change (Migrations/*/…version_triggers.sql, …day_history.sql, …subscriptions_history.sql);
/// - their organisation's configuration version (its free resets a day, licence, unlimited emails and own resets);
/// - their role and email (staff and the organisation's unlimited list have no limit);
/// - their own day; and, for the allowance, the clock until `Today.holdsUntil`.
/// The server still counts on every write: this is what a page shows, never what a run is allowed.
struct TodayKey: Hashable, Sendable {
    let tenantID: TenantID
    let configVersion: Int
    let accountID: AccountID
    let historyVersion: Int
    let role: Role
    let email: String
    let day: Day

    init(_ member: MemberScope, day: Day) {
        tenantID = member.tenantID
        configVersion = member.tenant.configVersion
        accountID = member.accountID
        historyVersion = member.account.historyVersion
        role = member.account.role
        email = member.account.email
        self.day = day
    }
}

/// What the home page shows of a member's day besides the resets: today's check-in rating and the glimmer of the
/// day (both move the history version on).
struct HomeDay: Sendable {
    let checkedIn: CheckInRating?
    let glimmer: Glimmer?
}

extension AppEnvironment {
    /// The member's `Today`, kept (see `TodayKey`).
    func today(_ member: MemberScope) throws -> Today {
        let now = clock()
        let key = TodayKey(member, day: Day.of(now, in: member.account.timeZone))
        return try keptToday.value(key, current: { $0.holds(at: now) }) { try runs.today(member) }
    }

    /// The member's `HomeDay`, kept (see `TodayKey`).
    func homeDay(_ member: MemberScope) throws -> HomeDay {
        let key = TodayKey(member, day: Day.of(clock(), in: member.account.timeZone))
        return try keptHomeDays.value(key) {
            HomeDay(checkedIn: try checkIns.todaysRating(member), glimmer: try glimmers.ofTheDay(member))
        }
    }
}
