/// A knock-back a member logged: what kind, how much it hurt, a few words if they like, when it happened, and when
/// (if ever) they said they had moved on. The note is sealed in storage; here it is open, for its owner only.
public struct Setback: Sendable, Equatable, Identifiable {
    public let id: SetbackID
    public let kind: SetbackKind
    public let hurt: SetbackHurt
    public let note: String
    /// Seconds since 1970.
    public let happenedAt: Int
    /// The member's own day it happened on, as it was where they were when they logged it.
    public let day: Day
    public let loggedAt: Int
    public let movedOnAt: Int?
    /// Words were kept that this server cannot open now (started without the key that sealed them).
    public let wordsUnreadable: Bool

    public init(id: SetbackID, kind: SetbackKind, hurt: SetbackHurt, note: String, happenedAt: Int, day: Day, loggedAt: Int,
                movedOnAt: Int?, wordsUnreadable: Bool = false) {
        self.id = id
        self.kind = kind
        self.hurt = hurt
        self.note = note
        self.happenedAt = happenedAt
        self.day = day
        self.loggedAt = loggedAt
        self.movedOnAt = movedOnAt
        self.wordsUnreadable = wordsUnreadable
    }

    /// Longest note, in characters: a few sentences.
    public static let noteLimit = 1000

    /// How long moving on took, when the member has said they have.
    public func recovery(in timeZone: String) -> RecoveryTime? {
        movedOnAt.map { RecoveryTime(from: happenedAt, to: $0, in: timeZone) }
    }
}

/// The seed's five kinds, and work, because our members are at work (a rejected idea, a missed promotion, hard feedback).
public enum SetbackKind: String, Sendable, CaseIterable, Codable {
    case dating, job, work, social, academic, other

    public var label: String {
        switch self {
        case .dating: "Dating"
        case .job: "Job"
        case .work: "Work"
        case .social: "Social"
        case .academic: "Academic"
        case .other: "Other"
        }
    }

    /// A line under the choice, so the six are told apart at a glance.
    public var examples: String {
        switch self {
        case .dating: "Ghosted, or a match gone quiet"
        case .job: "An application or an interview"
        case .work: "An idea, a promotion, feedback"
        case .social: "A friend, or being left out"
        case .academic: "A grade, a place or a paper"
        case .other: "Anything else"
        }
    }

    /// Inside a sentence: "3 of your last 5 setbacks were about job applications."
    public var about: String {
        switch self {
        case .dating: "about dating"
        case .job: "about job applications"
        case .work: "at work"
        case .social: "about friends and social life"
        case .academic: "about studies"
        case .other: "about other things"
        }
    }
}

/// How much it hurt, 1 to 10, each step with its own words (and on the page its own face, as the seed's slider).
public struct SetbackHurt: Sendable, Hashable, Comparable {
    public let value: Int

    public init?(_ value: Int) {
        guard Self.range.contains(value) else { return nil }
        self.value = value
    }

    public static let range = 1...10
    /// Where the form starts, as the seed's slider does.
    public static let usual = SetbackHurt(5)!
    /// From here the saved page offers help a person can act on at once, before anything else.
    public static let heavy = 8

    public var isHeavy: Bool { value >= Self.heavy }

    public var words: String {
        switch value {
        case 1: "Barely"
        case 2: "A little"
        case 3: "A bit"
        case 4: "It stung"
        case 5: "It hurt"
        case 6: "Quite a lot"
        case 7: "A lot"
        case 8: "Really badly"
        case 9: "Very badly"
        default: "As much as anything has"
        }
    }

    public static func < (a: SetbackHurt, b: SetbackHurt) -> Bool { a.value < b.value }
}

/// How long moving on took, as a person would say it. Under a day it is hours; from a day on it is the member's own
/// calendar days between the two (so a stretch over a clock change is still "2 days", never 47 hours rounded down).
public struct RecoveryTime: Sendable, Equatable {
    public let seconds: Int
    /// Whole local days between the day it happened and the day they moved on; 0 within the same 24 hours.
    public let days: Int

    public init(from happenedAt: Int, to movedOnAt: Int, in timeZone: String) {
        // Bounded before arithmetic: a moment before the setback counts as no time; years are plenty.
        let seconds = min(max(0, movedOnAt - happenedAt), 100 * 366 * 86_400)
        self.seconds = seconds
        if seconds < 86_400 {
            days = 0
        } else {
            let first = Day.of(happenedAt, in: timeZone), last = Day.of(happenedAt + seconds, in: timeZone)
            days = max(1, last.ordinal - first.ordinal)
        }
    }

    public var words: String {
        if days == 0 {
            let hours = seconds / 3600
            return hours < 1 ? "less than an hour" : hours == 1 ? "1 hour" : "\(hours) hours"
        }
        return days == 1 ? "1 day" : "\(days) days"
    }

    /// Days as a fraction, for medians and the chart (hours count as part of a day).
    public var dayValue: Double { days == 0 ? Double(seconds) / 86_400 : Double(days) }
}
