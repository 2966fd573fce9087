/// `insights/digest`: the last seven days, last week's intention and a field for the next, and the weekly email.
struct DigestPage: FormPage {
    /// "Monday 16 November to Sunday 22 November".
    let range: String
    let headline: String
    let bestDay: String?
    /// What helped this week, a line each.
    let helped: [String]
    /// The seven days' check-ins as bars (the mood scale's colours), and the same in words for screen readers.
    let chart: BarChart?
    let chartWords: String
    let lastWeeksIntention: String?
    /// This week's intention, or what was typed.
    let intention: String
    let intentionLimit: Int
    let emailOn: Bool
    let errors: FormErrors
    var hasFacts: Bool { bestDay != nil || !helped.isEmpty }
    var error_intention: String? { errors["intention"] }
}
