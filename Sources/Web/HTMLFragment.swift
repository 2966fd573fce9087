/// HTML built in Swift for the few fragments a page repeats hundreds of times (a year's days, a feed's posts):
/// through the templates each would cost dozens of dynamic lookups (a profile of the year view put 70% of its time
/// there). The page around them stays a template; every value passes through the same escaper the templates use.
struct HTMLFragment {
    private(set) var text = ""

    init(capacity: Int = 1024) { text.reserveCapacity(capacity) }

    /// Markup written here, never from data.
    mutating func raw(_ markup: String) { text += markup }

    /// A value: escaped (`< > & " '`).
    mutating func escaped(_ value: String) { text += Self.escaper.escapeText(value) }

    mutating func number(_ value: Int) { text += String(value) }

    private static let escaper = HTMLEscaper()
}
