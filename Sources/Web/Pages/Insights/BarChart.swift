import Domain

/// A few counts as an SVG bar chart (`partials/bar-chart`), beside the words that give the same numbers (the chart is
/// hidden from screen readers for that reason). The geometry is here; the template places it.
struct BarChart: Sendable {
    struct Bar: Sendable {
        let label: String
        /// The number over the bar ("" where a zero means "none", as a day without a check-in).
        let value: String
        let x: String
        let y: String
        let height: String
        let width: String
        let labelX: String
        /// The mood scale's point whose colour it wears, for a rating (Horrible wears 2, Great 10).
        let mood: Int
        /// A day with none has no bar at all, not a sliver.
        var hasBar: Bool { !value.isEmpty }
    }

    static let width = 300.0, plotTop = 16.0, plotBottom = 96.0

    let bars: [Bar]

    /// Nil when there is nothing to draw. `mood` picks each bar's colour from the mood scale (by default a ramp from
    /// the first bar to the last).
    init?(_ bars: [Insights.Bar], zeroIsNone: Bool = false, mood: ((_ index: Int, _ value: Int) -> Int)? = nil) {
        guard !bars.isEmpty, let most = bars.map(\.value).max(), most > 0 else { return nil }
        let step = Self.width / Double(bars.count)
        let barWidth = min(36, step * 0.6)
        self.bars = bars.enumerated().map { index, bar in
            let height = Double(bar.value) / Double(most) * (Self.plotBottom - Self.plotTop)
            let centre = step * (Double(index) + 0.5)
            return Bar(label: bar.label, value: zeroIsNone && bar.value == 0 ? "" : String(bar.value), x: Self.number(centre - barWidth / 2), y: Self.number(Self.plotBottom - height),
                       height: Self.number(max(height, 1)), width: Self.number(barWidth), labelX: Self.number(centre),
                       mood: mood?(index, bar.value) ?? min(10, (index + 1) * 10 / bars.count))
        }
    }

    private static func number(_ value: Double) -> String { String(Int(value.rounded())) }
}
