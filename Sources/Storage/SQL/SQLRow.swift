/// One row of a result, with its columns' names, from either database.
public struct SQLRow: Sendable, CustomStringConvertible {
    let names: SQLColumns
    let values: [SQLValue]

    init(columns: SQLColumns, values: [SQLValue]) {
        self.names = columns
        self.values = values
    }

    init(columns: [String], values: [SQLValue]) {
        self.init(columns: SQLColumns(columns), values: values)
    }

    var columns: [String] { names.names }

    func value(named name: String) -> SQLValue {
        guard let index = names.index[name] else {
            preconditionFailure("no column \(name) in [\(columns.joined(separator: ", "))]: the query and its reader disagree")
        }
        return values[index]
    }

    /// A column as an optional Swift value: nil when NULL.
    public subscript<T: SQLDecodable>(_ name: String) -> T? {
        T(sqlValue: value(named: name))
    }

    /// A column that the schema says is never NULL. A NULL or an unreadable value here is a bug in our own
    /// query (as with GRDB's subscript), never something a client can cause.
    public subscript<T: SQLDecodable>(_ name: String) -> T {
        guard let decoded = T(sqlValue: value(named: name)) else {
            preconditionFailure("column \(name) holds \(value(named: name)), not a \(T.self)")
        }
        return decoded
    }

    public subscript<T: SQLDecodable>(_ index: Int) -> T {
        guard values.indices.contains(index), let decoded = T(sqlValue: values[index]) else {
            preconditionFailure("column \(index) cannot be read as a \(T.self)")
        }
        return decoded
    }

    public var description: String {
        zip(columns, values).map { "\($0)=\($1)" }.joined(separator: " ")
    }
}

/// A result's column names with their places, made once per statement and shared by its rows: a row read by name
/// looks its column up by hash rather than comparing every name before it (a tenant has some thirty).
final class SQLColumns: Sendable {
    let names: [String]
    let index: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var index: [String: Int] = [:]
        index.reserveCapacity(names.count)
        // The first of two columns with one name wins, as a scan from the left would find it.
        for (place, name) in names.enumerated() where index[name] == nil { index[name] = place }
        self.index = index
    }
}
