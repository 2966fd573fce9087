import Foundation
import Testing
@testable import Storage

@Suite("Migrations")
struct MigrationTests {
    func databasePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("resett-\(UUID().uuidString)/test.sqlite").path
    }

    func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migrations-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, sql) in files { try sql.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func appliesInOrderExactlyOnce() throws {
        let migrations = try folder([
            "0002_add_row.sql": "INSERT INTO notes (text) VALUES ('second');",
            "0001_create_notes.sql": "CREATE TABLE notes (text TEXT NOT NULL);",
        ])
        let path = databasePath()
        let database = try AppDatabase.open(path: path, migrationsDirectory: migrations)
        #expect(try database.appliedMigrations() == ["0001_create_notes.sql", "0002_add_row.sql"])
        try database.close()
        // Opening again applies nothing twice: a second run would insert a second row.
        let again = try AppDatabase.open(path: path, migrationsDirectory: migrations)
        #expect(try again.read { try $0.int(sql: "SELECT count(*) FROM notes") } == 1)
    }

    @Test func aFailedMigrationNamesItsFileAndLeavesNothingHalfDone() throws {
        let migrations = try folder([
            "0001_create_notes.sql": "CREATE TABLE notes (text TEXT NOT NULL);",
            "0002_broken.sql": "CREATE TABLE half (x INTEGER); INSERT INTO nowhere VALUES (1);",
        ])
        let path = databasePath()
        #expect {
            try AppDatabase.open(path: path, migrationsDirectory: migrations)
        } throws: { error in
            guard case StorageError.migrationFailed(let file, _) = error else { return false }
            return file == "0002_broken.sql"
        }
        let database = try AppDatabase.openWithoutMigrating(path: path)
        #expect(try database.appliedMigrations() == ["0001_create_notes.sql"])
        #expect(try database.read { try $0.int(sql: "SELECT count(*) FROM sqlite_master WHERE name = 'half'") } == 0)
    }

    @Test func badNamesAndMissingFoldersAreRefused() throws {
        #expect(throws: StorageError.invalidMigrationName("1_notes.sql")) {
            try AppDatabase.open(path: databasePath(), migrationsDirectory: try folder(["1_notes.sql": "SELECT 1;"]))
        }
        #expect(throws: StorageError.migrationsFolderMissing("/nonexistent")) {
            try AppDatabase.open(path: databasePath(), migrationsDirectory: "/nonexistent")
        }
    }

    @Test func theProjectMigrationsCreateTheDefaultTenantInWALMode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let database = try AppDatabase.open(path: databasePath(), migrationsDirectory: root + "/Migrations")
        #expect(try database.tenant(slug: "default")?.name == "Resett")
        #expect(try database.read { try $0.string(sql: "PRAGMA journal_mode") } == "wal")
        #expect(try database.read { try $0.int(sql: "PRAGMA foreign_keys") } == 1)
    }
}
