import Domain

/// What a day's colour follows: the resets' average mood, or the check-in's rating (Horrible to Great, five tints).
struct DayColours: Sendable {
    let checkIns: [Day: CheckInRating]
    let followCheckIns: Bool

    func tint(_ day: Day, _ summary: DaySummary?) -> Int? {
        followCheckIns ? checkIns[day]?.rawValue : summary?.tint
    }

    func checkIn(_ day: Day) -> CheckInRating? { checkIns.isEmpty ? nil : checkIns[day] }

    /// The colour key (`partials/calendar-legend`) for what the colours follow.
    var legend: CalendarLegend { followCheckIns ? .checkIns : .moods }
}

/// The colour key under a calendar.
struct CalendarLegend: Sendable {
    struct Item: Sendable {
        let level: Int
        let label: String
    }

    let legendTitle: String
    let legend: [Item]
    let legendNone: String

    static let moods = CalendarLegend(legendTitle: "Average mood:", legend: (1...5).map { Item(level: $0, label: ["1–2", "3–4", "5–6", "7–8", "9–10"][$0 - 1]) },
                                      legendNone: "no rating")
    static let checkIns = CalendarLegend(legendTitle: "Check-in:", legend: CheckInRating.allCases.map { Item(level: $0.rawValue, label: $0.label) },
                                         legendNone: "no check-in")
}

/// One day of a calendar grid, for the month's table and the year's small squares.
struct CalendarCell: Sendable {
    /// A place in the grid outside the month.
    let blank: Bool
    /// The year filtered to one weekday: the others keep their place, empty.
    let filteredOut: Bool
    /// A square the year draws empty: outside the month, or a weekday filtered out.
    var isEmptySquare: Bool { blank || filteredOut }
    let tint: Int?
    let today: Bool
    /// The day's page: on the month, days with resets or a check-in; on the year, every day so far.
    let path: String?
    let number: Int
    /// Resets that day, when there were any.
    let runs: Int?
    /// The day's words for screen readers: "3 November: 2 resets, average mood 6.5 (today)".
    let label: String

    static let empty = CalendarCell(blank: true, filteredOut: false, tint: nil, today: false, path: nil, number: 0, runs: nil, label: "")
    static let filtered = CalendarCell(blank: false, filteredOut: true, tint: nil, today: false, path: nil, number: 0, runs: nil, label: "")

    static func label(_ day: Day, _ summary: DaySummary?, checkIn: CheckInRating?, today: Day) -> String {
        var text = "\(day.day) \(Day.monthNames[day.month - 1])"
        if let summary {
            text += ": \(summary.runs) \(summary.runs == 1 ? "reset" : "resets")"
            if let mood = summary.averageMood { text += ", average mood " + Digits.oneDecimalOrWhole(mood) }
        } else {
            text += ": no resets"
        }
        if let checkIn { text += ", checked in: " + checkIn.label }
        if day == today { text += " (today)" }
        return text
    }
}

/// A week of a calendar grid.
struct CalendarWeek: Sendable {
    let days: [CalendarCell]

    /// The weeks of `weeks` (nil outside the month) with each day's summary (`summaries` ordered by day, as the grid
    /// walks them: one pass, no dictionary) made into a cell by `cell`.
    static func rows(_ weeks: [[Day?]], _ summaries: [DaySummary], cell: (Day, DaySummary?) -> CalendarCell) -> [CalendarWeek] {
        var next = 0
        return weeks.map { week in
            CalendarWeek(days: week.map { day in
                guard let day else { return .empty }
                while next < summaries.count, summaries[next].day < day { next += 1 }
                return cell(day, next < summaries.count && summaries[next].day == day ? summaries[next] : nil)
            })
        }
    }
}
