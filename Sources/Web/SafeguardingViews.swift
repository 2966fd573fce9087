/// Crisis help's words shared by the pages that offer it.
enum SafeguardingViews {
    /// The safety phrases as one attribute value: phrases joined by "|" (they hold only letters, digits, apostrophes
    /// and spaces once normalised, so no separator can appear inside one). The template escapes it.
    static func phraseList(_ phrases: [String]) -> String { phrases.joined(separator: "|") }
}
