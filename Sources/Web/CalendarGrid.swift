import Domain

/// Year and month calendars already drawn (kept in `KeptPages`), by everything that decides them: whose, which year, month and weekday,
/// today, the week's first day and what the colours follow, and the account's history version (moved on in the
/// transaction of any change to its runs or check-ins). A year of days took two database reads and 365 cells of HTML
/// (over a third of the page).
enum CalendarGrid {
    struct Key: Hashable, Sendable {
        let tenantID: TenantID
        let accountID: AccountID
        let historyVersion: Int
        let year: Int
        /// 1 to 12 for a month's page, 0 for the year's.
        let month: Int
        let today: Day
        let weekday: Int?
        let weekStartsOnSunday: Bool
        let followCheckIns: Bool
    }

    /// A day's kept part, by whose and which day, the time zone its times are written in, the account's history version
    /// and the tenant's configuration version (which resets can be done again).
    struct DayKey: Hashable, Sendable {
        let tenantID: TenantID
        let configVersion: Int
        let accountID: AccountID
        let historyVersion: Int
        let timeZone: String
        let day: Day
    }

    /// A day's resets, setbacks and practices, as its page shows them (it took five of the page's seven reads).
    struct KeptDay: Sendable {
        let runs: [CalendarDayPage.RunCard]
        let setbacks: [SetbacksPage.Item]
        let practices: [String]

        /// Roughly what it holds: a fixed part for each line.
        var approximateBytes: Int { 512 + runs.count * 512 + setbacks.count * 384 + practices.reduce(0) { $0 + 64 + $1.utf8.count } }
    }

    struct Grid: Sendable {
        let months: HTMLFragment
        let runs: Int
    }

    static func kept() -> KeptPages<Key, Grid> { KeptPages(budget: 16 << 20) { $0.months.allocatedBytes } }

    /// A month's page, all of which comes from the account's history (about 100 bytes a day kept).
    static func keptMonths() -> KeptPages<Key, CalendarMonthPage> { KeptPages(budget: 16 << 20) { 4096 + $0.weeksHTML.allocatedBytes } }

    /// A day's resets, setbacks and practices, read once.
    static func keptDays() -> KeptPages<DayKey, KeptDay> { KeptPages(budget: 16 << 20) { $0.approximateBytes } }
}
