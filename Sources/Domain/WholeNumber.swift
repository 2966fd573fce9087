/// A whole number a client typed or put in a URL: ASCII digits only (no sign, space, exponent or hex), at most 18
/// of them so it always fits in an `Int`, and within `range`. Anything else is nil; nothing unbounded reaches
/// arithmetic.
public enum WholeNumber {
    public static func parse(_ text: some StringProtocol, in range: ClosedRange<Int>, digits: ClosedRange<Int> = 1...18) -> Int? {
        let utf8 = text.utf8
        guard digits.contains(utf8.count), utf8.count <= 18, utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let value = Int(text), range.contains(value) else { return nil }
        return value
    }
}
