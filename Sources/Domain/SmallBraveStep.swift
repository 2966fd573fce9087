/// The day's small brave step (the seed's `generateChallenge`), chosen by rule: the most common kind of the member's
/// last week of setbacks picks the list (none: the self-care list, "other"), and how many days they have done one
/// before picks easy or medium. The day and how many times it was swapped pick within the list, so it is the same all
/// day on every node and a swap always moves on. No points, no streak: nothing is lost by skipping.
public enum SmallBraveStep {
    /// The kind whose list is used: the most common of `recent`; a tie goes to the kind of the most recent of them.
    public static func kind(recent: [Setback]) -> SetbackKind {
        // Counted by each kind's place in a small array, and the tie settled in one pass for the newest setback of a
        // tied kind (newest by moment, then id, as a sort would give): the list page asks on every visit, and grouping
        // into a dictionary, a set and a sorted copy was a twentieth of it.
        let kinds = SetbackKind.allCases
        var counts = [Int](repeating: 0, count: kinds.count)
        for setback in recent { if let place = kinds.firstIndex(of: setback.kind) { counts[place] += 1 } }
        guard let most = counts.max(), most > 0 else { return .other }
        var newest: Setback?
        for setback in recent {
            guard let place = kinds.firstIndex(of: setback.kind), counts[place] == most else { continue }
            if let current = newest, (current.happenedAt, current.id.rawValue) >= (setback.happenedAt, setback.id.rawValue) { continue }
            newest = setback
        }
        return newest?.kind ?? .other
    }

    public static func difficulty(doneBefore: Int, guide: SetbackGuide) -> SetbackGuide.Difficulty {
        doneBefore >= guide.mediumAfterDone ? .medium : .easy
    }

    /// Today's step. `swaps` (bounded by the caller's storage) moves through the kind's whole list from the rule's pick.
    public static func pick(guide: SetbackGuide, recent: [Setback], doneBefore: Int, day: Day, swaps: Int) -> SetbackGuide.Challenge {
        let kind = kind(recent: recent)
        let list = guide.challenges[kind] ?? guide.challenges[.other] ?? []
        let level = difficulty(doneBefore: doneBefore, guide: guide)
        let atLevel = list.indices.filter { list[$0].difficulty == level }
        // A day's ordinal can be negative (before 1970): the remainder is brought into range, never negated.
        let start = atLevel.isEmpty ? 0 : atLevel[((day.ordinal % atLevel.count) + atLevel.count) % atLevel.count]
        return list[(start + max(0, swaps) % list.count) % list.count]
    }
}

/// This week's reality: how many setbacks, of which kinds, and how many moved on from, in the member's week.
public struct SetbackWeek: Sendable, Equatable {
    public let count: Int
    /// "2 job, 1 work", most first.
    public let kinds: [(kind: SetbackKind, count: Int)]
    public let movedOn: Int

    public static func == (a: SetbackWeek, b: SetbackWeek) -> Bool {
        a.count == b.count && a.movedOn == b.movedOn && a.kinds.map(\.kind) == b.kinds.map(\.kind) && a.kinds.map(\.count) == b.kinds.map(\.count)
    }

    /// Setbacks that happened from `first` through `last` (the member's days), and those moved on from then.
    public static func of(_ setbacks: [Setback], from first: Day, through last: Day, timeZone: String) -> SetbackWeek {
        let inWeek = setbacks.filter { (first...last).contains($0.day) }
        let kinds = Dictionary(grouping: inWeek, by: \.kind).map { (kind: $0.key, count: $0.value.count) }
            .sorted { ($0.count, $1.kind.rawValue) > ($1.count, $0.kind.rawValue) }
        let movedOn = setbacks.filter { setback in
            setback.movedOnAt.map { (first...last).contains(Day.of($0, in: timeZone)) } ?? false
        }.count
        return SetbackWeek(count: inWeek.count, kinds: kinds, movedOn: movedOn)
    }

    /// The week in a sentence or two.
    public var words: String {
        guard count > 0 else {
            return movedOn > 0 ? "No new setbacks this week, and you moved on from \(movedOn == 1 ? "one" : String(movedOn))." : "No setbacks logged this week."
        }
        let kindsText = kinds.map { "\($0.count) \($0.kind.label.lowercased())" }.joined(separator: ", ")
        let logged = count == 1 ? "1 setback this week (\(kindsText))." : "\(count) setbacks this week (\(kindsText))."
        let moved = movedOn == 0 ? "" : " You moved on from \(movedOn == 1 ? "one" : String(movedOn))."
        return logged + moved
    }
}
