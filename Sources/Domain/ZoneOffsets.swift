import Foundation

/// A time zone's offsets from UTC, 1970 to 2100, read from the system once: each instant its offset changes and the
/// offset from then on. A person's local day or hour is then a binary search and arithmetic; asking ICU for every
/// instant (a year of setbacks, each with a day and a time) took a lock and a calendar computation each.
final class ZoneOffsets: Sendable {
    /// 2100-01-01T00:00:00Z: past it (and before 1970) the system is asked directly.
    static let end = 4_102_444_800
    /// More changes than any real zone has in these years; a guard, not a limit anyone meets.
    static let maximumChanges = 1000

    /// Ascending: from `starts[i]` the offset is `offsets[i]`; `starts[0]` is 0, 1970-01-01.
    private let starts: [Int]
    private let offsets: [Int]

    init(_ zone: TimeZone) {
        var starts = [0], offsets = [zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0))]
        var after = Date(timeIntervalSince1970: 0)
        while starts.count < Self.maximumChanges, let change = zone.nextDaylightSavingTimeTransition(after: after),
              change.timeIntervalSince1970 < Double(Self.end), change > after {
            let offset = zone.secondsFromGMT(for: change)
            if offset != offsets[offsets.count - 1] {
                starts.append(Int(change.timeIntervalSince1970))
                offsets.append(offset)
            }
            after = change
        }
        self.starts = starts
        self.offsets = offsets
    }

    /// The offset at `epochSeconds`, or nil outside 1970–2100.
    func offset(at epochSeconds: Int) -> Int? {
        guard epochSeconds >= 0, epochSeconds < Self.end else { return nil }
        // The last start at or before the instant.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= epochSeconds { low = middle } else { high = middle - 1 }
        }
        return offsets[low]
    }
}
