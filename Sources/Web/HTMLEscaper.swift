/// HTML escaping for the compiled views, on bytes: exactly the five characters Mustache escapes (`< > & " '`), so
/// the tests can render the same templates through swift-mustache with this escaper and compare. Text with nothing to
/// escape, the common case, is returned as it is.
struct HTMLEscaper {

    func escapeText(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 < UInt8(ascii: "?") && Self.replacement(for: $0) != nil }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            Self.append(bytes, escapedTo: &out)
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }

    /// `bytes` appended to `out` with the five characters escaped: the one place that knows how (HTMLFragment
    /// writes through it too).
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, escapedTo out: inout [UInt8]) {
        // Runs of plain bytes are copied whole; a byte at a time was most of a feed page's escaping.
        var plainStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            // All five are below "?", so most bytes are settled by the first comparison.
            guard byte < UInt8(ascii: "?"), let replacement = replacement(for: byte) else { continue }
            if plainStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index])) }
            out.append(contentsOf: replacement)
            plainStart = index + 1
        }
        if plainStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...])) }
    }

    private static func replacement(for byte: UInt8) -> [UInt8]? {
        switch byte {
        case UInt8(ascii: "<"): lessThan
        case UInt8(ascii: ">"): greaterThan
        case UInt8(ascii: "&"): ampersand
        case UInt8(ascii: "\""): quote
        case UInt8(ascii: "'"): apostrophe
        default: nil
        }
    }

    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let ampersand = Array("&amp;".utf8)
    private static let quote = Array("&quot;".utf8)
    private static let apostrophe = Array("&#39;".utf8)
}
