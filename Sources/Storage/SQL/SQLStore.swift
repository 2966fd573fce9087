/// A database server or file that hands out connections in transactions. Implemented over GRDB for SQLite and
/// over libpq for PostgreSQL; `AppDatabase` holds one and every storage function goes through it.
public protocol SQLStore: Sendable {
    var dialect: SQLDialect { get }
    /// Where the data lives, for messages: a path, or a PostgreSQL URL without its password.
    var displayName: String { get }
    /// A consistent snapshot for reading.
    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T
    /// `body`, whose reads share one transaction where the store can hold one open (`ReadTogether`).
    func readingTogether<T>(_ body: () throws -> T) rethrows -> T
    /// One write transaction: committed when `body` returns, rolled back when it throws.
    func write<T>(_ body: (any SQLConnection) throws -> T) throws -> T
    /// Applies the numbered migrations in `directory` not yet applied, each once, in its own transaction.
    func migrate(from directory: String) throws(StorageError)
    func appliedMigrations() throws -> [String]
    /// The tables of our schema.
    func tableNames() throws -> [String]
    func close() throws
}

extension SQLStore {
    /// Each read its own transaction, as outside.
    func readingTogether<T>(_ body: () throws -> T) rethrows -> T { try body() }
}
