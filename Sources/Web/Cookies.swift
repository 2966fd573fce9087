import HTTPServer

/// Cookies a request sent (RFC 6265 §5.4): `name=value` pairs separated by `; `.
public struct RequestCookies: Sendable, Equatable {
    public private(set) var values: [String: String] = [:]

    public init(headers: HTTPHeaders) {
        for header in headers.values("Cookie") {
            for part in header.split(separator: ";") {
                let pair = part.drop { $0 == " " }
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let name = String(pair[..<equals])
                var value = pair[pair.index(after: equals)...]
                if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
                // The first of two cookies with one name is the more specific path; keep it.
                if !name.isEmpty, values[name] == nil { values[name] = String(value) }
            }
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
