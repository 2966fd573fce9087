import Foundation
@testable import Storage
import Testing
@testable import Web

/// `/readyz` beside `/healthz`: a node says whether it may take traffic, for any host, without a tenant.
@Suite("Readiness")
struct ReadinessTests {
    @Test func aMigratedNodeIsReadyAndSaysSo() throws {
        let app = try RunningApp()
        for host in ["localhost", "no-such-tenant.localhost"] {
            let answer = try app.browser(host: host).get("/readyz")
            #expect(answer.status == 200 && answer.text == "ready\n")
            #expect(answer.header("Cache-Control") == "no-store")
        }
    }

    @Test func aPendingMigrationMakesTheNodeNotReady() throws {
        let app = try RunningApp()
        // The same database, with one more migration on disk than it has applied.
        let folder = temporaryFolder() + "/Migrations"
        try FileManager.default.copyItem(atPath: projectRoot + "/Migrations", toPath: folder)
        for dialect in ["sqlite", "postgres"] {
            try "SELECT 1;".write(toFile: folder + "/\(dialect)/9999_later.sql", atomically: true, encoding: .utf8)
        }
        #expect(app.environment.database.readinessProblems(migrationsDirectory: folder) == ["1 migration(s) not applied"])
        #expect(app.environment.database.readinessProblems(migrationsDirectory: projectRoot + "/Migrations").isEmpty)
        // Applying it says what it applied, and the node is ready again.
        #expect(try app.environment.database.migrate(from: folder) == ["9999_later.sql"])
        #expect(try app.environment.database.migrate(from: folder) == [])
        #expect(app.environment.database.readinessProblems(migrationsDirectory: folder).isEmpty)
    }

    @Test func aClosedDatabaseIsNotReady() throws {
        let app = try RunningApp()
        try app.environment.database.close()
        let answer = try app.client().request("GET", "/readyz")
        #expect(answer.status == 503)
        #expect(answer.text.hasPrefix("not ready: ") && answer.text.contains("database not writable"))
        #expect(!answer.text.contains("/") && !answer.text.contains("sqlite"))
    }
}
