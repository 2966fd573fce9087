import Foundation
import Synchronization

/// How a run ended.
public enum RunOutcome: String, Sendable, Codable {
    case completed
    case finishedEarly = "finished_early"
}

/// One time a person did a reset.
public struct Run: Sendable, Equatable {
    public let id: String
    public var typedID: RunID { RunID(stored: id) }
    public let accountID: AccountID
    public let resetID: String
    public let emotion: String
    public let startedAt: Int
    /// The person's calendar day when they started, as YYYY-MM-DD in their time zone then.
    public let localDay: String
    /// "07:45": the person's clock time when they started, fixed like the day.
    public let localTime: String
    public let stepCount: Int
    public var stepsReached: Int
    public var outcome: RunOutcome?
    public var finishedAt: Int?
    public var mood: Int?
    public var durationSeconds: Int?
    /// How the person felt before starting, if they said (the brief's moodBefore).
    public var moodBefore: Int?

    public init(id: String, accountID: AccountID, resetID: String, emotion: String, startedAt: Int, localDay: String,
                localTime: String = "00:00", stepCount: Int, stepsReached: Int, outcome: RunOutcome?, finishedAt: Int?, mood: Int?,
                durationSeconds: Int?, moodBefore: Int? = nil) {
        self.id = id
        self.accountID = accountID
        self.resetID = resetID
        self.emotion = emotion
        self.startedAt = startedAt
        self.localDay = localDay
        self.localTime = localTime
        self.stepCount = stepCount
        self.stepsReached = stepsReached
        self.outcome = outcome
        self.finishedAt = finishedAt
        self.mood = mood
        self.durationSeconds = durationSeconds
        self.moodBefore = moodBefore
    }

    public var isFinished: Bool { outcome != nil }
}

/// Calendar days in a person's own time zone. Asked on nearly every request (today's free resets), so the
/// zone is looked up once per name and the date is plain arithmetic on the zone's offset at that instant.
public enum LocalDay {
    private typealias Known = (zone: TimeZone, offsets: ZoneOffsets)
    /// Every zone asked for, and the last one: a page asks the same zone thousands of times (a year of setbacks), and
    /// comparing a short name is cheaper than hashing it.
    private static let zones = Mutex<(all: [String: Known], last: (name: String, known: Known)?)>(([:], nil))

    /// The named zone, or Europe/London for a name the system doesn't know; each looked up once.
    public static func zone(_ name: String) -> TimeZone { known(name).zone }

    private static func known(_ name: String) -> Known {
        let found = zones.withLock { state -> Known? in
            if let last = state.last, last.name == name { return last.known }
            guard let known = state.all[name] else { return nil }
            state.last = (name, known)
            return known
        }
        if let found { return found }
        let zone = TimeZone(identifier: name) ?? TimeZone(identifier: TimeZoneName.fallback)!
        let known = (zone: zone, offsets: ZoneOffsets(zone))
        zones.withLock { state in
            if state.all.count < 1024 { state.all[name] = known }
            state.last = (name, known)
        }
        return known
    }

    /// Seconds since 1970 as the wall clock in `timeZone` shows them (its offset at that instant, DST included).
    static func wallClock(_ epochSeconds: Int, _ timeZone: String) -> Int {
        let (zone, offsets) = known(timeZone)
        return epochSeconds + (offsets.offset(at: epochSeconds) ?? zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epochSeconds))))
    }

    /// "2026-11-22" for `epochSeconds` as seen in `timeZone` (falls back to Europe/London).
    public static func of(_ epochSeconds: Int, in timeZone: String) -> String {
        LocalMoment(epochSeconds, in: timeZone).day.description
    }

    /// The hour (0–23) of `epochSeconds` as seen in `timeZone`.
    public static func hour(_ epochSeconds: Int, in timeZone: String) -> Int {
        LocalMoment(epochSeconds, in: timeZone).hour
    }

    /// "07:45" for `epochSeconds` as seen in `timeZone`.
    public static func time(_ epochSeconds: Int, in timeZone: String) -> String {
        LocalMoment(epochSeconds, in: timeZone).clockText
    }

    /// The first second of `day` in `timeZone`, as seconds since 1970 (for filtering by a person's own days).
    public static func start(of day: Day, in timeZone: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone(timeZone)
        let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
        return date.map { Int($0.timeIntervalSince1970) } ?? day.ordinal * 86400
    }
}

/// The mood scale's bands, from the brief.
public enum MoodScale {
    public static let range = 1...10

    /// The change a reset made, in words a person would use, the numbers beside them: "You went from 4, a little
    /// low, to 7, quite good." Never a verdict when it fell.
    public static func change(from before: Int, to after: Int) -> String {
        let was = words(for: before).lowercased(), now = words(for: after).lowercased()
        if before == after { return "You felt \(after), \(now), before and after." }
        if after > before { return "You went from \(before), \(was), to \(after), \(now)." }
        return "You felt \(before) before and \(after) now. That’s all right: some resets settle in later."
    }

    /// Each point in words, for its accessible name and beside its face.
    public static func words(for mood: Int) -> String {
        switch mood {
        case ...1: "Very low"
        case 2: "Low"
        case 3: "Quite low"
        case 4: "A little low"
        case 5: "So-so"
        case 6: "Okay"
        case 7: "Quite good"
        case 8: "Good"
        case 9: "Very good"
        default: "Great"
        }
    }

    /// 1–3: offer another reset.
    public static func isLow(_ mood: Int) -> Bool { mood <= 3 }

    /// 1–2: offer help a person can act on first, never the paywall.
    public static func isVeryLow(_ mood: Int) -> Bool { mood <= 2 }
}

/// How long something took, in words: "1 second", "45 seconds", "1 minute", "2 minutes 5 seconds".
public enum DurationWords {
    /// A length as a person would say it, within 8 seconds of it: under 100 seconds to the nearest 5 seconds ("75
    /// seconds"), longer to the nearest quarter minute ("1¾ minutes", "2 minutes", "2½ minutes").
    public static func approximately(seconds: Int) -> String {
        let seconds = min(max(0, seconds), 86_400)
        if seconds < 100 {
            let rounded = max(5, (seconds + 2) / 5 * 5)
            return "\(rounded) seconds"
        }
        let quarters = (seconds + 7) / 15
        let whole = quarters / 4, fraction = ["", "¼", "½", "¾"][quarters % 4]
        return whole == 1 && fraction.isEmpty ? "1 minute" : "\(whole)\(fraction) minutes"
    }

    public static func of(seconds: Int) -> String {
        let seconds = max(0, seconds)
        let minutes = seconds / 60, rest = seconds % 60
        let secondsText = "\(rest) second\(rest == 1 ? "" : "s")"
        guard minutes > 0 else { return secondsText }
        let minutesText = "\(minutes) minute\(minutes == 1 ? "" : "s")"
        return rest == 0 ? minutesText : minutesText + " " + secondsText
    }
}

/// Numbers as text without Foundation's `String(format:)`, which a profile of the calendar found taking a sixth of
/// its time (it parses the format and consults the locale on every call).
public enum Digits {
    /// `value` with leading zeros to `width` digits: padded(7, 2) is "07".
    public static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// One decimal place without a trailing ".0": 6.5 is "6.5", 7.0 is "7" (moods and averages as people read them).
    public static func oneDecimalOrWhole(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : oneDecimal(rounded)
    }

    /// One decimal place, rounded half away from zero: 6.25 is "6.3", -0.04 is "0.0".
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let magnitude = tenths.magnitude
        return (tenths < 0 ? "-" : "") + String(magnitude / 10) + "." + String(magnitude % 10)
    }
}
