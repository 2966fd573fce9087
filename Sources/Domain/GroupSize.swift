/// The smallest group of people a figure shown to an organisation may describe. Employers see only aggregates; a
/// figure from fewer people than this is hidden, and so is anything that would let it be worked out by subtraction.
public enum GroupSize {
    /// Where every organisation starts.
    public static let standard = 10
    /// No organisation may go below this, whatever it chooses.
    public static let floor = 5
    public static let ceiling = 1000

    /// The cells of a breakdown to hide, given how many distinct people are behind each (`people`) and a way to count
    /// the distinct people behind any set of cells together (`union`).
    ///
    /// First every cell from fewer than `minimum` people. Then, because a breakdown's total can be known (shown, or
    /// added up from another table), the hidden cells together must also cover at least `minimum` people, or the total
    /// minus the shown cells would describe a small group: while they do not, the smallest shown cell is hidden too.
    /// A cell from nobody (zero people) says nothing about anyone and is never hidden.
    public static func hidden<Key: Hashable & Comparable>(people: [Key: Int], minimum: Int,
                                                          union: (Set<Key>) throws -> Int) rethrows -> Set<Key> {
        var hidden = Set(people.filter { $0.value > 0 && $0.value < minimum }.keys)
        while !hidden.isEmpty, try union(hidden) < minimum {
            // The smallest cell still shown (by people, then key, so the choice never depends on a dictionary's order).
            guard let next = people.filter({ $0.value > 0 && !hidden.contains($0.key) })
                .min(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { break }
            hidden.insert(next.key)
        }
        return hidden
    }

    /// Whether a part of a group may be shown beside the whole: the part and the rest are each empty or at least
    /// `minimum` people (the rest is the whole minus the part, so showing both would show it).
    public static func partMayBeShown(partPeople: Int, restPeople: Int, minimum: Int) -> Bool {
        (partPeople == 0 || partPeople >= minimum) && (restPeople == 0 || restPeople >= minimum)
    }
}
