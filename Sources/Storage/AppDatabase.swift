import Domain
import Foundation

/// The one value that owns the database, SQLite or PostgreSQL (`SQLStore`). Queries live in extensions, one
/// file per area, written once in the SQL both databases share, so no rule lives in only one backend.
public struct AppDatabase: Sendable {
    /// What every copy shares, behind one reference: each use case holds the database, and a page copies several use
    /// cases, so a copy is one retain, not one for the store and each cache (a tenth of the feed's time was these).
    private final class Shared: Sendable {
        let store: any SQLStore
        let crisisContactCache = ConfigurationCache<[CrisisContact]>()
        let checkInTagCache = ConfigurationCache<[CheckInTag]>()
        let hiddenResetCache = ConfigurationCache<Set<String>>()
        let organisationResetCache = ConfigurationCache<[OrganisationReset]>()
        let moderationCountsCache = ConfigurationCache<ModerationCounts>()
        let requestTenantCache = ConfigurationCache<Tenant>()

        init(store: any SQLStore) { self.store = store }
    }

    private let shared: Shared
    var store: any SQLStore { shared.store }
    /// Each tenant's crisis contacts, as of its configuration version.
    var crisisContactCache: ConfigurationCache<[CrisisContact]> { shared.crisisContactCache }
    /// Each tenant's own check-in tags, as of its configuration version.
    var checkInTagCache: ConfigurationCache<[CheckInTag]> { shared.checkInTagCache }
    /// The built-in resets each tenant hides, as of its configuration version.
    var hiddenResetCache: ConfigurationCache<Set<String>> { shared.hiddenResetCache }
    /// Each tenant's own resets, drafts included, as of its configuration version.
    var organisationResetCache: ConfigurationCache<[OrganisationReset]> { shared.organisationResetCache }
    /// How many posts wait for each tenant's moderators (and how many are held for safety), as of its community version
    /// (the same keeping, other numbers).
    var moderationCountsCache: ConfigurationCache<ModerationCounts> { shared.moderationCountsCache }
    /// Each tenant as every request reads it (without its unlimited list), as of its configuration version.
    var requestTenantCache: ConfigurationCache<Tenant> { shared.requestTenantCache }

    init(store: any SQLStore) { shared = Shared(store: store) }

    /// Where each transaction's time is recorded, when the app measures it.
    public var timing: DatabaseTiming?
    public var dialect: SQLDialect { store.dialect }
    /// Where the data lives, for messages (a URL's password is never in it).
    public var displayName: String { store.displayName }

    /// Opens (creating a SQLite file and its folder if needed) and applies pending migrations: those of
    /// `migrationsDirectory/sqlite` or `/postgres` when the folder has them, else of the folder itself.
    public static func open(_ location: DatabaseLocation, migrationsDirectory: String) throws(StorageError) -> AppDatabase {
        let database = try openWithoutMigrating(location)
        try database.migrate(from: migrationsDirectory)
        return database
    }

    public static func open(path: String, migrationsDirectory: String) throws(StorageError) -> AppDatabase {
        try open(.sqlite(path: path), migrationsDirectory: migrationsDirectory)
    }

    public static func openWithoutMigrating(_ location: DatabaseLocation) throws(StorageError) -> AppDatabase {
        switch location {
        case .sqlite(let path): AppDatabase(store: try SQLiteStore(path: path))
        case .postgres(let url): AppDatabase(store: try PostgresStore(url: url))
        }
    }

    public static func openWithoutMigrating(path: String) throws(StorageError) -> AppDatabase {
        try openWithoutMigrating(.sqlite(path: path))
    }

    /// Applies what is pending; returns the names of the migrations it applied (none when up to date).
    @discardableResult
    public func migrate(from directory: String) throws(StorageError) -> [String] {
        let before = Set((try? store.appliedMigrations()) ?? [])
        try store.migrate(from: migrationsFolder(directory))
        return try appliedMigrations().filter { !before.contains($0) }
    }

    /// `directory/sqlite` or `directory/postgres` when the folder has them, else the folder itself.
    func migrationsFolder(_ directory: String) -> String {
        let specific = directory + "/" + (dialect == .sqlite ? "sqlite" : "postgres")
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: specific, isDirectory: &isDirectory) && isDirectory.boolValue ? specific : directory
    }

    /// Why this database is not ready to serve, or nothing: every migration in `directory` applied, and writes
    /// accepted (a PostgreSQL standby answers reads but refuses writes).
    public func readinessProblems(migrationsDirectory directory: String) -> [String] {
        var problems: [String] = []
        do {
            let files = try SQLMigrations(directory: migrationsFolder(directory)).files.map(\.name)
            let applied = Set(try appliedMigrations())
            let pending = files.filter { !applied.contains($0) }
            if !pending.isEmpty { problems.append("\(pending.count) migration(s) not applied") }
        } catch {
            problems.append("migrations unreadable")
        }
        let writable: Bool? = try? write { db in
            db.dialect == .postgres ? try db.bool(sql: "SELECT NOT pg_is_in_recovery()") ?? false : try db.int(sql: "SELECT 1") == 1
        }
        if writable != true { problems.append("database not writable") }
        return problems
    }

    /// Names of the migrations already applied, in order.
    public func appliedMigrations() throws(StorageError) -> [String] {
        do { return try store.appliedMigrations() } catch { throw .queryFailed("\(error)") }
    }

    /// The tables of our schema (not the migrations' bookkeeping).
    public func tableNames() throws(StorageError) -> [String] {
        do { return try store.tableNames() } catch { throw .queryFailed("\(error)") }
    }

    /// Closes every connection; later queries fail (and /healthz says 503).
    public func close() throws(StorageError) {
        do { try store.close() } catch { throw .queryFailed("\(error)") }
    }

    /// Whether a trivial query succeeds (for /healthz).
    public func isReachable() -> Bool {
        (try? store.read { db in try db.int(sql: "SELECT 1") }) == 1
    }

    func read<T>(_ body: (any SQLConnection) throws -> T) throws(StorageError) -> T {
        let start = timing == nil ? 0 : DatabaseTiming.now()
        defer { if let timing { timing.record(timing.reads, since: start) } }
        do { return try store.read(body) } catch { throw Self.storageError(error) }
    }

    /// `body`, whose reads (each use case's own) share one read transaction on SQLite: a page's reads, which then
    /// see one moment and pay for one `BEGIN` (`ReadTogether`). A write inside ends the shared one first.
    public func readingTogether<T>(_ body: () throws -> T) rethrows -> T {
        try store.readingTogether(body)
    }

    /// `body` in one write transaction. What it changes of the community's pages or a person's history moves their
    /// versions on by the schema's triggers (Migrations/sqlite/0031_version_triggers.sql), in the same transaction.
    func write<T>(_ body: (any SQLConnection) throws -> T) throws(StorageError) -> T {
        let start = timing == nil ? 0 : DatabaseTiming.now()
        defer { if let timing { timing.record(timing.writes, since: start) } }
        do { return try store.write(body) } catch { throw Self.storageError(error) }
    }

    /// A unique key that a concurrent writer took first reads as a conflict, as the check before it would have said.
    static func storageError(_ error: any Error) -> StorageError {
        switch error {
        case let error as StorageError: error
        case let failure as SQLFailure where failure.kind == .uniqueViolation: .conflict("that already exists")
        default: .queryFailed("\(error)")
        }
    }
}
