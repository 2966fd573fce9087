import Domain
import Foundation
import HTTPServer
import Security
import Storage

/// Moderation for a tenant's moderators and admins; for everyone else these pages do not exist (404).
/// Authors appear only as pseudonyms ("Member 7F3A") that are stable within the tenant and reveal nobody.
enum ModerationHandler {
    static func moderator(_ context: RequestContext) throws -> Account {
        guard let account = context.scope.account, account.role.canModerate else { throw WebError.notFound }
        return account
    }

    /// An HMAC of the account id under the tenant's own pseudonym key (random, never shown, used for nothing
    /// else): the same person always gets the same name here, and without the key nothing leads back to them.
    /// 48 bits, shown as "Member 7F3A-9C21-0B44", so guessing which member is which by trying ids is hopeless.
    static func pseudonym(_ accountID: String?, tenant: Tenant) -> String {
        guard let accountID else { return "A former member" }
        let mac = Digest.hmacSHA256(key: Array(tenant.settings.pseudonymKey.utf8), message: Array(accountID.utf8))
        let hex = Hex.encode(Array(mac.prefix(6))).uppercased()
        let groups = stride(from: 0, to: 12, by: 4).map { start in
            String(hex[hex.index(hex.startIndex, offsetBy: start)..<hex.index(hex.startIndex, offsetBy: start + 4)])
        }
        return "Member " + groups.joined(separator: "-")
    }

    static func queue(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try moderator(context)
        let tenant = context.scope.tenant
        let now = environment.clock()
        let topics = Dictionary(uniqueKeysWithValues: try environment.database.topics(tenantID: tenant.id).map { ($0.slug, $0.name) })
        let items = try environment.database.moderationQueue(tenantID: tenant.id).map { item in
            [
                "id": item.postID, "topic": topics[item.topic] ?? item.topic, "body": item.body,
                "ago": CommunityHandler.timeAgo(now - item.createdAt), "author": pseudonym(item.authorID, tenant: tenant),
                "why": item.heldFor == "safety" ? "Held: its words suggest its author may be at risk"
                    : item.status == .hidden ? "Hidden by reports" : "Reported",
                // swift-mustache treats "" as true, so a report without a note has no "note" key at all.
                "reports": item.reports.map { report in
                    report.note.map { ["reason": report.reason.label, "note": $0] } ?? ["reason": report.reason.label]
                },
                "hasReports": !item.reports.isEmpty,
                "approvePath": Paths.moderate(PostID(stored: item.postID), .approve),
                "hidePath": Paths.moderate(PostID(stored: item.postID), .hide),
                "deletePath": Paths.moderate(PostID(stored: item.postID), .delete),
                "restrictPath": Paths.moderate(PostID(stored: item.postID), .restrict),
                "canRestrict": item.authorID != nil,
            ] as [String: Any]
        }
        let restrictions = try environment.database.activeRestrictions(tenantID: tenant.id, now: now).map {
            ["who": pseudonym($0.accountID, tenant: tenant), "reason": $0.reason, "liftPath": Paths.liftRestriction(RestrictionID(stored: $0.id)),
             "until": $0.until.map { SubscriptionHandler.date($0, account) } ?? "until lifted"] as [String: Any]
        }
        var values: [String: Any] = ["items": items, "isEmpty": items.isEmpty, "restrictions": restrictions,
                                     "hasRestrictions": !restrictions.isEmpty]
        values.merge(Notice.values(context)) { $1 }
        var response = try environment.render("admin/moderation", title: "Moderation", values, context: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// approve and hide act at once (both can be undone); delete and restrict first ask. Each action and its
    /// audit line are one transaction.
    static func act(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try moderator(context)
        let tenant = context.scope.tenant
        let postID = try context.id("id", PostEntity.self)
        guard let action = ModerationRoute(rawValue: try context.parameter("action")) else { throw WebError.notFound }
        let form = try context.form()
        let note = String((form["note"] ?? "").prefix(500))
        let now = environment.clock()
        func audit(_ what: String) -> AuditEntry {
            AuditEntry(actor: account.email, actorID: account.id, action: what, subject: "Post \(postID.rawValue.prefix(8))", note: note, at: now)
        }
        let done: Bool
        switch action {
        case .approve:
            done = try environment.database.moderate(tenantID: tenant.id, postID: postID.rawValue, action: .approve, audit: audit("Approved post"))
        case .hide:
            done = try environment.database.moderate(tenantID: tenant.id, postID: postID.rawValue, action: .hide, audit: audit("Hid post"))
        case .delete:
            guard try environment.database.isModeratable(tenantID: tenant.id, postID: postID.rawValue) else { throw WebError.notFound }
            guard form["confirm"] == "yes" else { return try confirm(context, environment, postID: postID, action: .delete) }
            done = try environment.database.moderate(tenantID: tenant.id, postID: postID.rawValue, action: .delete, audit: audit("Deleted post"))
        case .restrict:
            guard try environment.database.authorOfPost(tenantID: tenant.id, postID: postID.rawValue) != nil else { throw WebError.notFound }
            guard form["confirm"] == "yes" else { return try confirm(context, environment, postID: postID, action: .restrict) }
            guard let days = Int(form["days"] ?? ""), [0, 1, 7, 30].contains(days) else {
                throw WebError.badRequest("Choose 1, 7 or 30 days, or until lifted.")
            }
            let what = days == 0 ? "Restricted posting until lifted" : "Restricted posting for \(days) day\(days == 1 ? "" : "s")"
            done = try environment.database.restrictAuthor(tenantID: tenant.id, postID: postID.rawValue,
                                                           until: days == 0 ? nil : now + days * 86400,
                                                           reason: note.isEmpty ? "Community guidelines" : note,
                                                           audit: audit(what)) { pseudonym($0, tenant: tenant) }
        }
        guard done else { throw WebError.notFound }
        return .redirect(to: Paths.moderation + "?notice=moderated")
    }

    static func lift(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try moderator(context)
        let tenant = context.scope.tenant
        let id = try context.id("id", RestrictionEntity.self)
        let note = String((try context.form()["note"] ?? "").prefix(500))
        let audit = AuditEntry(actor: account.email, actorID: account.id, action: "Lifted posting restriction", note: note,
                               at: environment.clock())
        guard try environment.database.liftRestriction(tenantID: tenant.id, id: id.rawValue, audit: audit, subject: { pseudonym($0, tenant: tenant) })
        else { throw WebError.notFound }
        return .redirect(to: Paths.moderation + "?notice=moderated")
    }

    static func auditLog(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try moderator(context)
        let lines = try environment.database.audit(tenantID: context.scope.tenantID).map {
            ["who": $0.moderator, "what": $0.action, "subject": $0.subject, "note": $0.note,
             "when": SubscriptionHandler.date($0.createdAt, account) + " " + LocalDay.time($0.createdAt, in: account.timeZone)]
        }
        var response = try environment.render("admin/audit", title: "Moderation audit", ["lines": lines, "isEmpty": lines.isEmpty],
                                              context: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    private static func confirm(_ context: RequestContext, _ environment: AppEnvironment, postID: PostID,
                                action: ModerationRoute) throws -> Response {
        try environment.render("admin/confirm", title: action == .delete ? "Delete this post?" : "Restrict this member?", [
            "actionPath": Paths.moderate(postID, action), "isDelete": action == .delete, "isRestrict": action == .restrict,
        ], context: context)
    }
}
