/// A whole number a client typed or put in a URL: ASCII digits only (no sign, space, exponent or hex), at most 18
/// of them so it always fits in an `Int`, and within `range`. Anything else is nil; nothing unbounded reaches
/// arithmetic.
public enum WholeNumber {
    /// Reads the digits as it checks them, in one pass: inlinable so a route's step number costs no generic call
    /// across the module (through `Int(_:)` it was 3% of a reset step's page).
    @inlinable
    public static func parse(_ text: some StringProtocol, in range: ClosedRange<Int>, digits: ClosedRange<Int> = 1...18) -> Int? {
        var value = 0, count = 0
        for byte in text.utf8 {
            // 18 digits stay below 10^18, well inside Int.max (about 9.2 × 10^18), so this cannot overflow.
            guard byte >= 48, byte <= 57, count < 18 else { return nil }
            value = value &* 10 &+ Int(byte &- 48)
            count += 1
        }
        guard digits.contains(count), range.contains(value) else { return nil }
        return value
    }
}
