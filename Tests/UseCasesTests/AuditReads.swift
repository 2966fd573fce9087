import Domain
import Foundation
@testable import Storage
import Testing

/// The moderation audit page's reads (`AppDatabase.audit`, `auditChoices`): a page of lines, newest first, and the
/// filters' choices each come from an index in the order they are shown, whatever the filter, so a visit never sorts
/// a tenant's whole audit.
struct AuditReads {
    @Test func aPageOfLinesAndTheChoicesAreReadInIndexOrder() throws {
        let fixture = try RulesFixture()
        let tenant = try fixture.tenant().id
        var statements: [(String, SQLArguments)] = [(AppDatabase.auditActionsSQL, [tenant]), (AppDatabase.auditModeratorsSQL, [tenant])]
        for filter in [AuditFilter(), AuditFilter(action: "post.hidden"), AuditFilter(moderator: "Moderator 1"), AuditFilter(before: 90),
                       AuditFilter(action: "post.hidden", before: 90)] {
            statements.append(AppDatabase.auditSQL(tenantID: tenant, filter: filter))
        }
        for (sql, arguments) in statements {
            let plan = try fixture.database.read { db in
                try db.rows(sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
            }
            #expect(!plan.isEmpty && plan.allSatisfy { $0.hasPrefix("SEARCH") && $0.contains("INDEX") }, "\(sql): \(plan)")
        }
    }

    @Test func theLinesComeNewestFirstAndTheChoicesOnceEachInOrder() throws {
        let fixture = try RulesFixture()
        let tenant = try fixture.tenant().id, other = try fixture.tenant("other").id
        try fixture.database.write { db in
            for (n, moderator, action) in [(1, "Moderator 2", "post.hidden"), (2, "Moderator 1", "post.restored"), (3, "Moderator 2", "post.hidden")] {
                try AppDatabase.appendAudit(db, tenantID: tenant, AuditEntry(actor: moderator, actorID: nil, action: action, subject: "post \(n)", at: n))
            }
            try AppDatabase.appendAudit(db, tenantID: other, AuditEntry(actor: "Moderator 9", actorID: nil, action: "member.restricted", subject: "x", at: 4))
        }
        #expect(try fixture.database.audit(tenantID: tenant).map(\.subject) == ["post 3", "post 2", "post 1"])
        #expect(try fixture.database.audit(tenantID: tenant, filter: AuditFilter(action: "post.hidden")).map(\.subject) == ["post 3", "post 1"])
        let choices = try fixture.database.auditChoices(tenantID: tenant)
        #expect(choices.actions == ["post.hidden", "post.restored"])
        #expect(choices.moderators == ["Moderator 1", "Moderator 2"])
    }
}
