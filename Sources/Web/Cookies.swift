import HTTPServer

/// Cookies a request sent (RFC 6265 §5.4): `name=value` pairs separated by `; `.
public struct RequestCookies: Sendable, Equatable {
    public private(set) var values: [String: String] = [:]

    public init(headers: HTTPHeaders) {
        for header in headers.values("Cookie") {
            Self.pairs(in: header) { name, value in
                // The first of two cookies with one name is the more specific path; keep it.
                if values[name] == nil { values[name] = value }
                return false
            }
        }
    }

    /// One cookie's value, without reading the others into a dictionary: what every request asks for its session.
    public static func value(named wanted: String, in headers: HTTPHeaders) -> String? {
        var found: String?
        for header in headers.values("Cookie") where found == nil {
            pairs(in: header) { name, value in
                guard name == wanted else { return false }
                found = value
                return true
            }
        }
        return found
    }

    /// Calls `body` with each `name=value` of a Cookie header in order (a quoted value unquoted, an empty name
    /// skipped) until it returns true. Bytes, not Characters: this runs for every request.
    private static func pairs(in header: String, _ body: (String, String) -> Bool) {
        let bytes = header.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            var pair = bytes[start..<end]
            start = end < bytes.endIndex ? bytes.index(after: end) : end
            while pair.first == UInt8(ascii: " ") { pair = pair.dropFirst() }
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")), equals > pair.startIndex else { continue }
            var value = pair[bytes.index(after: equals)...]
            if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") { value = value.dropFirst().dropLast() }
            if body(String(decoding: pair[..<equals], as: UTF8.self), String(decoding: value, as: UTF8.self)) { return }
        }
    }

    public subscript(name: String) -> String? { values[name] }
}

/// A `Set-Cookie` value. Safe unless told otherwise: HttpOnly, SameSite=Lax, Path=/.
public struct SetCookie: Sendable, Equatable {
    public enum SameSite: String, Sendable { case strict = "Strict", lax = "Lax", none = "None" }

    public var name: String
    public var value: String
    public var path: String = "/"
    public var maxAge: Int?
    public var httpOnly = true
    public var secure = false
    public var sameSite: SameSite = .lax

    public init(name: String, value: String, maxAge: Int? = nil, secure: Bool = false) {
        self.name = name
        self.value = value
        self.maxAge = maxAge
        self.secure = secure
    }

    /// A cookie that tells the browser to forget `name` at once.
    public static func expired(_ name: String, secure: Bool = false) -> SetCookie {
        SetCookie(name: name, value: "", maxAge: 0, secure: secure)
    }

    public var headerValue: String {
        var parts = ["\(Self.clean(name))=\(Self.clean(value))", "Path=\(Self.clean(path))"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if httpOnly { parts.append("HttpOnly") }
        if secure || sameSite == .none { parts.append("Secure") }
        parts.append("SameSite=\(sameSite.rawValue)")
        return parts.joined(separator: "; ")
    }

    /// Only cookie-octets survive (RFC 6265 §4.1.1), so a value can never add an attribute.
    private static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            scalar.value > 0x20 && scalar.value < 0x7F && scalar != ";" && scalar != "," && scalar != "\"" && scalar != "\\"
        }))
    }
}

extension Response {
    public mutating func setCookie(_ cookie: SetCookie) {
        headers.add("Set-Cookie", cookie.headerValue)
    }
}
