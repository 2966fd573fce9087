import CSQLite
import Foundation
import GRDB

/// SQLite through GRDB: a WAL-mode `DatabasePool` (one writer at a time, readers alongside) with foreign keys on.
struct SQLiteStore: SQLStore {
    let pool: DatabasePool
    private let readers: SQLiteReaders
    var dialect: SQLDialect { .sqlite }
    var displayName: String { pool.path }

    init(path: String) throws(StorageError) {
        _ = Self.memoryStatisticsOff
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            configuration.maximumReaderCount = 8
            configuration.busyMode = .timeout(5)
            // FULL: every commit is on the disk (the write-ahead log synced) before it is acknowledged, so a power cut
            // loses nothing a person was told was saved; NORMAL could lose the last commits. bench/durability.py
            // measures what it costs.
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
            pool = try DatabasePool(path: path, configuration: configuration)
            readers = SQLiteReaders(path: path, keep: configuration.maximumReaderCount)
            // Mental-health data: readable by this user only. SQLite gives the -wal and -shm files the
            // database file's mode, so they follow.
            for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
            }
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// Once per process, before the first connection opens (see `Sources/CSQLite/shim.h`).
    private static let memoryStatisticsOff: Void = { _ = resett_sqlite_disable_memory_statistics() }()

    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try readers.read(body)
    }

    func readingTogether<T>(_ body: () throws -> T) rethrows -> T {
        try readers.together(body)
    }

    func write<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        readers.endReadingTogether()
        return try pool.write { db in try body(GRDBConnection(db: db)) }
    }

    func migrate(from directory: String) throws(StorageError) {
        try SQLMigrations(directory: directory).apply(to: pool)
    }

    func appliedMigrations() throws -> [String] {
        try pool.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
    }

    func tableNames() throws -> [String] {
        try pool.read { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations' ORDER BY name
                """)
        }
    }

    func close() throws {
        readers.close()
        try pool.close()
    }

    /// Copies the whole database into one new file, consistent as of one moment, while it stays in use.
    func backup(to path: String) throws {
        // VACUUM INTO is its own read transaction; GRDB must not wrap it in another.
        try pool.unsafeRead { db in try db.execute(sql: "VACUUM INTO ?", arguments: [path]) }
    }
}
