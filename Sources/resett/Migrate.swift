import ArgumentParser
import Storage

struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending migrations from Migrations/ and stop.")

    @OptionGroup var options: CommonOptions

    func run() throws {
        let logger = try options.makeLogger(label: "resett.migrate")
        let database = try options.openDatabase()
        let applied = try database.appliedMigrations()
        logger.notice("database is up to date", metadata: ["database": "\(database.displayName)", "migrations": "\(applied.count)"])
    }
}
