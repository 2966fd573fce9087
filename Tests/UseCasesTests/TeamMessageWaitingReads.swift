import Domain
@testable import Storage
import UseCases
import Testing

/// Whether a message from the moderation team waits is read with the session on every signed-in page, from a column
/// the messages' triggers keep (0049): it follows every message sent, read and deleted, and only the person's own.
struct TeamMessageWaitingReads {
    @Test func theSessionSaysAMessageWaitsUntilEveryOneIsRead() throws {
        let fixture = try RulesFixture()
        let ana = try fixture.member("ana@example.com"), bo = try fixture.member("bo@example.com")
        let now = fixture.clock(), token = String(repeating: "a", count: 64)
        _ = try #require(try fixture.database.createSession(tenantID: ana.tenantID, accountID: ana.accountID, tokenHash: token,
                                                            csrfToken: token, device: "test", now: now))
        func waiting() throws -> Bool? {
            let found = try fixture.database.tenantAndSession(tenantBy: .slug(Tenant.defaultSlug), tokenHash: token, now: now,
                                                              idleLimit: 3_600, absoluteLimit: 86_400)
            return try #require(found?.1).1.teamMessagesWaiting
        }
        func send(_ id: String, to member: MemberScope) throws {
            try fixture.database.write { db in
                try db.execute(sql: "INSERT INTO team_messages (tenant_id, id, account_id, body, created_at) VALUES (?, ?, ?, ?, ?)",
                               arguments: [member.tenantID, id, member.accountID, "We are here", now])
            }
        }
        let first = String(repeating: "1", count: 32), second = String(repeating: "2", count: 32), third = String(repeating: "3", count: 32)
        #expect(try waiting() == false)
        try send(String(repeating: "b", count: 32), to: bo)
        #expect(try waiting() == false, "someone else's message")
        try send(first, to: ana)
        try send(second, to: ana)
        #expect(try waiting() == true)
        #expect(try fixture.database.markTeamMessageSeen(tenantID: ana.tenantID, accountID: ana.accountID, id: first, now: now))
        #expect(try waiting() == true, "one of two read")
        #expect(try fixture.database.markTeamMessageSeen(tenantID: ana.tenantID, accountID: ana.accountID, id: second, now: now))
        #expect(try waiting() == false)
        try send(third, to: ana)
        #expect(try waiting() == true)
        try fixture.database.write { db in try db.execute(sql: "DELETE FROM team_messages WHERE id = ?", arguments: [third]) }
        #expect(try waiting() == false, "a deleted message waits no more")
    }
}
