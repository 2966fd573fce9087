import Foundation
@testable import Storage
import Testing

/// Issue 12: `resett copy-data` moves a whole installation; `resett backup` writes a consistent copy.
@Suite("Copying and backing up")
struct CopyAndBackupTests {
    /// A SQLite installation with a bit of everything in it: members, runs, a subscription, posts, reactions,
    /// reports, moderation and its audit, throttle counts.
    func populatedSQLite() throws -> (path: String, app: RunningApp) {
        let path = temporaryFolder() + "/resett.sqlite"
        let app = try RunningApp(database: path)
        let member = app.browser()
        try member.signUp("copied@example.com")
        _ = try member.get("/resets/tired-blink-track")
        _ = try member.post("/resets/tired-blink-track/start", [])
        _ = try member.get("/community")
        #expect(try member.post("/community/posts", [("topic", "wins"), ("body", "Carried across intact.")]).status == 303)
        // Sealed words and their wrapped data key go across too, and open with the same master key there.
        _ = try member.get("/check-in")
        #expect(try member.post("/check-in", [("rating", "4"), ("note", "Sealed and carried across")]).status == 303)
        let other = app.browser()
        try other.signUp("reader@example.com")
        _ = try other.logIn("nobody@example.com", "wrong password here")
        return (path, app)
    }

    @Test(.enabled(if: testPostgresURL != nil, "needs RESETT_TEST_POSTGRES"))
    func aSQLiteInstallationMovesToPostgreSQLWithEveryRow() throws {
        let (path, _) = try populatedSQLite()
        let target = temporaryDatabasePath()
        let copied = try CommandLineTests().run(["copy-data", "--from", path, "--to", target, "--root", projectRoot])
        #expect(copied.status == 0, "\(copied.output)")
        #expect(copied.output.contains("every count matches"))
        #expect(!copied.output.contains("password="))
        let source = try AppDatabase.openWithoutMigrating(.sqlite(path: path))
        let destination = try AppDatabase.openWithoutMigrating(DatabaseLocation(target))
        #expect(try source.rowCounts() == destination.rowCounts())
        #expect(try destination.rowCounts().first { $0.table == "accounts" }?.rows == 2)

        // The copied installation works: the same member signs in with the same password and finds their things.
        let moved = try RunningApp(database: target)
        let member = moved.browser()
        #expect(try member.logIn("copied@example.com").status == 303)
        #expect(try member.get("/community").text.contains("Carried across intact."))
        #expect(try member.get("/account/export.csv").text.contains("tired-blink-track"))
        #expect(try member.get("/account/check-ins.csv").text.contains("Sealed and carried across"))
        #expect(try destination.rowCounts().first { $0.table == "data_keys" }?.rows == 1)
        // New posts continue the feed's numbering after the copied ones.
        #expect(try member.post("/community/posts", [("topic", "wins"), ("body", "Written after the move.")]).status == 303)
        let feed = try member.get("/community").text
        let newer = try #require(feed.range(of: "Written after the move.")), older = try #require(feed.range(of: "Carried across intact."))
        #expect(newer.lowerBound < older.lowerBound)

        // A second copy into a database that holds data is refused, and changes nothing.
        let again = try CommandLineTests().run(["copy-data", "--from", path, "--to", target, "--root", projectRoot])
        #expect(again.status != 0)
        #expect(again.output.contains("already holds data"))
    }

    @Test func aSQLiteBackupIsAWholeConsistentDatabase() throws {
        let (path, _) = try populatedSQLite()
        let backup = temporaryFolder() + "/backup.sqlite"
        let result = try CommandLineTests().run(["backup", "--db", path, "--to", backup, "--root", projectRoot])
        #expect(result.status == 0, "\(result.output)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0)
        #expect(try AppDatabase.openWithoutMigrating(.sqlite(path: backup)).rowCounts()
                == AppDatabase.openWithoutMigrating(.sqlite(path: path)).rowCounts())
        #expect(try CommandLineTests().run(["backup", "--db", path, "--to", backup, "--root", projectRoot]).status != 0)
    }

    @Test(.enabled(if: testPostgresURL != nil, "needs RESETT_TEST_POSTGRES"))
    func aPostgreSQLBackupIsAPgDumpArchive() throws {
        let app = try RunningApp()
        try app.browser().signUp("dumped@example.com")
        let backup = temporaryFolder() + "/backup.dump"
        let result = try CommandLineTests().run(["backup", "--db", app.environment.database.displayName, "--to", backup, "--root", projectRoot])
        #expect(result.status == 0, "\(result.output)")
        let head = try #require(FileManager.default.contents(atPath: backup)).prefix(5)
        #expect(String(decoding: head, as: UTF8.self) == "PGDMP")
    }
}
