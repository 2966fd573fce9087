/// One row of a result, with its columns' names, from either database.
public struct SQLRow: Sendable, CustomStringConvertible {
    let columns: [String]
    let values: [SQLValue]

    init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    func value(named name: String) -> SQLValue {
        guard let index = columns.firstIndex(of: name) else {
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
