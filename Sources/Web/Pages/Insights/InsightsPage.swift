/// `insights/index`: what the person's own data shows, each finding in words with its numbers, or "not enough yet".
struct InsightsPage: CompiledView {
    struct Section: Sendable {
        let number: Int
        let title: String
        let lines: [String]
        /// Why there is nothing to say yet.
        let notEnough: String?
        /// The way on from an empty state: "Check in today", "Choose a reset".
        let nextPath: String
        let nextLabel: String
        let chart: BarChart?
        var hasLines: Bool { !lines.isEmpty }
    }

    let sections: [Section]
}
