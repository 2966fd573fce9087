import Foundation
import GRDB

/// The one value that owns the SQLite database: a WAL-mode `DatabasePool` with foreign keys on.
/// Queries live in extensions, one file per area.
public struct AppDatabase: Sendable {
    let pool: DatabasePool
    /// The database file.
    public var path: String { pool.path }

    /// Opens (creating if needed) the database file and its folder, then applies pending migrations.
    public static func open(path: String, migrationsDirectory: String) throws(StorageError) -> AppDatabase {
        let database = try openWithoutMigrating(path: path)
        try database.migrate(from: migrationsDirectory)
        return database
    }

    public static func openWithoutMigrating(path: String) throws(StorageError) -> AppDatabase {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            configuration.maximumReaderCount = 8
            configuration.busyMode = .timeout(5)
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            let pool = try DatabasePool(path: path, configuration: configuration)
            // Mental-health data: readable by this user only. SQLite gives the -wal and -shm files the
            // database file's mode, so they follow.
            for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
            }
            return AppDatabase(pool: pool)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    public func migrate(from directory: String) throws(StorageError) {
        try SQLMigrations(directory: directory).apply(to: pool)
    }

    /// Names of the migrations already applied, in order.
    public func appliedMigrations() throws(StorageError) -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
    }

    /// Closes every connection; later queries fail (and /healthz says 503).
    public func close() throws(StorageError) {
        do { try pool.close() } catch { throw .queryFailed("\(error)") }
    }

    /// Whether a trivial query succeeds (for /healthz).
    public func isReachable() -> Bool {
        (try? pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }) == 1
    }

    func read<T>(_ body: (Database) throws -> T) throws(StorageError) -> T {
        do { return try pool.read(body) } catch let error as StorageError { throw error } catch { throw .queryFailed("\(error)") }
    }

    func write<T>(_ body: (Database) throws -> T) throws(StorageError) -> T {
        do { return try pool.write(body) } catch let error as StorageError { throw error } catch { throw .queryFailed("\(error)") }
    }
}
