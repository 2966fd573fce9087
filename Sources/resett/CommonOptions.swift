import ArgumentParser
import Domain
import Logging
import Storage
import Web

/// Options every command shares.
struct CommonOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A SQLite database file (created with its folder on first use) or a PostgreSQL URL.",
                               discussion: "postgres://user@host:5432/resett?sslmode=require; a password comes best from PGPASSWORD or ~/.pgpass, never from a log."))
    var db: String = "./data/resett.sqlite"

    @Option(help: "The folder that holds Public/, Content/ and Migrations/ (the pages' templates are compiled in).")
    var root: String = "."

    @Option(help: "Lowest log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    func makeLogger(label: String) throws -> Logger {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("Unknown log level '\(logLevel)'.")
        }
        var logger = Logger(label: label)
        logger.logLevel = level
        return logger
    }

    /// The database, migrated: commands work on a fresh file as well as on a served one.
    func openDatabase() throws -> AppDatabase {
        try AppDatabase.open(location, migrationsDirectory: root + "/Migrations")
    }

    var location: DatabaseLocation { DatabaseLocation(db) }

    func passwordPolicy() throws -> PasswordPolicy {
        try AppEnvironment.loadPasswordPolicy(root + "/Content/common-passwords.txt")
    }
}
