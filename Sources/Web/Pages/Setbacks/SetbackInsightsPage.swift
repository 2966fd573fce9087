/// `setbacks/insights`: this week's reality, the patterns the rules find (or "Not enough yet"), and how long moving
/// on has taken month by month, as a chart drawn on the server with the same numbers in words.
struct SetbackInsightsPage: CompiledView, Sendable {
    struct Pattern: Sendable {
        let title: String
        let statement: String
        let insight: String
    }

    let week: String
    let patterns: [Pattern]
    let chart: BarChart?
    /// The chart's numbers in words, month by month.
    let months: [String]
    let total: String

    var hasPatterns: Bool { !patterns.isEmpty }
}
