import Foundation

/// A wall-clock moment in a person's own time zone, as a `datetime-local` field sends and shows it ("2026-11-26T09:30").
public struct LocalMoment: Sendable, Equatable {
    public let day: Day
    public let hour: Int
    public let minute: Int

    /// Reads "YYYY-MM-DDTHH:MM" (seconds, if a browser adds them, are ignored); nil for anything else.
    public init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard (16...19).contains(text.utf8.count), let t = text.firstIndex(of: "T") else { return nil }
        let clock = text[text.index(after: t)...].split(separator: ":", omittingEmptySubsequences: false)
        guard let day = Day(String(text[..<t])), clock.count >= 2, clock.count <= 3, clock[0].count == 2, clock[1].count == 2,
              let hour = WholeNumber.parse(String(clock[0]), in: 0...23), let minute = WholeNumber.parse(String(clock[1]), in: 0...59) else { return nil }
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    public init(day: Day, hour: Int, minute: Int) {
        self.day = day
        self.hour = max(0, min(hour, 23))
        self.minute = max(0, min(minute, 59))
    }

    /// The moment `epoch` is on the wall clock in `timeZone`: the one place a person's day, hour and time are read from
    /// an instant (`Day.of`, `LocalDay.of`, `.hour` and `.time` ask here).
    public init(_ epoch: Int, in timeZone: String) {
        // The zone is looked up once, and the day and the time are worked out from the one wall-clock reading; the day
        // rounds down, before 1970 too.
        let local = LocalDay.wallClock(epoch, timeZone)
        let ordinal = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let seconds = local - ordinal * 86_400
        day = Day(ordinal: ordinal)
        hour = seconds / 3600
        minute = seconds % 3600 / 60
    }

    public var text: String { day.description + "T" + clockText }

    /// "09:30".
    public var clockText: String { Digits.padded(hour, 2) + ":" + Digits.padded(minute, 2) }

    /// Seconds since 1970 for this wall-clock time in `timeZone`. A time a clock change skips (01:30 on the morning the
    /// clocks go forward) is read as the moment after the gap; one it repeats, as the first of the two.
    public func epoch(in timeZone: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = LocalDay.zone(timeZone)
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
        return calendar.date(from: components).map { Int($0.timeIntervalSince1970) }
            ?? LocalDay.start(of: day, in: timeZone) + hour * 3600 + minute * 60
    }
}
