import Domain
import Foundation
import HTTPServer
import UseCases

/// Moderation pages (rules in `Moderation`): for anyone but moderators and admins they do not exist (404).
enum ModerationHandler {
    static func queue(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        let queue = try environment.moderation.queue(member)
        let tenant = member.tenant
        let now = environment.clock()
        let items = queue.items.map { item in
            let post = PostID(stored: item.postID)
            return [
                "id": item.postID, "topic": queue.topicNames[item.topic] ?? item.topic, "body": item.body,
                "ago": CommunityHandler.timeAgo(now - item.createdAt), "author": Moderation.pseudonym(item.authorID, tenant: tenant),
                "why": item.heldFor == "safety" ? "Held: its words suggest its author may be at risk"
                    : item.status == .hidden ? "Hidden by reports" : "Reported",
                // swift-mustache treats "" as true, so a report without a note has no "note" key at all.
                "reports": item.reports.map { report in
                    report.note.map { ["reason": report.reason.label, "note": $0] } ?? ["reason": report.reason.label]
                },
                "hasReports": !item.reports.isEmpty,
                "approvePath": Paths.moderate(post, .approve), "hidePath": Paths.moderate(post, .hide),
                "deletePath": Paths.moderate(post, .delete), "restrictPath": Paths.moderate(post, .restrict),
                "canRestrict": item.authorID != nil,
            ] as [String: Any]
        }
        let restrictions = queue.restrictions.map {
            ["who": Moderation.pseudonym($0.accountID, tenant: tenant), "reason": $0.reason,
             "liftPath": Paths.liftRestriction(RestrictionID(stored: $0.id)),
             "until": $0.until.map { SubscriptionHandler.date($0, member.account) } ?? "until lifted"] as [String: Any]
        }
        var values: [String: Any] = ["items": items, "isEmpty": items.isEmpty, "restrictions": restrictions,
                                     "hasRestrictions": !restrictions.isEmpty]
        values.merge(Notice.values(context)) { $1 }
        return try environment.render("admin/moderation", title: "Moderation", values, context: context)
    }

    /// approve and hide act at once (both can be undone); delete and restrict first ask.
    static func act(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        let post = try context.id("id", PostEntity.self)
        guard let action = ModerationRoute(rawValue: try context.parameter("action")) else { throw WebError.notFound }
        let form = try context.form()
        let note = form["note"] ?? ""
        let moderation = environment.moderation
        switch action {
        case .approve:
            try moderation.approve(member, post: post, note: note)
        case .hide:
            try moderation.hide(member, post: post, note: note)
        case .delete:
            try moderation.requireDeletable(member, post: post)
            guard form["confirm"] == "yes" else { return try confirm(context, environment, post: post, action: .delete) }
            try moderation.delete(member, post: post, note: note)
        case .restrict:
            try moderation.requireRestrictable(member, post: post)
            guard form["confirm"] == "yes" else { return try confirm(context, environment, post: post, action: .restrict) }
            guard let days = WholeNumber.parse(form["days"] ?? "", in: 0...30), let length = Moderation.RestrictionLength(rawValue: days) else {
                throw WebError.badRequest("Choose 1, 7 or 30 days, or until lifted.")
            }
            try moderation.restrictAuthor(member, post: post, for: length, note: note)
        }
        return .redirect(to: Paths.moderation + "?notice=moderated")
    }

    static func lift(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        try environment.moderation.lift(member, restriction: try context.id("id", RestrictionEntity.self),
                                        note: try context.form()["note"] ?? "")
        return .redirect(to: Paths.moderation + "?notice=moderated")
    }

    static func auditLog(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        let lines = try environment.moderation.audit(member).map {
            ["who": $0.moderator, "what": $0.action, "subject": $0.subject, "note": $0.note,
             "when": SubscriptionHandler.date($0.createdAt, member.account) + " " + LocalDay.time($0.createdAt, in: member.account.timeZone)]
        }
        return try environment.render("admin/audit", title: "Moderation audit", ["lines": lines, "isEmpty": lines.isEmpty],
                                              context: context)
    }

    private static func confirm(_ context: RequestContext, _ environment: AppEnvironment, post: PostID,
                                action: ModerationRoute) throws -> Response {
        try environment.render("admin/confirm", title: action == .delete ? "Delete this post?" : "Restrict this member?", [
            "actionPath": Paths.moderate(post, action), "isDelete": action == .delete, "isRestrict": action == .restrict,
        ], context: context)
    }
}
