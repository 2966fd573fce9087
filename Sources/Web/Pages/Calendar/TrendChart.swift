import Domain

/// The last 30 days of moods after resets as an SVG line (in `calendar/month`), with words for those who do not see it.
/// The geometry is here and only here; the template places what this works out.
struct TrendChart: Sendable {
    struct Gridline: Sendable {
        let mood: Int
        let y: String
        let labelY: String
    }

    struct Dot: Sendable {
        let cx: String
        let cy: String
    }

    /// The plot area sits inside room for the axes' labels: moods 1, 5 and 10 up the left, dates along the bottom.
    static let left = 30.0, right = 310.0, top = 10.0, bottom = 120.0

    /// Nil when there is nothing to draw.
    let trendPoints: String?
    let gridlines: [Gridline]
    let dots: [Dot]
    let trendStart: String
    let trendEnd = "Today"
    /// Facts, never a verdict: how often, the average, the highest.
    let trendSummary: String

    /// From `summaries` of the 30 days from `start`, ordered by day.
    init(_ summaries: [DaySummary], start: Day) {
        trendStart = "\(start.day) \(Day.monthNames[start.month - 1].prefix(3))"
        let rated = summaries.filter { $0.averageMood != nil }
        guard !rated.isEmpty, let best = rated.max(by: { ($0.averageMood ?? 0) < ($1.averageMood ?? 0) }) else {
            trendPoints = nil
            gridlines = []
            dots = []
            trendSummary = "There are no mood ratings in the last 30 days yet."
            return
        }
        func y(_ mood: Double) -> Double { Self.top + (1 - (mood - 1) / 9) * (Self.bottom - Self.top) }
        let points = rated.map { summary -> (x: Double, y: Double) in
            (Self.left + Double(summary.day.ordinal - start.ordinal) / 29 * (Self.right - Self.left), y(summary.averageMood ?? 1))
        }
        trendPoints = points.map { Digits.oneDecimal($0.x) + "," + Digits.oneDecimal($0.y) }.joined(separator: " ")
        gridlines = [1, 5, 10].map { Gridline(mood: $0, y: Digits.oneDecimal(y(Double($0))), labelY: Digits.oneDecimal(y(Double($0)) + 4)) }
        dots = points.map { Dot(cx: Digits.oneDecimal($0.x), cy: Digits.oneDecimal($0.y)) }
        trendSummary = "In the last 30 days you rated your mood on \(rated.count) day\(rated.count == 1 ? "" : "s"), "
            + "\(Digits.oneDecimalOrWhole(rated.averageMood ?? 0)) out of 10 on average. Your highest was \(Digits.oneDecimalOrWhole(best.averageMood ?? 0)), "
            + "on \(best.day.longText)."
    }
}
