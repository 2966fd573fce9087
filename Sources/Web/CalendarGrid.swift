import Domain

/// Year calendars already drawn (kept in `KeptPages`), by everything that decides them: whose, which year and weekday,
/// today, the week's first day and what the colours follow, and the account's history version (moved on in the
/// transaction of any change to its runs or check-ins). A year of days took two database reads and 365 cells of HTML
/// (over a third of the page).
enum CalendarGrid {
    struct Key: Hashable, Sendable {
        let tenantID: String
        let accountID: String
        let historyVersion: Int
        let year: Int
        let today: Day
        let weekday: Int?
        let weekStartsOnSunday: Bool
        let followCheckIns: Bool
    }

    struct Grid: Sendable {
        let months: HTMLFragment
        let runs: Int
    }

    static func kept() -> KeptPages<Key, Grid> { KeptPages(budget: 16 << 20) { $0.months.byteCount } }
}
