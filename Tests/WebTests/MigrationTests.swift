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

@Suite("Database locations")
struct DatabaseLocationTests {
    @Test func aURLChoosesPostgreSQLAndAPathSQLite() {
        #expect(DatabaseLocation("postgres://h/db") == .postgres(url: "postgres://h/db"))
        #expect(DatabaseLocation("postgresql://h/db") == .postgres(url: "postgresql://h/db"))
        #expect(DatabaseLocation("./data/resett.sqlite") == .sqlite(path: "./data/resett.sqlite"))
        #expect(DatabaseLocation("postgres.sqlite") == .sqlite(path: "postgres.sqlite"))
    }

    @Test func passwordsNeverReachADisplayName() {
        let location = DatabaseLocation("postgresql://resett:s3cr%40t@db.example:5432/resett?sslmode=require&password=other")
        #expect(location.displayName == "postgresql://resett:***@db.example:5432/resett?sslmode=require&password=***")
        #expect(!location.displayName.contains("s3cr") && !location.displayName.contains("other"))
        #expect(DatabaseLocation("postgresql://resett@db/resett").displayName == "postgresql://resett@db/resett")
        let split = DatabaseLocation.splittingPassword("postgresql://resett:s3cr%40t@db.example/resett")
        #expect(split?.url == "postgresql://resett@db.example/resett")
        #expect(split?.password == "s3cr@t")
        #expect(DatabaseLocation.splittingPassword("postgresql://resett@db/resett") == nil)
    }

    @Test func anUnreachableServerStopsTheStartWithoutItsPassword() {
        #expect {
            try AppDatabase.open(.postgres(url: "postgresql://resett:hunter2@127.0.0.1:1/resett?connect_timeout=2"),
                                 migrationsDirectory: "/nonexistent")
        } throws: { error in
            guard case StorageError.cannotOpen(let path, _) = error else { return false }
            return path.contains("***") && !"\(error)".contains("hunter2")
        }
    }
}
