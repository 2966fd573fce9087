import GRDB

/// A GRDB connection seen through our protocol. Every statement is cached: the set of our statements is
/// fixed, so the cache stays small, and SQLite's parse is skipped after the first use.
struct GRDBConnection: SQLConnection {
    let db: Database
    var dialect: SQLDialect { .sqlite }
    var changesCount: Int { db.changesCount }

    func execute(sql: String, arguments: SQLArguments) throws {
        do {
            try db.cachedStatement(sql: sql).execute(arguments: Self.arguments(arguments))
        } catch let error as DatabaseError {
            throw Self.failure(error)
        }
    }

    func rows(sql: String, arguments: SQLArguments) throws -> [SQLRow] {
        do {
            let statement = try db.cachedStatement(sql: sql)
            let columns = statement.columnNames
            return try Row.fetchAll(statement, arguments: Self.arguments(arguments)).map { row in
                SQLRow(columns: columns, values: (0..<columns.count).map { Self.value(row[$0] as DatabaseValue) })
            }
        } catch let error as DatabaseError {
            throw Self.failure(error)
        }
    }

    func lock(_ key: String) throws {}

    static func arguments(_ arguments: SQLArguments) -> StatementArguments {
        StatementArguments(arguments.values.map { value -> (any DatabaseValueConvertible)? in
            switch value {
            case .null: nil
            case .integer(let integer): integer
            case .real(let real): real
            case .text(let text): text
            }
        })
    }

    static func value(_ value: DatabaseValue) -> SQLValue {
        switch value.storage {
        case .null: .null
        case .int64(let integer): .integer(integer)
        case .double(let real): .real(real)
        case .string(let text): .text(text)
        case .blob(let data): .text(String(decoding: data, as: UTF8.self))
        }
    }

    static func failure(_ error: DatabaseError) -> SQLFailure {
        SQLFailure(kind: error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE || error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
                   ? .uniqueViolation : .other, message: "\(error)")
    }
}
