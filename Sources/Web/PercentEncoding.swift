/// Strict percent-decoding (RFC 3986 §2.1): a `%` must be followed by two hex digits and the result must
/// be valid UTF-8 without NUL, or the input is refused. Nothing is guessed.
enum PercentEncoding {
    /// - Parameter plusIsSpace: true for `application/x-www-form-urlencoded`, where `+` means a space.
    static func decode(_ text: Substring, plusIsSpace: Bool) throws(WebError) -> String {
        let utf8 = text.utf8
        // Fast path: nothing to decode.
        if !utf8.contains(UInt8(ascii: "%")), !(plusIsSpace && utf8.contains(UInt8(ascii: "+"))) {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high != utf8.endIndex else { throw .badRequest("Incomplete percent-encoding.") }
                let low = utf8.index(after: high)
                guard low != utf8.endIndex, let h = hex(utf8[high]), let l = hex(utf8[low]) else {
                    throw .badRequest("Malformed percent-encoding.")
                }
                let decoded = h << 4 | l
                guard decoded != 0 else { throw .badRequest("NUL is not allowed.") }
                bytes.append(decoded)
                index = utf8.index(after: low)
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = utf8.index(after: index)
            }
        }
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw .badRequest("The text is not valid UTF-8.")
        }
        return string
    }

    /// Encodes everything but unreserved characters and `/` (for a path carried in a query value).
    static func encode(_ text: String) -> String { encode(text, keepingSlash: true) }

    /// Encodes everything but unreserved characters, `/` too: one path segment, whatever the text.
    static func encodeSegment(_ text: String) -> String { encode(text, keepingSlash: false) }

    private static func encode(_ text: String, keepingSlash: Bool) -> String {
        // Ids, days and slugs, nearly every value printed into a link, need nothing encoded. Checked over the string's
        // own bytes: through `utf8`'s iterator, each byte was a call (a tenth of a list of thirty links).
        var text = text
        if text.withUTF8({ $0.allSatisfy { isUnreserved($0) || (keepingSlash && $0 == UInt8(ascii: "/")) } }) { return text }
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: "/") where keepingSlash:
                out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}
