/// The reminders a member may turn on (Account → Reminders), each off until they do.
public enum ReminderKind: String, Sendable, CaseIterable {
    /// Every day at a time the member chooses.
    case checkIn = "check-in"
    /// Every day when their worry time begins.
    case worryTime = "worry-time"
    /// The day after a setback that hurt 8 or more: "How are you doing today?"
    case setback

    /// How a reminder's email link names it: a number, so nothing in an email says what it is about.
    public var linkCode: String {
        switch self {
        case .checkIn: "1"
        case .worryTime: "2"
        case .setback: "3"
        }
    }

    public init?(linkCode: String) {
        guard let kind = Self.allCases.first(where: { $0.linkCode == linkCode }) else { return nil }
        self = kind
    }
}

/// A window on the member's clock (it may cross midnight) when no reminder is sent: one that falls in it waits until
/// it ends.
public struct QuietHours: Sendable, Equatable {
    public let startMinute: Int
    public let endMinute: Int

    /// 22:00 to 08:00, until the member chooses otherwise.
    public static let standard = QuietHours(startMinute: 22 * 60, endMinute: 8 * 60)!

    public init?(startMinute: Int, endMinute: Int) {
        guard (0..<1440).contains(startMinute), (0..<1440).contains(endMinute), startMinute != endMinute else { return nil }
        self.startMinute = startMinute
        self.endMinute = endMinute
    }

    public func contains(_ minute: Int) -> Bool {
        startMinute < endMinute ? (startMinute..<endMinute).contains(minute) : minute >= startMinute || minute < endMinute
    }
}

/// When reminders fall due, on the member's own clock.
public enum ReminderSchedule {
    /// A reminder found more than this late (the server was down) is skipped, not sent: no flood on the way back.
    public static let lateness = 3600
    /// Never more than one reminder an hour.
    public static let spacing = 3600

    /// The first moment after `now` at which the member's clock in `zone` shows `minute` (moved to the end of quiet
    /// hours when it falls in them). A time the clocks skip in spring is the moment after the gap; one they repeat in
    /// autumn is the first of the two, so a daily reminder comes once a day whatever the clocks do.
    public static func next(after now: Int, minute: Int, in zone: String, quiet: QuietHours?) -> Int {
        let target = quiet.map { $0.contains(minute) ? $0.endMinute : minute } ?? minute
        var day = Day.of(now, in: zone)
        for _ in 0..<3 {
            let at = LocalMoment(day: day, hour: target / 60, minute: target % 60).epoch(in: zone)
            if at > now { return at }
            day = day.adding(days: 1)
        }
        return now + 86_400
    }

    /// "08:30", as a time field shows a minute of the day.
    public static func text(_ minute: Int) -> String { Digits.padded(minute / 60, 2) + ":" + Digits.padded(minute % 60, 2) }
}
