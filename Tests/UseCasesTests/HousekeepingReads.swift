import Foundation
@testable import Storage
import Testing

/// The minute's housekeeping (`AppDatabase.purgeExpired`): it deletes exactly what can no longer be used, and finds it
/// by an index, since it runs every minute over every tenant's sessions.
struct HousekeepingReads {
    @Test func whatCanNoLongerBeUsedGoesAndNothingElse() throws {
        let fixture = try RulesFixture()
        let ana = try fixture.member("ana@example.com")
        let now = fixture.clock(), idle = 3_600, absolute = 30 * 86_400
        let tenant = ana.tenantID, account = ana.accountID
        func hex(_ n: Int, _ length: Int) -> String { String(repeating: String(n), count: length) }
        try fixture.database.write { db in
            // Sessions: fresh; made too long ago though seen a moment ago (the absolute limit); unused for too long.
            for (n, created, seen) in [(1, now - 60, now - 10), (2, now - absolute - 1, now - 10), (3, now - 7_200, now - idle - 1)] {
                try db.execute(sql: """
                    INSERT INTO sessions (id, token_hash, tenant_id, account_id, csrf_token, created_at, last_seen_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [hex(n, 32), hex(n, 64), tenant, account, hex(n, 64), created, seen])
            }
            // Reset tokens: still good; used though not yet expired; expired.
            for (n, expires, used) in [(4, now + 600, nil), (5, now + 600, now - 5), (6, now - 1, nil)] as [(Int, Int, Int?)] {
                try db.execute(sql: "INSERT INTO password_resets (token_hash, tenant_id, account_id, expires_at, used_at) VALUES (?, ?, ?, ?, ?)",
                               arguments: [hex(n, 64), tenant, account, expires, used])
            }
            // Sign-in links: still good; expired.
            for (n, expires) in [(7, now + 600), (8, now)] {
                try db.execute(sql: "INSERT INTO sign_in_links (token_hash, tenant_id, account_id, expires_at) VALUES (?, ?, ?, ?)",
                               arguments: [hex(n, 64), tenant, account, expires])
            }
        }
        #expect(try fixture.database.purgeExpired(now: now, sessionIdleLimit: idle, sessionAbsoluteLimit: absolute) == 5)
        let left = try fixture.database.read { db in
            (try db.rows(sql: "SELECT id FROM sessions").map { $0["id"] as String },
             try db.rows(sql: "SELECT token_hash FROM password_resets").map { $0["token_hash"] as String },
             try db.rows(sql: "SELECT token_hash FROM sign_in_links").map { $0["token_hash"] as String })
        }
        #expect(left.0 == [hex(1, 32)])
        #expect(left.1 == [hex(4, 64)])
        #expect(left.2 == [hex(7, 64)])
    }

    @Test func eachDeleteFindsItsRowsByAnIndex() throws {
        let fixture = try RulesFixture()
        for purge in AppDatabase.purges {
            let placeholders = purge.sql.filter { $0 == "?" }.count
            let plan = try fixture.database.read { db in
                try db.rows(sql: "EXPLAIN QUERY PLAN " + purge.sql, arguments: SQLArguments(Array(repeating: .integer(0), count: placeholders)))
                    .map { $0["detail"] as String }
            }
            #expect(!plan.isEmpty && plan.allSatisfy { $0.hasPrefix("SEARCH") && $0.contains("INDEX") }, "\(purge.sql): \(plan)")
        }
    }
}
