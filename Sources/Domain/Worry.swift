import Foundation

/// A worry written down and sorted by one question, "Can I do something about this?". Yes makes it an action with a
/// small first step; no parks it for worry time, where it is let go, kept for another day, or turned into an action
/// after all. The words and the step are sealed in storage; here they are open, for their owner only.
public struct Worry: Sendable, Equatable, Identifiable {
    public let id: WorryID
    public let text: String
    public let state: WorryState
    /// The small first step, for an action ("" otherwise).
    public let step: String
    /// The day the member would like to take the step by, if they chose one.
    public let dueDay: Day?
    /// When the step was ticked as done.
    public let doneAt: Int?
    /// A parked worry kept for another day is not brought back in worry time before this day.
    public let revisitDay: Day?
    /// The member's own day it was written on.
    public let day: Day
    public let createdAt: Int
    /// Words were kept that this server cannot open now (started without the key that sealed them).
    public let wordsUnreadable: Bool

    public init(id: WorryID, text: String, state: WorryState, step: String, dueDay: Day?, doneAt: Int?, revisitDay: Day?, day: Day,
                createdAt: Int, wordsUnreadable: Bool = false) {
        self.id = id
        self.text = text
        self.state = state
        self.step = step
        self.dueDay = dueDay
        self.doneAt = doneAt
        self.revisitDay = revisitDay
        self.day = day
        self.createdAt = createdAt
        self.wordsUnreadable = wordsUnreadable
    }

    /// Longest worry, in characters.
    public static let textLimit = 500
    /// Longest first step: small, so it can be done.
    public static let stepLimit = 200

    /// Whether worry time brings it back on `today`: parked, and not kept for a later day.
    public func isDue(on today: Day) -> Bool {
        state == .parked && (revisitDay.map { $0 <= today } ?? true)
    }
}

public enum WorryState: String, Sendable, CaseIterable {
    /// Written, not yet sorted.
    case open
    /// Nothing to do about it now: waiting for worry time.
    case parked
    /// Something can be done: it has a first step.
    case action
    /// Let go in worry time.
    case letGo = "let-go"
}

/// The member's daily worry time: a time on their own clock and 10 to 30 minutes. Measured in real time from the
/// wall-clock start, so a window across midnight is one window, and on the day the clocks change it still lasts as
/// long as it says (a start the clocks skip is moved on by the gap, as the clocks are: 01:30 on the spring morning is 02:30).
public struct WorryTime: Sendable, Equatable {
    /// Minutes after midnight on the member's clock.
    public let startMinute: Int
    public let minutes: Int

    public static let lengths = 10...30

    public init?(startMinute: Int, minutes: Int) {
        guard (0..<1440).contains(startMinute), Self.lengths.contains(minutes) else { return nil }
        self.startMinute = startMinute
        self.minutes = minutes
    }

    /// Reads "HH:MM" as a time field sends it.
    public static func minute(of text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0].count == 2, parts[1].count == 2,
              let hour = WholeNumber.parse(parts[0], in: 0...23), let minute = WholeNumber.parse(parts[1], in: 0...59) else { return nil }
        return hour * 60 + minute
    }

    /// "18:00", as a time field shows it.
    public var startText: String { Digits.padded(startMinute / 60, 2) + ":" + Digits.padded(startMinute % 60, 2) }

    /// When the window that starts on the member's `day` begins, in seconds since 1970.
    public func start(on day: Day, in timeZone: String) -> Int {
        LocalMoment(day: day, hour: startMinute / 60, minute: startMinute % 60).epoch(in: timeZone)
    }

    /// The window open at `now` (today's, or yesterday's still running past midnight): its start and end.
    public func openWindow(at now: Int, in timeZone: String) -> (start: Int, end: Int)? {
        let today = Day.of(now, in: timeZone)
        for day in [today, today.adding(days: -1)] {
            let start = start(on: day, in: timeZone)
            if start <= now && now < start + minutes * 60 { return (start, start + minutes * 60) }
        }
        return nil
    }

    /// The next window's start after `now` (today's if it is still to come, else tomorrow's).
    public func nextStart(after now: Int, in timeZone: String) -> Int {
        let today = Day.of(now, in: timeZone)
        let start = start(on: today, in: timeZone)
        return start > now ? start : self.start(on: today.adding(days: 1), in: timeZone)
    }
}

/// Plain facts about how a member's worries were sorted, for their insights page: only with enough to say (at least
/// `enough` sorted), counts and no verdicts.
public enum WorryFacts {
    public static let enough = 5

    /// The sentence, or nil while fewer than `enough` worries have been sorted.
    public static func sentence(_ counts: [WorryState: Int], actionsDone: Int) -> String? {
        let actions = counts[.action] ?? 0, letGo = counts[.letGo] ?? 0, parked = counts[.parked] ?? 0
        let sorted = actions + letGo + parked
        guard sorted >= enough else { return nil }
        func worries(_ n: Int) -> String { n == 1 ? "1 worry" : "\(n) worries" }
        var sentence = "Of the \(worries(sorted)) you’ve sorted, \(actions) became "
            + (actions == 1 ? "an action" : "actions") + (actions > 0 ? " (\(actionsDone) done)" : "")
            + " and you let go of \(letGo)"
        sentence += parked > 0 ? "; \(parked) \(parked == 1 ? "is" : "are") parked for worry time." : "."
        return sentence
    }
}
