/// The last seven days in a few plain sentences: a headline, the best day, what seemed to help.
public struct WeekDigest: Sendable, Equatable {
    public let from: Day
    public let through: Day
    public let headline: String
    public let bestDay: String?
    public let helped: [String]
    /// Each of the seven days, oldest first: its short weekday and its check-in's rating (0 for none), for a chart.
    public let days: [Insights.Bar]

    public static func of(checkIns: [CheckIn], runs: [Run], resetNames: [String: String], today: Day) -> WeekDigest {
        let from = today.adding(days: -6)
        let week = checkIns.filter { $0.day >= from && $0.day <= today }
        let weekRuns = runs.filter { run in Day(run.localDay).map { $0 >= from && $0 <= today } ?? false }
        let headline: String
        if week.isEmpty {
            headline = weekRuns.isEmpty ? "A quiet week here, and that’s all right." : "You made time for \(weekRuns.count) \(weekRuns.count == 1 ? "reset" : "resets") this week."
        } else {
            // The most common rating, the better one on a tie.
            let counts = Dictionary(grouping: week, by: \.rating).mapValues(\.count)
            let usual = counts.max { left, right in left.value != right.value ? left.value < right.value : left.key < right.key }!.key
            headline = "You checked in on \(week.count) of the last 7 days; most were \(usual.label.lowercased())."
        }
        // A best day only among several, and only one worth the name (calling a hard day "best" would be unkind).
        let best = week.count < 2 ? nil
            : week.max { left, right in left.rating != right.rating ? left.rating < right.rating : left.day < right.day }
                .flatMap { $0.rating >= .average ? $0 : nil }
        var helped: [String] = []
        var lifts: [String: [Int]] = [:]
        for run in weekRuns {
            if let before = run.moodBefore, let after = run.mood { lifts[run.resetID, default: []].append(after - before) }
        }
        for (id, changes) in lifts.sorted(by: { $0.key < $1.key }) {
            let total = changes.reduce(0, +)
            if total > 0 {
                helped.append("Your mood lifted by \(total) \(total == 1 ? "point" : "points") after \(changes.count) \(changes.count == 1 ? "reset" : "resets") of \(resetNames[id] ?? id).")
            }
        }
        let goodDays = week.filter { $0.rating >= .good }
        let tags = Dictionary(grouping: goodDays.flatMap(\.tags), by: { $0 }).mapValues(\.count).filter { $0.value >= 2 }
        for (tag, count) in tags.sorted(by: { $0.key.label < $1.key.label }) {
            helped.append("\(count) of your good days were about \(tag.inSentence).")
        }
        let days = (0..<7).map { offset in
            let day = from.adding(days: offset)
            return Insights.Bar(label: String(Day.weekdayNames[day.weekdayFromMonday].prefix(3)),
                                value: week.first { $0.day == day }?.rating.rawValue ?? 0)
        }
        return WeekDigest(from: from, through: today, headline: headline,
                          bestDay: best.map { "\(Day.weekdayNames[$0.day.weekdayFromMonday]) (\($0.rating.label))" }, helped: helped, days: days)
    }

    /// The Monday of `day`'s week: intentions and the weekly email go by it.
    public static func weekStart(of day: Day) -> Day { day.adding(days: -day.weekdayFromMonday) }
}
