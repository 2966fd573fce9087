import Foundation
import Testing
import Domain
@testable import Storage

/// A change to what the community's pages show must move the tenant's community version on in the same transaction
/// (`CommunityWriteWatch`): the kept pages of the feed and the queue rely on it on every node.
@Suite("Community version")
struct CommunityWriteWatchTests {
    func database() throws -> AppDatabase {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("community-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            CREATE TABLE tenants (id TEXT PRIMARY KEY);
            CREATE TABLE community_versions (tenant_id TEXT PRIMARY KEY REFERENCES tenants (id), version INTEGER NOT NULL);
            CREATE TABLE posts (id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, body TEXT);
            INSERT INTO tenants (id) VALUES ('a'), ('b');
            INSERT INTO community_versions (tenant_id, version) VALUES ('a', 0), ('b', 0);
            """.write(toFile: folder + "/0001_community.sql", atomically: true, encoding: .utf8)
        return try AppDatabase.open(path: folder + "/test.sqlite", migrationsDirectory: folder)
    }

    func version(_ database: AppDatabase, _ tenant: String) throws -> Int? {
        try database.read { try $0.int(sql: "SELECT version FROM community_versions WHERE tenant_id = ?", arguments: [tenant]) }
    }

    @Test func aChangeWithoutItsVersionIsRefusedAndLeavesNothingBehind() throws {
        let database = try database()
        #expect(throws: StorageError.self) {
            try database.write { db in
                try db.execute(sql: "INSERT INTO posts (id, tenant_id, body) VALUES ('p', 'a', 'hello')")
            }
        }
        // Written on more than one line, as most of our statements are.
        #expect(throws: StorageError.self) {
            try database.write { db in
                try db.execute(sql: "INSERT INTO posts\n(id, tenant_id, body) VALUES ('p', 'a', 'hello')")
            }
        }
        #expect(try database.read { try $0.int(sql: "SELECT count(*) FROM posts") } == 0)

        try database.write { db in
            try db.execute(sql: "INSERT INTO posts (id, tenant_id, body) VALUES ('p', 'a', 'hello')")
            try AppDatabase.communityChanged(db, tenantID: TenantID(stored: "a"))
        }
        #expect(try database.read { try $0.int(sql: "SELECT count(*) FROM posts") } == 1)
        #expect(try version(database, "a") == 1)
        #expect(try version(database, "b") == 0)

        #expect(throws: StorageError.self) {
            try database.write { db in try db.execute(sql: "update posts set body = 'changed' where id = 'p'") }
        }
        #expect(throws: StorageError.self) {
            try database.write { db in try db.execute(sql: "DELETE FROM posts WHERE id = 'p'") }
        }
        #expect(try database.read { try $0.string(sql: "SELECT body FROM posts WHERE id = 'p'") } == "hello")
    }

    @Test func aStatementThatChangesNoRowNeedsNoVersion() throws {
        let database = try database()
        // Another tenant's post, or one already gone: nothing anyone sees has changed.
        let changed = try database.write { db in
            try db.execute(sql: "UPDATE posts SET body = NULL WHERE tenant_id = 'b' AND id = 'missing'")
            return db.changesCount
        }
        #expect(changed == 0)
        #expect(try version(database, "b") == 0)
    }

    @Test func aWholeCopyMovesEveryTenantOn() throws {
        let database = try database()
        try database.write { db in try AppDatabase.communityChanged(db, tenantID: nil) }
        #expect(try version(database, "a") == 1)
        #expect(try version(database, "b") == 1)
    }
}
