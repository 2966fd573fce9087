import Foundation

/// The practices beside the resets, kept as data (`Content/practices.json`): the containment practice, the body
/// practices for the vagus nerve and the practice timer, with the breathing paces the timer offers. Checked whole
/// when it is read, so a practice without steps or a pace out of range stops the server at start-up.
public struct PracticeLibrary: Sendable {
    public enum Kind: String, Sendable, Decodable {
        case containment, body, timer
    }

    /// A practice's step is a reset's: a title and its lines, with the cue its words ask for read once, when the
    /// library loads (read on every request, Foundation's string search was a quarter of a practice step's page).
    public typealias Step = ResetStep

    public struct Practice: Sendable, Decodable, Equatable {
        /// Its address, `/practices/<slug>`, and what a session records.
        public let slug: String
        public let kind: Kind
        public let title: String
        public let summary: String
        /// Why it helps, in one line.
        public let why: String
        /// About how long it takes (the timer's default).
        public let minutes: Int
        /// A word of care shown before it starts, where one is needed.
        public let safety: String?
        public let steps: [Step]
    }

    /// A breathing pace for the timer.
    public struct Pace: Sendable, Decodable, Equatable {
        public let id: String
        public let inSeconds: Int
        public let outSeconds: Int
        public let label: String
        public let hint: String
    }

    public enum Problem: Error, Equatable, Sendable {
        case unreadable(String)
        case invalid(String)
    }

    public let practices: [Practice]
    public let paces: [Pace]

    /// The timer's bounds, in minutes.
    public static let timerMinutes = 1...20

    public init(path: String) throws(Problem) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable("no file at \(path)") }
        try self.init(json: data)
    }

    public init(json: Data) throws(Problem) {
        struct File: Decodable {
            let practices: [Practice]
            let paces: [Pace]
        }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: json) } catch { throw .invalid("\(error)") }
        let slugs = file.practices.map(\.slug)
        guard Set(slugs).count == slugs.count,
              slugs.allSatisfy({ (1...40).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") } })
        else { throw .invalid("practice slugs must be unique, short, lower case") }
        for practice in file.practices {
            guard Self.timerMinutes.contains(practice.minutes) else { throw .invalid("\(practice.slug): minutes out of range") }
            guard (practice.kind == .timer) == practice.steps.isEmpty else { throw .invalid("\(practice.slug): only the timer has no steps") }
            guard practice.steps.count <= 12, practice.steps.allSatisfy({ !$0.lines.isEmpty }) else { throw .invalid("\(practice.slug): a step without words") }
        }
        guard file.practices.contains(where: { $0.kind == .containment }), file.practices.filter({ $0.kind == .body }).count >= 4,
              file.practices.filter({ $0.kind == .timer }).count == 1 else {
            throw .invalid("the containment practice, at least four body practices and one timer are needed")
        }
        let paceIDs = file.paces.map(\.id)
        guard !file.paces.isEmpty, Set(paceIDs).count == paceIDs.count,
              file.paces.allSatisfy({ (1...15).contains($0.inSeconds) && (1...15).contains($0.outSeconds) && (1...20).contains($0.id.count) })
        else { throw .invalid("paces must be unique, with counts from 1 to 15") }
        practices = file.practices
        paces = file.paces
    }

    public func practice(_ slug: String) -> Practice? { practices.first { $0.slug == slug } }
    public func pace(_ id: String) -> Pace? { paces.first { $0.id == id } }
    public var timer: Practice? { practices.first { $0.kind == .timer } }
}

/// One time a member did a practice: which, how long, at what pace, and how they felt before and after if they said.
public struct PracticeSession: Sendable, Equatable, Identifiable {
    public let id: PracticeSessionID
    public let practice: String
    public let minutes: Int
    public let pace: String?
    public let moodBefore: Int?
    public let moodAfter: Int?
    /// The member's own day it began.
    public let day: Day
    public let startedAt: Int
    /// Set by Done; a session never finished is not shown as done anywhere.
    public let finishedAt: Int?

    public init(id: PracticeSessionID, practice: String, minutes: Int, pace: String?, moodBefore: Int?, moodAfter: Int?, day: Day,
                startedAt: Int, finishedAt: Int?) {
        self.id = id
        self.practice = practice
        self.minutes = minutes
        self.pace = pace
        self.moodBefore = moodBefore
        self.moodAfter = moodAfter
        self.day = day
        self.startedAt = startedAt
        self.finishedAt = finishedAt
    }
}
