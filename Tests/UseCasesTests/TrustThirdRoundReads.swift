import Foundation
@testable import Storage
import Testing

/// Issue 65's new statements find their rows by an index, so an organisation of 30,000 costs what a small one does:
/// a tenant's admins by role (not every account), an account's pending connection and first-passkey request, a token.
struct TrustThirdRoundReads {
    @Test func eachNewStatementSearchesAnIndex() throws {
        let fixture = try RulesFixture()
        let statements = [
            "SELECT email FROM accounts WHERE tenant_id = ? AND role = 'admin' AND id <> ? AND deactivated_at IS NULL",
            "DELETE FROM pending_identity_links WHERE tenant_id = ? AND account_id = ?",
            "SELECT provider_id FROM pending_identity_links WHERE tenant_id = ? AND page_token_hash = ? AND expires_at > ?",
            "SELECT provider_id FROM pending_identity_links WHERE tenant_id = ? AND mail_token_hash = ? AND expires_at > ?",
            "SELECT count(*) FROM first_passkey_requests WHERE tenant_id = ? AND token_hash = ? AND account_id = ? AND approved_by IS NOT NULL AND expires_at > ?",
            "DELETE FROM first_passkey_requests WHERE tenant_id = ? AND account_id = ?",
            "SELECT count(*) FROM passkeys WHERE tenant_id = ? AND account_id = ?",
            "SELECT minimum_group_size, body FROM organisation_report_parts WHERE tenant_id = ? AND kind = ? AND period_start = ?",
        ]
        for sql in statements {
            let placeholders = sql.filter { $0 == "?" }.count
            let plan = try fixture.database.read { db in
                try db.rows(sql: "EXPLAIN QUERY PLAN " + sql, arguments: SQLArguments(Array(repeating: .text("x"), count: placeholders)))
                    .map { $0["detail"] as String }
            }
            #expect(!plan.isEmpty && plan.allSatisfy { $0.hasPrefix("SEARCH") && ($0.contains("INDEX") || $0.contains("PRIMARY KEY")) },
                    "\(sql): \(plan)")
        }
        let admins = try fixture.database.read { db in
            try db.rows(sql: "EXPLAIN QUERY PLAN SELECT email FROM accounts WHERE tenant_id = ? AND role = 'admin' AND id <> ? AND deactivated_at IS NULL",
                        arguments: ["t", "a"]).map { $0["detail"] as String }
        }
        #expect(admins.contains { $0.contains("accounts_by_role") }, "\(admins)")
    }
}
