import CoreMetrics
import Foundation
import Storage

/// The database as the web layer holds it: a handle it passes to use cases and never queries. Web does not depend on
/// Storage, and with member import visibility nothing declared there (a query, a record) can be used from Web, so the
/// type's name is given here and what Web may do with it is the few members below.
public typealias Database = AppDatabase

extension AppDatabase {
    /// Opens and migrates `location` (`--db`: a SQLite file or a PostgreSQL URL), with `Migrations/` at `migrationsDirectory`.
    public static func open(location: String, migrationsDirectory: String) throws -> Database {
        try AppDatabase.open(DatabaseLocation(location), migrationsDirectory: migrationsDirectory)
    }

    /// The folder for files kept beside the data (the mail outbox without SMTP): the SQLite file's, or `./data`.
    public static func dataFolder(location: String) -> String {
        switch DatabaseLocation(location) {
        case .sqlite(let path): URL(fileURLWithPath: path).deletingLastPathComponent().path
        case .postgres: "./data"
        }
    }

    /// The same database with every transaction's time recorded (`resett_database_seconds`) through `factory`.
    public func timed(by factory: any MetricsFactory) -> Database {
        var timed = self
        timed.timing = DatabaseTiming(factory: factory)
        return timed
    }

    /// `body`, a page's use cases, with their reads in one read transaction (`AppDatabase.readingTogether`).
    public func pageReads<T>(_ body: () throws -> T) rethrows -> T {
        try readingTogether(body)
    }
}
