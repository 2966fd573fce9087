import Foundation
import GRDB

/// The numbered `.sql` files of a migrations folder, applied in order, each exactly once and each in its
/// own transaction. On SQLite GRDB's `DatabaseMigrator` records what ran in `grdb_migrations`; on PostgreSQL
/// `PostgresStore.migrate` keeps the same record in `schema_migrations`.
struct SQLMigrations {
    struct File {
        let name: String
        let sql: String
    }

    let files: [File]

    init(directory: String) throws(StorageError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .migrationsFolderMissing(directory)
        }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw .migrationsFolderMissing(directory)
        }
        var files: [File] = []
        // A name that starts with a digit is a migration and must be well formed; others (citus.sql) are scripts
        // an operator runs by hand.
        for name in names.sorted() where name.hasSuffix(".sql") && name.first?.isNumber == true {
            guard Self.isValidName(name) else { throw .invalidMigrationName(name) }
            guard let sql = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8) else {
                throw .migrationFailed(file: name, reason: "cannot read the file as UTF-8")
            }
            files.append(File(name: name, sql: sql))
        }
        self.files = files
    }

    /// `NNNN_words.sql`: four digits keep the order of names the order of application.
    static func isValidName(_ name: String) -> Bool {
        let stem = name.dropLast(4)
        guard stem.count > 5 else { return false }
        let digits = stem.prefix(4), rest = stem.dropFirst(4)
        return digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber) && rest.first == "_"
            && rest.dropFirst().allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
    }

    func apply(to writer: some DatabaseWriter) throws(StorageError) {
        var migrator = DatabaseMigrator()
        for file in files {
            migrator.registerMigration(file.name) { db in
                do {
                    try db.execute(sql: file.sql)
                } catch {
                    throw MigrationFailure(file: file.name, reason: "\(error)")
                }
            }
        }
        do {
            try migrator.migrate(writer)
        } catch let failure as MigrationFailure {
            throw .migrationFailed(file: failure.file, reason: failure.reason)
        } catch {
            throw .migrationFailed(file: "(migrator)", reason: "\(error)")
        }
    }

    private struct MigrationFailure: Error {
        let file: String
        let reason: String
    }
}
