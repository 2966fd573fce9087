import Foundation

/// A calendar date without a time, in the Gregorian calendar: what "a person's day" is.
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Day.daysIn(year: year, month: month)).contains(day) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// "2026-11-22".
    public init?(_ text: String) {
        // Read from the bytes in place: the calendar parses every day of a year's history on each visit.
        var text = text
        let parts: (Int, Int, Int)? = text.withUTF8 { bytes in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                    value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                }
                return value
            }
            guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
            return (y, m, d)
        }
        guard let (y, m, d) = parts else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// "2026-01-05". Written digit by digit: a year view writes hundreds, and three padded Strings joined were a
    /// tenth of its time.
    public var description: String {
        guard (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else {
            return Digits.padded(year, 4) + "-" + Digits.padded(month, 2) + "-" + Digits.padded(day, 2)
        }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(value) }
            buffer[0] = digit(year / 1000); buffer[1] = digit(year / 100 % 10); buffer[2] = digit(year / 10 % 10); buffer[3] = digit(year % 10)
            buffer[4] = UInt8(ascii: "-"); buffer[5] = digit(month / 10); buffer[6] = digit(month % 10)
            buffer[7] = UInt8(ascii: "-"); buffer[8] = digit(day / 10); buffer[9] = digit(day % 10)
            return 10
        }
    }

    public static func < (a: Day, b: Day) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (a proleptic Gregorian day number), for arithmetic.
    public var ordinal: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(ordinal: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    public func adding(days: Int) -> Day { Day(ordinal: ordinal + days) }

    /// 0 = Monday … 6 = Sunday.
    public var weekdayFromMonday: Int { ((ordinal % 7) + 7 + 3) % 7 }

    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                    "October", "November", "December"]
    public static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "22 November 2026".
    public var mediumText: String { "\(day) \(Day.monthNames[month - 1]) \(year)" }

    /// "Sunday 22 November 2026".
    public var longText: String {
        "\(Day.weekdayNames[weekdayFromMonday]) \(day) \(Day.monthNames[month - 1]) \(year)"
    }

    /// The day `epoch` falls on in `timeZone`: arithmetic on the wall clock, with no text made and read back (a year
    /// of setbacks asks this thousands of times for one page).
    public static func of(_ epoch: Int, in timeZone: String) -> Day {
        LocalMoment(epoch, in: timeZone).day
    }
}

/// What happened on one day.
public struct DaySummary: Sendable, Equatable {
    public let day: Day
    public let runs: Int
    /// How many of the day's runs were rated, and the sum of those moods.
    public let rated: Int
    public let moodTotal: Int

    public init(day: Day, runs: Int, rated: Int, moodTotal: Int) {
        self.day = day
        self.runs = runs
        self.rated = rated
        self.moodTotal = moodTotal
    }

    /// Average mood of the day's rated runs, if any were rated.
    public var averageMood: Double? { rated > 0 ? Double(moodTotal) / Double(rated) : nil }

    /// 1…5 on the calendar's calm scale (never red), from the average mood; nil when nothing was rated.
    public var tint: Int? {
        averageMood.map { min(5, max(1, Int((($0 - 1) / 2).rounded(.down)) + 1)) }
    }
}

extension Collection where Element == DaySummary {
    /// Resets across these days.
    public var runs: Int { reduce(0) { $0 + $1.runs } }

    /// The average of every rated run across these days (not of the days' averages); nil when none was rated.
    public var averageMood: Double? {
        let rated = reduce(0) { $0 + $1.rated }
        return rated > 0 ? Double(reduce(0) { $0 + $1.moodTotal }) / Double(rated) : nil
    }
}

/// Streaks of days with at least one reset. Streaks are information, never pressure.
public enum Streaks {
    /// Days in a row, ending today or yesterday (today may still come), and the longest run of days ever.
    public static func of(days: [Day], today: Day) -> (current: Int, longest: Int) {
        let sorted = Array(Set(days.map(\.ordinal))).sorted()
        var longest = 0, run = 0, previous: Int?
        for day in sorted {
            run = previous.map { day - $0 == 1 } == true ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        let set = Set(sorted)
        var cursor = set.contains(today.ordinal) ? today.ordinal : today.ordinal - 1
        var current = 0
        while set.contains(cursor) {
            current += 1
            cursor -= 1
        }
        return (current, longest)
    }
}

/// The weeks of one month for a grid: `nil` for the blanks before the 1st and after the last day.
public enum MonthGrid {
    public static func weeks(year: Int, month: Int, weekStartsOnSunday: Bool) -> [[Day?]] {
        guard let first = Day(year: year, month: month, day: 1) else { return [] }
        let offset = weekStartsOnSunday ? (first.weekdayFromMonday + 1) % 7 : first.weekdayFromMonday
        var cells: [Day?] = Array(repeating: nil, count: offset)
        for number in 1...Day.daysIn(year: year, month: month) { cells.append(Day(year: year, month: month, day: number)) }
        while cells.count % 7 != 0 { cells.append(nil) }
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<($0 + 7)]) }
    }

    /// Weekday names in the order the grid shows them.
    public static func weekdays(weekStartsOnSunday: Bool) -> [String] {
        weekStartsOnSunday ? ["Sunday"] + Day.weekdayNames.dropLast() : Day.weekdayNames
    }
}
