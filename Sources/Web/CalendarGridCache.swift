import Domain
import Synchronization

/// Year calendars already drawn, by everything that decides them: whose, which year and weekday, today, the week's
/// first day and what the colours follow, and the account's history version (read from the database with the session
/// on every request, and moved on in the transaction of any change to its runs or check-ins). An entry is the grid
/// for exactly that history; a change anywhere, through any node, gives the account a new number and the old entry is
/// never asked for again. A year of days took two database reads and 365 cells of HTML (over a third of the page).
///
/// Bounded by bytes: when the next grid would pass `budget`, everything is dropped and drawing starts again, so no number of
/// people or requests can grow it past that.
final class CalendarGridCache: Sendable {
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

    static let budget = 16 << 20

    private let state = Mutex<(grids: [Key: Grid], bytes: Int)>(([:], 0))

    /// The grid for `key`, drawn by `draw` if it is not here yet.
    func grid(_ key: Key, draw: () throws -> Grid) rethrows -> Grid {
        if let known = state.withLock({ $0.grids[key] }) { return known }
        let grid = try draw()
        state.withLock { state in
            if state.bytes + grid.months.byteCount > Self.budget { state = ([:], 0) }
            if state.grids.updateValue(grid, forKey: key) == nil { state.bytes += grid.months.byteCount }
        }
        return grid
    }
}
