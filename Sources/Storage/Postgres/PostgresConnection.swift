import CPostgres
import Foundation

/// One libpq connection. Used by one thread at a time (the pool hands it out), synchronously: our handlers run
/// on worker threads, so a blocking call costs a worker, never an event loop.
final class PostgresConnection {
    private let handle: OpaquePointer
    /// Statements prepared on this connection, by their SQL: our set of statements is fixed, so this stays small.
    private var prepared: [String: (name: String, parameterCount: Int)] = [:]
    private(set) var changesCount = 0

    init(conninfo: String) throws(StorageError) {
        guard let handle = PQconnectdb(conninfo) else { throw .cannotOpen(path: "PostgreSQL", reason: "out of memory") }
        self.handle = handle
        // A failed connection is still a handle to free: deinit runs (and frees it) when this init throws.
        guard PQstatus(handle) == CONNECTION_OK else {
            throw .cannotOpen(path: "PostgreSQL", reason: Self.message(PQerrorMessage(handle)))
        }
        PQsetClientEncoding(handle, "UTF8")
        // libpq prints the server's notices ("relation … already exists, skipping") to standard error by default;
        // none of them is ours to act on, and our log is for our own lines.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        // A worker thread waits for the database synchronously, so no wait may be endless: a statement, a lock (our
        // advisory locks included) and a transaction left open are all bounded. Migrations lift the lock bound.
        do {
            try simple("SET statement_timeout = '15s'; SET lock_timeout = '10s'; SET idle_in_transaction_session_timeout = '60s'")
        } catch {
            throw .cannotOpen(path: "PostgreSQL", reason: "\(error)")
        }
    }

    deinit { PQfinish(handle) }

    /// False once the server has gone or the link broke: the pool then drops this connection.
    var isUsable: Bool { PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE }

    /// Runs SQL without parameters (transaction control, migrations: several statements are allowed).
    func simple(_ sql: String) throws {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result)
    }

    /// Runs one statement, prepared once per connection, its `?` placeholders bound to `arguments` as text.
    func run(_ sql: String, _ arguments: SQLArguments) throws -> [SQLRow] {
        let statement = try prepare(sql)
        guard statement.parameterCount == arguments.values.count else {
            throw SQLFailure(kind: .other, message: "the statement has \(statement.parameterCount) placeholders but \(arguments.values.count) arguments")
        }
        let texts: [String?] = arguments.values.map { value in
            switch value {
            case .null: nil
            case .integer(let integer): String(integer)
            case .real(let real): String(real)
            case .text(let text): text
            }
        }
        let result = Self.withCStrings(texts) { pointers in
            PQexecPrepared(handle, statement.name, Int32(pointers.count), pointers, nil, nil, 0)
        }
        defer { PQclear(result) }
        try check(result)
        changesCount = Int(String(cString: PQcmdTuples(result))) ?? 0
        return Self.rows(of: result)
    }

    private func prepare(_ sql: String) throws -> (name: String, parameterCount: Int) {
        if let statement = prepared[sql] { return statement }
        let (numbered, count) = Self.numberPlaceholders(sql)
        let name = "s\(prepared.count + 1)"
        let result = PQprepare(handle, name, numbered, 0, nil)
        defer { PQclear(result) }
        try check(result)
        prepared[sql] = (name, count)
        return (name, count)
    }

    private func check(_ result: OpaquePointer?) throws {
        guard let result else { throw SQLFailure(kind: .other, message: Self.message(PQerrorMessage(handle))) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            throw SQLFailure(kind: state == "23505" ? .uniqueViolation : .other,
                             message: "\(state) " + Self.message(PQresultErrorMessage(result)))
        }
    }

    private static func rows(of result: OpaquePointer?) -> [SQLRow] {
        let rowCount = Int(PQntuples(result)), columnCount = Int(PQnfields(result))
        guard rowCount > 0 else { return [] }
        let columns = SQLColumns((0..<columnCount).map { String(cString: PQfname(result, Int32($0))) })
        let types = (0..<columnCount).map { PQftype(result, Int32($0)) }
        return (0..<rowCount).map { row in
            SQLRow(columns: columns, values: (0..<columnCount).map { column in
                guard PQgetisnull(result, Int32(row), Int32(column)) == 0 else { return .null }
                let text = String(cString: PQgetvalue(result, Int32(row), Int32(column)))
                return value(text, type: types[column])
            })
        }
    }

    /// Text results read back by their PostgreSQL type (the oids are fixed by PostgreSQL's catalog).
    static func value(_ text: String, type: Oid) -> SQLValue {
        switch type {
        case 16: .integer(text == "t" ? 1 : 0)                       // boolean
        case 20, 21, 23: Int64(text).map(SQLValue.integer) ?? .text(text)  // bigint, smallint, integer
        case 700, 701: Double(text).map(SQLValue.real) ?? .text(text)      // real, double precision
        case 1700: Int64(text).map(SQLValue.integer) ?? Double(text).map(SQLValue.real) ?? .text(text)  // numeric (sums)
        default: .text(text)
        }
    }

    /// `?` becomes `$1`, `$2`…, outside quoted strings, quoted names and comments.
    static func numberPlaceholders(_ sql: String) -> (String, Int) {
        var output = "", count = 0
        var quote: Character?
        var inComment = false
        var previous: Character = " "
        for character in sql {
            if inComment {
                if character == "\n" { inComment = false }
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "-" && previous == "-" {
                inComment = true
            } else if character == "?" {
                count += 1
                output += "$\(count)"
                previous = character
                continue
            }
            output.append(character)
            previous = character
        }
        return (output, count)
    }

    private static func message(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown error"
    }

    private static func withCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let owned: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0) } }
        defer { owned.forEach { free($0) } }
        return body(owned.map { $0.map { UnsafePointer($0) } })
    }
}
