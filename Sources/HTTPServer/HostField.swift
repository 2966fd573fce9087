/// The `Host` field's grammar (RFC 9112 §3.2, RFC 3986 §3.2.2): `uri-host [ ":" port ]`, where uri-host is
/// an IP literal in brackets, or a reg-name of unreserved characters, percent-escapes and sub-delims.
/// Anything else, a space, a slash, an `@` or a second colon, makes the request a 400: such a value can
/// mean one host to us and another to a proxy or a mail template.
enum HostField {
    static func isValid(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count <= 255 else { return false }
        if bytes.isEmpty { return true }  // allowed when the target has no authority (RFC 9112 §3.2)
        var index = 0
        if bytes[0] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 1 else { return false }
            guard bytes[1..<close].allSatisfy({ ASCII.hexValue($0) != nil || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
            else { return false }
            index = close + 1
        } else {
            while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, ASCII.hexValue(bytes[index + 1]) != nil, ASCII.hexValue(bytes[index + 2]) != nil
                    else { return false }
                    index += 3
                    continue
                }
                guard isRegNameByte[Int(byte)] else { return false }
                index += 1
            }
        }
        guard index < bytes.count else { return true }
        // ":" port, where port is at most five digits (RFC 3986 allows any count; nothing real needs more).
        guard bytes[index] == UInt8(ascii: ":") else { return false }
        let port = bytes[(index + 1)...]
        return port.count <= 5 && port.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// unreserved / sub-delims (RFC 3986 §2.2–2.3).
    private static let isRegNameByte: [Bool] = (0...255).map { byte in
        switch byte {
        case 48...57, 65...90, 97...122: true
        case 45, 46, 95, 126: true  // - . _ ~
        case 33, 36, 38, 39, 40, 41, 42, 43, 44, 59, 61: true  // ! $ & ' ( ) * + , ; =
        default: false
        }
    }
}
