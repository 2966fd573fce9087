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

    /// An HMAC of the account id under the tenant's secret: the same person always gets the same name here,
    /// and nothing about it leads back to them.
    static func pseudonym(_ accountID: String?, tenant: Tenant) -> String {
        guard let accountID else { return "A former member" }
        let mac = Digest.hmacSHA256(key: Array(("pseudonym:" + tenant.settings.webhookSecret).utf8), message: Array(accountID.utf8))
        return "Member " + Hex.encode(Array(mac.prefix(2))).uppercased()
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
                "approvePath": Paths.moderate(item.postID, "approve"), "hidePath": Paths.moderate(item.postID, "hide"),
                "deletePath": Paths.moderate(item.postID, "delete"), "restrictPath": Paths.moderate(item.postID, "restrict"),
                "canRestrict": item.authorID != nil,
            ] as [String: Any]
        }
        let restrictions = try environment.database.activeRestrictions(tenantID: tenant.id, now: now).map {
            ["who": pseudonym($0.accountID, tenant: tenant), "reason": $0.reason, "liftPath": Paths.liftRestriction($0.id),
             "until": $0.until.map { SubscriptionHandler.date($0, account) } ?? "until lifted"] as [String: Any]
        }
        var values: [String: Any] = ["items": items, "isEmpty": items.isEmpty, "restrictions": restrictions,
                                     "hasRestrictions": !restrictions.isEmpty]
        values.merge(Notice.values(context)) { $1 }
        var response = try environment.render("admin/moderation", title: "Moderation", values, context: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// approve and hide act at once (both can be undone); delete and restrict first ask.
    static func act(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try moderator(context)
        let tenant = context.scope.tenant
        let postID = try context.parameter("id")
        let form = try context.form()
        let note = String((form["note"] ?? "").prefix(500))
        let now = environment.clock()
        let action = try context.parameter("action")
        switch action {
        case "approve", "hide":
            guard try environment.database.moderate(tenantID: tenant.id, postID: postID,
                                                    action: action == "approve" ? .approve : .hide) else { throw WebError.notFound }
            try environment.database.appendAudit(tenantID: tenant.id, moderator: account.email, action: action == "approve" ? "Approved post" : "Hid post",
                                                 subject: "Post \(postID.prefix(8))", note: note, now: now)
        case "delete":
            guard form["confirm"] == "yes" else { return try confirm(context, environment, postID: postID, action: "delete") }
            guard try environment.database.moderate(tenantID: tenant.id, postID: postID, action: .delete) else { throw WebError.notFound }
            try environment.database.appendAudit(tenantID: tenant.id, moderator: account.email, action: "Deleted post",
                                                 subject: "Post \(postID.prefix(8))", note: note, now: now)
        case "restrict":
            guard let author = try environment.database.authorOfPost(tenantID: tenant.id, postID: postID) else { throw WebError.notFound }
            guard form["confirm"] == "yes" else { return try confirm(context, environment, postID: postID, action: "restrict") }
            let days = Int(form["days"] ?? "")
            guard let days, [0, 1, 7, 30].contains(days) else { throw WebError.badRequest("Choose 1, 7 or 30 days, or until lifted.") }
            try environment.database.restrictPosting(tenantID: tenant.id, accountID: author, until: days == 0 ? nil : now + days * 86400,
                                                     reason: note.isEmpty ? "Community guidelines" : note, now: now)
            try environment.database.appendAudit(tenantID: tenant.id, moderator: account.email,
                                                 action: days == 0 ? "Restricted posting until lifted" : "Restricted posting for \(days) day\(days == 1 ? "" : "s")",
                                                 subject: pseudonym(author, tenant: tenant), note: note, now: now)
        default:
            throw WebError.notFound
        }
        return .redirect(to: Paths.moderation + "?notice=moderated")
    }

    static func lift(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try moderator(context)
        let tenant = context.scope.tenant
        let now = environment.clock()
        guard let author = try environment.database.liftRestriction(tenantID: tenant.id, id: try context.parameter("id"), now: now)
        else { throw WebError.notFound }
        try environment.database.appendAudit(tenantID: tenant.id, moderator: account.email, action: "Lifted posting restriction",
                                             subject: pseudonym(author, tenant: tenant), note: String((try context.form()["note"] ?? "").prefix(500)),
                                             now: now)
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

    private static func confirm(_ context: RequestContext, _ environment: AppEnvironment, postID: String, action: String) throws -> Response {
        try environment.render("admin/confirm", title: action == "delete" ? "Delete this post?" : "Restrict this member?", [
            "actionPath": Paths.moderate(postID, action), "isDelete": action == "delete", "isRestrict": action == "restrict",
        ], context: context)
    }
}
