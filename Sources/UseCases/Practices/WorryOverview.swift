import Domain

/// What the worry page shows of a person's worries, read together: their worry time, the worries not yet sorted and
/// the parked ones (oldest first, at most `Worries.listLimit` each), and how many actions are not yet done. A page
/// keeps it under the person's history version, which their worries and worry time move on (the schema's triggers).
public struct WorryOverview: Sendable, Equatable {
    public let time: WorryTime?
    public let open: [Worry]
    public let parked: [Worry]
    public let actionsToDo: Int

    public init(time: WorryTime?, open: [Worry], parked: [Worry], actionsToDo: Int) {
        self.time = time
        self.open = open
        self.parked = parked
        self.actionsToDo = actionsToDo
    }

    /// Worry time's next worry to revisit on `today` (the oldest parked one not kept for later), and how many are
    /// waiting.
    public func nextToRevisit(on today: Day) -> (worry: Worry?, waiting: Int) {
        let due = parked.filter { $0.isDue(on: today) }
        return (due.first, due.count)
    }

    /// A rough size in bytes, for a budget of kept overviews.
    public var size: Int {
        (open + parked).reduce(128) { $0 + 96 + $1.text.utf8.count + $1.step.utf8.count }
    }
}
