import ArgumentParser
import Foundation
import Storage

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the database to a file while Resett keeps serving.",
        discussion: """
            SQLite: VACUUM INTO, one self-contained database file (open it with --db to restore). PostgreSQL: pg_dump's \
            custom format (restore with pg_restore --dbname URL FILE); pg_dump comes with Debian's postgresql-client.
            """)

    @OptionGroup var options: CommonOptions

    @Option(help: "The file to write; it must not exist yet.")
    var to: String

    func run() throws {
        guard !FileManager.default.fileExists(atPath: to) else { throw ValidationError("\(to) already exists.") }
        switch options.location {
        case .sqlite:
            let database = try options.openDatabase()
            try database.backupSQLite(to: to)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: to)
        case .postgres(let url):
            try Self.pgDump(url: url, to: to)
        }
        Output.line("Backed up \(options.location.displayName) to \(to).")
    }

    /// Runs pg_dump with the URL's password (if any) moved into PGPASSWORD, so it never shows in the process list.
    static func pgDump(url: String, to path: String) throws {
        guard let pgDump = ["/usr/bin/pg_dump", "/usr/local/bin/pg_dump"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw ValidationError("pg_dump is not installed (apt-get install postgresql-client).")
        }
        var environment = ProcessInfo.processInfo.environment
        var address = url
        if let (withoutPassword, password) = DatabaseLocation.splittingPassword(url) {
            address = withoutPassword
            environment["PGPASSWORD"] = password
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pgDump)
        process.arguments = ["--format=custom", "--no-owner", "--file=" + path, "--dbname=" + address]
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("pg_dump failed (exit \(process.terminationStatus)).") }
    }
}
