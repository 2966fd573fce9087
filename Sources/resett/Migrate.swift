import ArgumentParser
import Storage

struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending migrations from Migrations/ and stop.")

    @OptionGroup var options: CommonOptions

    func run() throws {
        let logger = try options.makeLogger(label: "resett.migrate")
        let database = try AppDatabase.openWithoutMigrating(options.location)
        let applied = try database.migrate(from: options.root + "/Migrations")
        let total = try database.appliedMigrations().count
        if applied.isEmpty {
            logger.notice("the database is up to date", metadata: ["database": "\(database.displayName)", "migrations": "\(total)"])
        } else {
            logger.notice("applied \(applied.count) migration\(applied.count == 1 ? "" : "s")",
                          metadata: ["database": "\(database.displayName)", "first": "\(applied[0])", "last": "\(applied[applied.count - 1])"])
        }
    }
}
