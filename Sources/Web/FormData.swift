/// Name/value pairs from a query string or an `application/x-www-form-urlencoded` body, in order.
public struct FormData: Sendable, Equatable {
    public private(set) var pairs: [(name: String, value: String)]

    public init(pairs: [(String, String)] = []) {
        self.pairs = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// Parses `a=1&b=two+words`. Malformed encoding or invalid UTF-8 is a 400, never a crash or a guess.
    public init(urlEncoded text: Substring) throws(WebError) {
        var pairs: [(name: String, value: String)] = []
        for part in text.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring, value: Substring
            if let equals = part.firstIndex(of: "=") {
                name = part[..<equals]
                value = part[part.index(after: equals)...]
            } else {
                name = part
                value = ""
            }
            pairs.append((name: try PercentEncoding.decode(name, plusIsSpace: true),
                          value: try PercentEncoding.decode(value, plusIsSpace: true)))
        }
        self.pairs = pairs
    }

    public init(urlEncoded bytes: [UInt8]) throws(WebError) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .badRequest("The form is not valid UTF-8.")
        }
        try self.init(urlEncoded: text[...])
    }

    /// The first value for `name`.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    public func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    public static func == (lhs: FormData, rhs: FormData) -> Bool {
        lhs.pairs.count == rhs.pairs.count && zip(lhs.pairs, rhs.pairs).allSatisfy { $0 == $1 }
    }
}
