/// HTML escaping for the compiled views, on bytes: exactly the five characters Mustache escapes (`< > & " '`), so
/// the tests can render the same templates through swift-mustache with this escaper and compare. Text with nothing to
/// escape, the common case, is returned as it is.
struct HTMLEscaper {

    func escapeText(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 < UInt8(ascii: "?") && Self.replacement(for: $0) != nil }) else { return nil }
            var out = HTMLFragment(capacity: bytes.count + 32)
            Self.append(bytes, escapedTo: &out)
            return out.text
        } ?? text
    }

    /// `bytes` appended to `out` with the five characters escaped: the one place that knows how (HTMLFragment
    /// writes through it too).
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, escapedTo out: inout HTMLFragment) {
        // Runs of plain bytes are copied whole; a byte at a time was most of a feed page's escaping. Eight bytes are
        // checked at once (`hasSpecial`) and a word without any of the five is passed over whole.
        guard let base = bytes.baseAddress else { return }
        var plainStart = 0, index = 0
        let count = bytes.count
        while index < count {
            if count - index >= 8, !hasSpecial(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = base[index]
            // All five are below "?", so most bytes are settled by the first comparison.
            if byte < UInt8(ascii: "?"), let replacement = replacement(for: byte) {
                if plainStart < index { out.append(base + plainStart, count: index - plainStart) }
                out.raw(replacement)
                plainStart = index + 1
            }
            index += 1
        }
        if plainStart < count { out.append(base + plainStart, count: count - plainStart) }
    }

    /// Whether any of a word's eight bytes is one of the five: a byte equal to `c` is a zero byte of `word ^ c…c`,
    /// and `(v - 0x01…01) & ~v & 0x80…80` is non-zero exactly when `v` has a zero byte.
    @inline(__always)
    static func hasSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        return hasZero(word ^ (ones &* 0x3c)) || hasZero(word ^ (ones &* 0x3e)) || hasZero(word ^ (ones &* 0x26))
            || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x27))
    }

    private static func replacement(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "<"): lessThan
        case UInt8(ascii: ">"): greaterThan
        case UInt8(ascii: "&"): ampersand
        case UInt8(ascii: "\""): quote
        case UInt8(ascii: "'"): apostrophe
        default: nil
        }
    }

    private static let lessThan: StaticString = "&lt;"
    private static let greaterThan: StaticString = "&gt;"
    private static let ampersand: StaticString = "&amp;"
    private static let quote: StaticString = "&quot;"
    private static let apostrophe: StaticString = "&#39;"
}
