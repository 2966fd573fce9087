/// Byte classes from RFC 9110 §5.6.2 and RFC 9112, as lookup tables so the parser tests a byte in one load.
enum ASCII {
    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let space: UInt8 = 32
    static let tab: UInt8 = 9
    static let colon: UInt8 = 58

    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 {
        (byte >= 65 && byte <= 90) ? byte | 0x20 : byte
    }

    /// tchar: "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
    static let isTokenByte: [Bool] = (0...255).map { byte in
        switch byte {
        case 48...57, 65...90, 97...122: true
        case 33, 35, 36, 37, 38, 39, 42, 43, 45, 46, 94, 95, 96, 124, 126: true
        default: false
        }
    }

    /// field-vchar / SP / HTAB, with obs-text (0x80–0xFF) allowed as RFC 9110 §5.5 still permits.
    static let isFieldValueByte: [Bool] = (0...255).map { byte in
        byte == 9 || (byte >= 32 && byte != 127)
    }

    /// Visible ASCII without spaces: what a request-target may contain (RFC 3986 characters and more, never CTLs).
    static let isTargetByte: [Bool] = (0...255).map { byte in byte > 32 && byte < 127 }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}
