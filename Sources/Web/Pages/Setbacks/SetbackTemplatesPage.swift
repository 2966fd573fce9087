/// `setbacks/templates`: every response template at once, each with its own small form to fill its blanks. Filling
/// one shows the finished text on the page, to select or (with script) copy; nothing is kept.
struct SetbackTemplatesPage: FormPage {
    struct Blank: Sendable {
        let id: String
        let name: String
        let label: String
        let value: String
        let hasError: Bool
        /// The blank's own name for the limit, so the field's lookup stays on the blank rather than going out
        /// through the card and the page for every field.
        var limit: Int { SetbackTemplatesHandler.blankLimit }
    }

    struct Card: Sendable {
        let id: String
        let kindLabel: String
        let title: String
        let scenario: String
        let tone: String
        let text: String
        let blanks: [Blank]
        /// The text with the member's words in it, once they have filled this one.
        let finished: String?
        let error: String?
        var hasBlanks: Bool { !blanks.isEmpty }
        var anchor: String { "template-" + id }
    }

    let cards: [Card]
    let errors: FormErrors
}
