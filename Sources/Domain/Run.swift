import Foundation

/// How a run ended.
public enum RunOutcome: String, Sendable, Codable {
    case completed
    case finishedEarly = "finished_early"
}

/// One time a person did a reset.
public struct Run: Sendable, Equatable {
    public let id: String
    public var typedID: RunID { RunID(stored: id) }
    public let accountID: String
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

    public init(id: String, accountID: String, resetID: String, emotion: String, startedAt: Int, localDay: String,
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

/// Calendar days in a person's own time zone.
public enum LocalDay {
    /// "2026-11-22" for `epochSeconds` as seen in `timeZone` (falls back to Europe/London).
    public static func of(_ epochSeconds: Int, in timeZone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: TimeZoneName.fallback)!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(epochSeconds)))
        let year = parts.year ?? 1970, month = parts.month ?? 1, day = parts.day ?? 1
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// "07:45" for `epochSeconds` as seen in `timeZone`.
    public static func time(_ epochSeconds: Int, in timeZone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: TimeZoneName.fallback)!
        let parts = calendar.dateComponents([.hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(epochSeconds)))
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The first second of `day` in `timeZone`, as seconds since 1970 (for filtering by a person's own days).
    public static func start(of day: Day, in timeZone: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: TimeZoneName.fallback)!
        let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
        return date.map { Int($0.timeIntervalSince1970) } ?? day.ordinal * 86400
    }
}

/// The mood scale's bands, from the brief.
public enum MoodScale {
    public static let range = 1...10

    public static func emoji(for mood: Int) -> String {
        switch mood {
        case 1...3: "😔"
        case 4...6: "😐"
        case 7...8: "🙂"
        default: "😊"
        }
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
    public static func of(seconds: Int) -> String {
        let seconds = max(0, seconds)
        let minutes = seconds / 60, rest = seconds % 60
        let secondsText = "\(rest) second\(rest == 1 ? "" : "s")"
        guard minutes > 0 else { return secondsText }
        let minutesText = "\(minutes) minute\(minutes == 1 ? "" : "s")"
        return rest == 0 ? minutesText : minutesText + " " + secondsText
    }
}
