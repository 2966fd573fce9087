/// `insights/index`: what the person's own data shows, each finding in words with its numbers, or "not enough yet".
struct InsightsPage: CompiledView {
    struct Section {
        let number: Int
        let title: String
        let lines: [String]
        /// Why there is nothing to say yet.
        let notEnough: String?
        var hasLines: Bool { !lines.isEmpty }
    }

    let sections: [Section]
}
