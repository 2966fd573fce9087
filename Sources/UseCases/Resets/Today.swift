import Domain

/// A member's day so far, as the home page and a reset's introduction show it: the free resets left, today's
/// unfinished runs with their resets (newest first) and the mood after the latest rated reset. It depends on their
/// runs and subscription (both move their history version on), the organisation's settings and resets (its
/// configuration version), their role and email, the day, and the clock only until `holdsUntil`.
public struct Today: Sendable {
    public let allowance: Allowance
    public let unfinished: [(Run, Reset)]
    public let lastMood: Int?
    /// When the allowance changes with the clock alone (a cancelled subscription's paid time, or a failed payment's
    /// grace, ends); nil when only a change to the data can change it.
    public let holdsUntil: Int?

    public init(allowance: Allowance, unfinished: [(Run, Reset)], lastMood: Int?, holdsUntil: Int?) {
        self.allowance = allowance
        self.unfinished = unfinished
        self.lastMood = lastMood
        self.holdsUntil = holdsUntil
    }

    /// Whether this is still today's answer at `now` (the same day, and nothing in the data changed).
    public func holds(at now: Int) -> Bool { holdsUntil.map { now < $0 } ?? true }
}
