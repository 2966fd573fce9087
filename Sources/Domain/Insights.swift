/// What a person's own check-ins and resets show, by plain arithmetic, each in words with the numbers behind it.
/// Nothing is said from fewer data points than it needs: a section without enough says so instead.
public struct Insights: Sendable, Equatable {
    /// One finding: its words, and whether there was enough to say it.
    public struct Section: Sendable, Equatable {
        public let title: String
        public let lines: [String]
        /// "Not enough yet", with how many there are and how many it needs; nil when the lines stand.
        public let notEnough: String?
        /// What gives it more to go on: the way on from an empty state.
        public let source: Source
        /// The same numbers as the lines, for a small chart beside them (empty when there is none).
        public var bars: [Bar] = []
    }

    public enum Source: Sendable, Equatable { case checkIns, resets }

    /// One bar of a section's chart: its label and its count.
    public struct Bar: Sendable, Equatable {
        public let label: String
        public let value: Int

        public init(label: String, value: Int) {
            self.label = label
            self.value = value
        }
    }

    public let sections: [Section]

    /// Minimums before anything is said.
    public static let checkInsForDistribution = 7
    public static let checkInsPerWeekday = 3
    public static let runsPerReset = 3
    public static let daysPerTag = 4

    public static func of(checkIns: [CheckIn], runs: [Run], resetNames: [String: String], today: Day) -> Insights {
        of(checkIns: checkIns, lifts: ResetLift.of(runs), resetNames: resetNames, today: today)
    }

    /// The same from each reset's lifts already summed (by the database, for the insights page).
    public static func of(checkIns: [CheckIn], lifts: [ResetLift], resetNames: [String: String], today: Day) -> Insights {
        Insights(sections: [distribution(checkIns), weekdays(checkIns), resets(lifts, names: resetNames), tags(checkIns),
                            streaks(checkIns, today: today)])
    }

    /// One reset's runs rated before and after: the lifts (after minus before) summed, and how many there were.
    public struct ResetLift: Sendable, Equatable {
        public let resetID: String
        public let total: Int
        public let count: Int

        public init(resetID: String, total: Int, count: Int) {
            self.resetID = resetID
            self.total = total
            self.count = count
        }

        public var average: Double { Double(total) / Double(max(1, count)) }

        /// Summed from runs, in reset id order.
        public static func of(_ runs: [Run]) -> [ResetLift] {
            var lifts: [String: (total: Int, count: Int)] = [:]
            for run in runs {
                guard let before = run.moodBefore, let after = run.mood else { continue }
                lifts[run.resetID, default: (0, 0)].total += after - before
                lifts[run.resetID, default: (0, 0)].count += 1
            }
            return lifts.map { ResetLift(resetID: $0.key, total: $0.value.total, count: $0.value.count) }.sorted { $0.resetID < $1.resetID }
        }
    }

    static func notEnough(_ title: String, have: Int, need: Int, of what: String, source: Source = .checkIns) -> Section {
        Section(title: title, lines: [], notEnough: "Not enough yet: this needs \(need) \(what), and there \(have == 1 ? "is" : "are") \(have) so far.",
                source: source)
    }

    static func distribution(_ checkIns: [CheckIn]) -> Section {
        let title = "How your days have been"
        guard checkIns.count >= checkInsForDistribution else {
            return notEnough(title, have: checkIns.count, need: checkInsForDistribution, of: "check-ins")
        }
        let lines = CheckInRating.allCases.reversed().map { rating -> String in
            let count = checkIns.filter { $0.rating == rating }.count
            return "\(rating.label): \(count) \(count == 1 ? "day" : "days") (\(percent(count, of: checkIns.count)))"
        }
        let bars = CheckInRating.allCases.map { rating in Bar(label: rating.label, value: checkIns.filter { $0.rating == rating }.count) }
        return Section(title: title, lines: ["From \(checkIns.count) check-ins."] + lines, notEnough: nil, source: .checkIns, bars: bars)
    }

    static func weekdays(_ checkIns: [CheckIn]) -> Section {
        let title = "Days of the week"
        var byWeekday: [Int: [Int]] = [:]
        for checkIn in checkIns { byWeekday[checkIn.day.weekdayFromMonday, default: []].append(checkIn.rating.rawValue) }
        let enough = byWeekday.filter { $0.value.count >= checkInsPerWeekday }
        guard enough.count >= 2 else {
            let most = byWeekday.values.map(\.count).max() ?? 0
            return notEnough(title, have: most, need: checkInsPerWeekday, of: "check-ins on at least two weekdays")
        }
        let averages = ranked(enough)
        let best = averages[0], hardest = averages[averages.count - 1]
        var lines = ["\(Day.weekdayNames[best.key])s have been your best days on average (\(Digits.oneDecimalOrWhole(best.average)) out of 5, from \(best.count) check-ins)."]
        if hardest.average < best.average {
            lines.append("\(Day.weekdayNames[hardest.key])s have been harder (\(Digits.oneDecimalOrWhole(hardest.average)) out of 5, from \(hardest.count) check-ins).")
        }
        return Section(title: title, lines: lines, notEnough: nil, source: .checkIns)
    }

    static func resets(_ lifts: [ResetLift], names: [String: String]) -> Section {
        let title = "Resets that lift your mood"
        let enough = lifts.filter { $0.count >= runsPerReset }
        guard !enough.isEmpty else {
            let most = lifts.map(\.count).max() ?? 0
            return notEnough(title, have: most, need: runsPerReset, of: "rated resets (before and after) of one kind", source: .resets)
        }
        // Highest average first; by id on a tie, so the order never depends on the database's.
        let ranked = enough.sorted { left, right in left.average != right.average ? left.average > right.average : left.resetID < right.resetID }
        let lines = ranked.prefix(3).map { reset in
            let change = reset.average >= 0 ? "up \(Digits.oneDecimalOrWhole(reset.average))" : "down \(Digits.oneDecimalOrWhole(-reset.average))"
            return "\(names[reset.resetID] ?? reset.resetID): mood \(change) on average, from \(reset.count) times."
        }
        return Section(title: title, lines: lines, notEnough: nil, source: .resets)
    }

    static func tags(_ checkIns: [CheckIn]) -> Section {
        let title = "What goes with better and harder days"
        var lines: [String] = []
        // Every tag these days carry: the standard ones in their order, then the tenant's by name.
        let present = Set(checkIns.flatMap(\.tags)).sorted { a, b in
            let (i, j) = (CheckInTag.standard.firstIndex(of: a) ?? Int.max, CheckInTag.standard.firstIndex(of: b) ?? Int.max)
            return i != j ? i < j : a.label < b.label
        }
        for tag in present {
            let with = checkIns.filter { $0.tags.contains(tag) }, without = checkIns.filter { !$0.tags.contains(tag) }
            guard with.count >= daysPerTag, without.count >= daysPerTag else { continue }
            let withAverage = average(with), withoutAverage = average(without)
            let difference = withAverage - withoutAverage
            guard difference.magnitude >= 0.5 else { continue }
            lines.append("Days about \(tag.inSentence) averaged \(Digits.oneDecimalOrWhole(withAverage)) out of 5 (\(with.count) days), "
                         + "other days \(Digits.oneDecimalOrWhole(withoutAverage)) (\(without.count) days).")
        }
        guard !lines.isEmpty else {
            return Section(title: title, lines: [], notEnough: "Not enough yet: this needs at least \(daysPerTag) days with a tag and \(daysPerTag) without, and a difference worth mentioning.",
                           source: .checkIns)
        }
        return Section(title: title, lines: lines, notEnough: nil, source: .checkIns)
    }

    static func streaks(_ checkIns: [CheckIn], today: Day) -> Section {
        let title = "Checking in"
        guard !checkIns.isEmpty else { return notEnough(title, have: 0, need: 1, of: "check-in") }
        let (current, longest) = Streaks.of(days: checkIns.map(\.day), today: today)
        // Facts, never pressure: no "don't break it", nothing about days missed.
        var lines = ["You’ve checked in on \(checkIns.count) \(checkIns.count == 1 ? "day" : "days")."]
        lines.append("Your longest run of days in a row: \(longest).")
        if current > 1 { lines.append("You’ve checked in \(current) days in a row now.") }
        return Section(title: title, lines: lines, notEnough: nil, source: .checkIns)
    }

    /// Each group's average, highest first (by key on a tie, so the order never depends on a dictionary's).
    static func ranked<Key: Comparable>(_ groups: [Key: [Int]]) -> [(key: Key, average: Double, count: Int)] {
        var ranked: [(key: Key, average: Double, count: Int)] = []
        for (key, values) in groups {
            let total = values.reduce(0, +)
            ranked.append((key, Double(total) / Double(max(1, values.count)), values.count))
        }
        ranked.sort { left, right in left.average != right.average ? left.average > right.average : left.key < right.key }
        return ranked
    }

    static func average(_ checkIns: [CheckIn]) -> Double {
        Double(checkIns.reduce(0) { $0 + $1.rating.rawValue }) / Double(max(1, checkIns.count))
    }

    static func percent(_ part: Int, of whole: Int) -> String {
        "\(Int((Double(part) / Double(max(1, whole)) * 100).rounded()))%"
    }

}
