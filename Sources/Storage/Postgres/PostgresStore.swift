import Foundation

/// PostgreSQL through libpq. Writes run in READ COMMITTED transactions; a rule that counts and then writes
/// takes an advisory lock on what it counts first (`SQLConnection.lock`), which works the same on one server
/// and on Citus, where every such lock is within one tenant. Reads run in a read-only REPEATABLE READ
/// transaction, so a page that reads several things sees one moment.
struct PostgresStore: SQLStore {
    let pool: PostgresPool
    let displayName: String
    let conninfo: String
    var dialect: SQLDialect { .postgres }

    /// `url` is a `postgres://` or `postgresql://` URL; libpq reads it, and the `PG*` environment variables
    /// (PGPASSWORD and the rest) fill in what it leaves out. `sslmode` and other parameters pass through as given.
    init(url: String, connections: Int = 16) throws(StorageError) {
        conninfo = url
        displayName = DatabaseLocation.redacted(url)
        pool = PostgresPool(conninfo: url, capacity: connections)
        // Fail at start, with the reason, rather than at the first request.
        do { try pool.withConnection { try $0.simple("SELECT 1") } } catch let error as StorageError {
            throw .cannotOpen(path: displayName, reason: "\(error)")
        } catch { throw .cannotOpen(path: displayName, reason: "\(error)") }
    }

    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    func write<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try transaction(begin: "BEGIN", body)
    }

    private func transaction<T>(begin: String, _ body: (any SQLConnection) throws -> T) throws -> T {
        try pool.withConnection { connection in
            try connection.simple(begin)
            do {
                let result = try body(PostgresTransaction(connection: connection))
                try connection.simple("COMMIT")
                return result
            } catch {
                try? connection.simple("ROLLBACK")
                throw error
            }
        }
    }

    func migrate(from directory: String) throws(StorageError) {
        let files = try SQLMigrations(directory: directory).files
        do {
            try pool.withConnection { connection in
                // Two nodes starting at once: the second waits for the first, then finds nothing left to do.
                try connection.simple("SET lock_timeout = 0; SET statement_timeout = 0")
                defer { try? connection.simple("SET lock_timeout = '10s'; SET statement_timeout = '15s'") }
                try connection.simple("SELECT pg_advisory_lock(\(Self.migrationLockKey))")
                defer { try? connection.simple("SELECT pg_advisory_unlock(\(Self.migrationLockKey))") }
                try connection.simple("""
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        identifier TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                    """)
                let applied = Set(try connection.run("SELECT identifier FROM schema_migrations", []).map { $0["identifier"] as String })
                for file in files where !applied.contains(file.name) {
                    try connection.simple("BEGIN")
                    do {
                        try connection.simple(file.sql)
                        _ = try connection.run("INSERT INTO schema_migrations (identifier) VALUES (?)", [file.name])
                        try connection.simple("COMMIT")
                    } catch {
                        try? connection.simple("ROLLBACK")
                        throw StorageError.migrationFailed(file: file.name, reason: "\(error)")
                    }
                }
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw .migrationFailed(file: "(migrator)", reason: "\(error)")
        }
    }

    static let migrationLockKey = 0x5245_5345_5454_0001  // "RESETT" 1

    func appliedMigrations() throws -> [String] {
        try read { db in try db.strings(sql: "SELECT identifier FROM schema_migrations ORDER BY applied_at, identifier") }
    }

    func tableNames() throws -> [String] {
        try read { db in
            try db.strings(sql: """
                SELECT table_name FROM information_schema.tables
                WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name != 'schema_migrations'
                ORDER BY table_name
                """)
        }
    }

    func close() throws { pool.close() }
}
