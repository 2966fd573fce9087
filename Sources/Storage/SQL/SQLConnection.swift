/// One connection inside one transaction: what a storage function gets to run its statements. Statements
/// use `?` placeholders and are always prepared with bound parameters, never interpolated.
public protocol SQLConnection {
    var dialect: SQLDialect { get }
    /// Runs a statement; `changesCount` then says how many rows it changed.
    func execute(sql: String, arguments: SQLArguments) throws
    /// Runs a query and returns every row.
    func rows(sql: String, arguments: SQLArguments) throws -> [SQLRow]
    /// Runs a query and hands `body` each row's values in column order, one row at a time, without making a row of
    /// each: for the few queries that read hundreds of rows for one page (a year of the calendar).
    func forEachRow(sql: String, arguments: SQLArguments, _ body: ([SQLValue]) throws -> Void) throws
    /// Rows changed by the last `execute`.
    var changesCount: Int { get }
    /// Makes this write transaction wait for any other that locked the same key, until either ends. SQLite
    /// runs one writer at a time, so there it is already true; PostgreSQL takes a transaction-scoped advisory
    /// lock. A rule that reads and then writes (a daily limit, the last admin) locks what it counts first.
    func lock(_ key: String) throws
}

extension SQLConnection {
    public func execute(sql: String) throws { try execute(sql: sql, arguments: []) }

    /// Rows made as usual and handed over one by one, where a connection has no quicker way.
    public func forEachRow(sql: String, arguments: SQLArguments, _ body: ([SQLValue]) throws -> Void) throws {
        for row in try rows(sql: sql, arguments: arguments) { try body(row.values) }
    }

    public func rows(sql: String) throws -> [SQLRow] { try rows(sql: sql, arguments: []) }

    public func row(sql: String, arguments: SQLArguments = []) throws -> SQLRow? {
        try rows(sql: sql, arguments: arguments).first
    }

    /// The first column of the first row, or nil when there is no row or it is NULL.
    public func value<T: SQLDecodable>(sql: String, arguments: SQLArguments = []) throws -> T? {
        guard let row = try row(sql: sql, arguments: arguments), let first = row.values.first else { return nil }
        return T(sqlValue: first)
    }

    public func int(sql: String, arguments: SQLArguments = []) throws -> Int? { try value(sql: sql, arguments: arguments) }
    public func string(sql: String, arguments: SQLArguments = []) throws -> String? { try value(sql: sql, arguments: arguments) }
    public func bool(sql: String, arguments: SQLArguments = []) throws -> Bool? { try value(sql: sql, arguments: arguments) }

    /// The first column of every row.
    public func strings(sql: String, arguments: SQLArguments = []) throws -> [String] {
        try rows(sql: sql, arguments: arguments).compactMap { $0.values.first.flatMap(String.init(sqlValue:)) }
    }
}
