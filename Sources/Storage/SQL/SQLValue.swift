/// A value as it goes to or comes from either database: the handful of kinds our schema uses.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// A Swift value that can be bound as a statement parameter.
public protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension String: SQLBindable { public var sqlValue: SQLValue { .text(self) } }
extension Substring: SQLBindable { public var sqlValue: SQLValue { .text(String(self)) } }
extension Int: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { public var sqlValue: SQLValue { .integer(self) } }
extension Double: SQLBindable { public var sqlValue: SQLValue { .real(self) } }
// Booleans are stored as 0 and 1 in both databases (PostgreSQL also reads '1' and '0' where it expects a boolean).
extension Bool: SQLBindable { public var sqlValue: SQLValue { .integer(self ? 1 : 0) } }
extension SQLValue: SQLBindable { public var sqlValue: SQLValue { self } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// A statement's parameters, in the order of its `?` placeholders. Written as an array literal, like GRDB's.
public struct SQLArguments: Sendable, ExpressibleByArrayLiteral {
    public private(set) var values: [SQLValue]

    public init(arrayLiteral elements: (any SQLBindable)?...) {
        values = elements.map { $0?.sqlValue ?? .null }
    }

    public init(_ values: [SQLValue]) { self.values = values }

    public mutating func append(_ value: (any SQLBindable)?) { values.append(value?.sqlValue ?? .null) }

    public mutating func append(contentsOf other: SQLArguments) { values.append(contentsOf: other.values) }

    /// "?, ?, ?": one placeholder per value, for an `IN (…)` or a `VALUES (…)` of a length known only at run time.
    static func placeholders(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ", ") }
}

/// A column's value read back as a Swift type. Conversions are the ones our schema needs: integers from
/// either database's integer kinds (and PostgreSQL's numeric sums), booleans from 0/1, text as text.
public protocol SQLDecodable {
    init?(sqlValue: SQLValue)
}

extension String: SQLDecodable {
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .text(let text): self = text
        case .integer(let value): self = String(value)
        case .real(let value): self = String(value)
        case .null: return nil
        }
    }
}

extension Int: SQLDecodable {
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .integer(let value): self = Int(value)
        case .real(let value) where value > -9e18 && value < 9e18: self = Int(value)  // NaN fails both
        case .text(let text): guard let value = Int(text) else { return nil }; self = value
        default: return nil
        }
    }
}

extension Int64: SQLDecodable {
    public init?(sqlValue: SQLValue) {
        guard let value = Int(sqlValue: sqlValue) else { return nil }
        self = Int64(value)
    }
}

extension Double: SQLDecodable {
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .integer(let value): self = Double(value)
        case .real(let value): self = value
        case .text(let text): guard let value = Double(text) else { return nil }; self = value
        case .null: return nil
        }
    }
}

extension Bool: SQLDecodable {
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .integer(let value): self = value != 0
        case .real(let value): self = value != 0
        case .text(let text): self = text == "t" || text == "true" || text == "1"
        case .null: return nil
        }
    }
}
