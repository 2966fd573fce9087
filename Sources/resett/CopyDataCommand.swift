import ArgumentParser
import Storage

struct CopyDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy-data",
        abstract: "Copy a whole installation from one database to another (SQLite to PostgreSQL, or back).",
        discussion: """
            Both are migrated first; the destination must hold nothing yet but what its migrations made. Everything is \
            written in one transaction and each table's row count is checked before it commits. Stop the app nodes \
            (or keep them read-only) while it runs, so nothing written meanwhile is left behind.
            """)

    @Option(help: "The database to copy from: a SQLite file or a PostgreSQL URL.")
    var from: String

    @Option(help: "The database to copy into: a PostgreSQL URL or a SQLite file.")
    var to: String

    @Option(help: "The folder that holds Migrations/.")
    var root: String = "."

    func run() throws {
        let source = try AppDatabase.open(DatabaseLocation(from), migrationsDirectory: root + "/Migrations")
        let destination = try AppDatabase.open(DatabaseLocation(to), migrationsDirectory: root + "/Migrations")
        let copied = try source.copyEverything(to: destination)
        for table in copied { Output.line("\(table.table)\t\(table.rows)") }
        Output.line("Copied \(copied.reduce(0) { $0 + $1.rows }) rows in \(copied.count) tables from \(source.displayName) to \(destination.displayName); every count matches.")
    }
}
