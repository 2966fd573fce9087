import Mustache

/// HTML escaping for templates, byte by byte. It escapes exactly the five characters swift-mustache's
/// own escaper does (`< > & " '`), but swift-mustache walks Characters through a dictionary, which a
/// profile of the fortunes benchmark showed taking a quarter of all CPU. Text with nothing to escape,
/// the common case, is returned as it is.
struct HTMLEscaper: MustacheContentType {
    /// The name templates select it by; the renderer adds the pragma to every template it loads.
    static let name = "RESETT_HTML"
    static let pragma = "{{%CONTENT_TYPE:\(name)}}"

    func escapeText(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { Self.needsEscape[Int($0)] }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            Self.append(bytes, escapedTo: &out)
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }

    /// `bytes` appended to `out` with the five characters escaped: the one place that knows how (HTMLFragment
    /// writes through it too).
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, escapedTo out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"): out.append(contentsOf: lessThan)
            case UInt8(ascii: ">"): out.append(contentsOf: greaterThan)
            case UInt8(ascii: "&"): out.append(contentsOf: ampersand)
            case UInt8(ascii: "\""): out.append(contentsOf: quote)
            case UInt8(ascii: "'"): out.append(contentsOf: apostrophe)
            default: out.append(byte)
            }
        }
    }

    private static let needsEscape: [Bool] = (0...255).map { [60, 62, 38, 34, 39].contains($0) }
    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let ampersand = Array("&amp;".utf8)
    private static let quote = Array("&quot;".utf8)
    private static let apostrophe = Array("&#39;".utf8)
}
