import CSQLite

/// A read-only SQLite connection of our own, for read transactions. GRDB's `DatabasePool.read` costs more than the
/// queries of a small page: a dispatch queue hop, a reader-pool lock, a fresh `BEGIN`/`COMMIT` statement each time and
/// a `PRAGMA schema_version` check, about a quarter of the home page's time in a profile. Here a read is `BEGIN`, the
/// page's cached statements and `COMMIT`, all prepared once. GRDB still owns the schema, migrations and every write.
///
/// Used by one thread at a time: `SQLiteReaders` hands a connection to one transaction and takes it back after.
final class SQLiteReadConnection: SQLConnection, @unchecked Sendable {
    private let handle: OpaquePointer
    /// Each statement with its column names, both made once.
    private var statements: [StatementKey: (statement: OpaquePointer, columns: SQLColumns)] = [:]
    private let begin: OpaquePointer
    private let commit: OpaquePointer
    private let rollback: OpaquePointer
    var dialect: SQLDialect { .sqlite }
    var changesCount: Int { Int(sqlite3_changes(handle)) }

    init(path: String) throws(SQLFailure) {
        var opened: OpaquePointer?
        // NOMUTEX: one thread at a time, which `SQLiteReaders` guarantees. Read-write so that WAL's shared memory
        // works whatever the file's state; `query_only` then refuses any write on this connection.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(opened)
            throw SQLFailure(kind: .other, message: "cannot open \(path) to read: \(message)")
        }
        handle = opened
        sqlite3_busy_timeout(handle, 5000)
        do {
            // As GRDB's connections have it, so a read sees the same settings as a write.
            try Self.run(handle, "PRAGMA foreign_keys = ON")
            try Self.run(handle, "PRAGMA query_only = 1")
            begin = try Self.prepare(handle, "BEGIN DEFERRED")
            commit = try Self.prepare(handle, "COMMIT")
            rollback = try Self.prepare(handle, "ROLLBACK")
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
    }

    deinit {
        for (statement, _) in statements.values { sqlite3_finalize(statement) }
        for statement in [begin, commit, rollback] { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// `body` inside one read transaction: one consistent snapshot for all its statements.
    func transaction<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try beginTransaction()
        do {
            let value = try body(self)
            try step(commit)
            return value
        } catch {
            endTransaction()
            throw error
        }
    }

    /// Opens a read transaction that `endTransaction` closes (for reads held together, `ReadTogether`).
    func beginTransaction() throws(SQLFailure) {
        try step(begin)
    }

    /// Closes the open read transaction, if any: a read changed nothing, so COMMIT and ROLLBACK are the same, and a
    /// failed COMMIT is rolled back.
    func endTransaction() {
        guard sqlite3_get_autocommit(handle) == 0 else { return }
        if (try? step(commit)) == nil, sqlite3_get_autocommit(handle) == 0 { try? step(rollback) }
    }

    func execute(sql: String, arguments: SQLArguments) throws {
        let statement = try cached(sql).statement
        defer { Self.release(statement) }
        try bind(arguments, to: statement)
        while try next(statement) {}
    }

    func rows(sql: String, arguments: SQLArguments) throws -> [SQLRow] {
        let (statement, columns) = try cached(sql)
        defer { Self.release(statement) }
        try bind(arguments, to: statement)
        let count = sqlite3_column_count(statement)
        var rows: [SQLRow] = []
        while try next(statement) {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(count))
            for index in 0..<count { values.append(GRDBConnection.value(statement, index)) }
            rows.append(SQLRow(columns: columns, values: values))
        }
        return rows
    }

    /// One buffer of values reused for every row, and no column names: a year of the calendar's days read this way
    /// took half the time of `rows` (which makes an array and a row for each).
    func forEachRow(sql: String, arguments: SQLArguments, _ body: ([SQLValue]) throws -> Void) throws {
        let statement = try cached(sql).statement
        defer { Self.release(statement) }
        try bind(arguments, to: statement)
        let count = sqlite3_column_count(statement)
        var values: [SQLValue] = []
        values.reserveCapacity(Int(count))
        while try next(statement) {
            values.removeAll(keepingCapacity: true)
            for index in 0..<count { values.append(GRDBConnection.value(statement, index)) }
            try body(values)
        }
    }

    /// Reads take no locks of their own; a write transaction never runs here.
    func lock(_ key: String) throws {}

    private func cached(_ sql: String) throws(SQLFailure) -> (statement: OpaquePointer, columns: SQLColumns) {
        if let cached = statements[StatementKey(sql: sql)] { return cached }
        let statement = try Self.prepare(handle, sql)
        // Bounded by our own fixed set of statements; a guard in case that ever stops being true.
        if statements.count >= 512 {
            for (old, _) in statements.values { sqlite3_finalize(old) }
            statements.removeAll(keepingCapacity: true)
        }
        let columns = SQLColumns((0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) })
        statements[StatementKey(sql: sql)] = (statement, columns)
        return (statement, columns)
    }

    private func bind(_ arguments: SQLArguments, to statement: OpaquePointer) throws(SQLFailure) {
        let expected = sqlite3_bind_parameter_count(statement)
        guard expected == Int32(arguments.values.count) else {
            throw SQLFailure(kind: .other, message: "\(arguments.values.count) arguments for \(expected) placeholders")
        }
        for (offset, value) in arguments.values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, index)
            case .integer(let integer): status = sqlite3_bind_int64(statement, index, integer)
            case .real(let real): status = sqlite3_bind_double(statement, index, real)
            case .text(var text):
                // With its length, so a NUL inside is kept rather than ending the text; an empty buffer may have no
                // address, and a NULL pointer would bind NULL, so the empty text is bound on its own.
                status = text.isEmpty
                    ? sqlite3_bind_text(statement, index, "", 0, Self.transient)
                    : text.withUTF8 { bytes in
                        bytes.withMemoryRebound(to: CChar.self) {
                            sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), Self.transient)
                        }
                    }
            }
            guard status == SQLITE_OK else { throw failure() }
        }
    }

    /// Steps once: true while there is a row.
    private func next(_ statement: OpaquePointer) throws(SQLFailure) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw failure()
        }
    }

    private func step(_ statement: OpaquePointer) throws(SQLFailure) {
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure() }
    }

    /// A read violates no constraint, so every failure here is of the other kind.
    private func failure() -> SQLFailure {
        SQLFailure(kind: .other, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Ready for its next use, holding no reference to the arguments or the snapshot.
    private static func release(_ statement: OpaquePointer) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    private static func prepare(_ handle: OpaquePointer, _ sql: String) throws(SQLFailure) -> OpaquePointer {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLFailure(kind: .other, message: String(cString: sqlite3_errmsg(handle)))
        }
        return statement
    }

    private static func run(_ handle: OpaquePointer, _ sql: String) throws(SQLFailure) {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw SQLFailure(kind: .other, message: String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// SQLite copies the bytes before the call returns (`SQLITE_TRANSIENT`, a macro Swift cannot import).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
