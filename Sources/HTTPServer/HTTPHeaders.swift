/// Header fields in the order they arrived or were set. Names compare case-insensitively (RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral, Equatable {
    public private(set) var fields: [(name: String, value: String)]

    public init() { fields = [] }

    public init(_ fields: [(String, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var count: Int { fields.count }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// The first value of `name`, if any.
    public subscript(name: String) -> String? {
        for field in fields where field.name.equalsIgnoringASCIICase(name) { return field.value }
        return nil
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.compactMap { $0.name.equalsIgnoringASCIICase(name) ? $0.value : nil }
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Room for `count` fields in all, so adding the ones every response carries does not grow the list field by field.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every value of `name` with one.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name: name, value: value))
    }

    /// Sets `name` only when nothing has set it yet, so a handler's choice wins over a default.
    public mutating func setIfAbsent(_ name: String, _ value: String) {
        if !contains(name) { fields.append((name: name, value: value)) }
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// Whether a comma-separated header such as `Connection` lists `token`.
    public func listContains(_ name: String, token: String) -> Bool {
        for value in values(name) {
            for item in value.split(separator: ",") where item.trimmingOWS().equalsIgnoringASCIICase(token) {
                return true
            }
        }
        return false
    }
}

extension StringProtocol {
    func equalsIgnoringASCIICase<Other: StringProtocol>(_ other: Other) -> Bool {
        let a = utf8, b = other.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { ASCII.lower($0) == ASCII.lower($1) }
    }

    /// Without the optional whitespace (spaces and tabs) HTTP allows around list items and values.
    public func trimmingOWS() -> Substring {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return Substring(slice)
    }
}
