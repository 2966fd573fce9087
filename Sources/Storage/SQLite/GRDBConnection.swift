import CSQLite
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
            let columns = SQLColumns(statement.columnNames)
            // GRDB steps the statement; each row's values are read straight from SQLite, by type, into ours: going
            // through GRDB's Row and DatabaseValue decoding cost more than SQLite's own work (profile of the year
            // calendar, 327 rows).
            let cursor = try Row.fetchCursor(statement, arguments: Self.arguments(arguments))
            let handle = statement.sqliteStatement
            let count = Int32(columns.names.count)
            var rows: [SQLRow] = []
            while try cursor.next() != nil {
                var values: [SQLValue] = []
                values.reserveCapacity(Int(count))
                for index in 0..<count { values.append(Self.value(handle, index)) }
                rows.append(SQLRow(columns: columns, values: values))
            }
            return rows
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

    /// Column `index` of the statement's current row.
    static func value(_ statement: OpaquePointer, _ index: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        default:
            // Text, and blobs read as text: the bytes with their length, never up to a NUL.
            guard let bytes = sqlite3_column_text(statement, index) else { return .text("") }
            let length = Int(sqlite3_column_bytes(statement, index))
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self))
        }
    }

    static func failure(_ error: DatabaseError) -> SQLFailure {
        SQLFailure(kind: error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE || error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
                   ? .uniqueViolation : .other, message: "\(error)")
    }
}
