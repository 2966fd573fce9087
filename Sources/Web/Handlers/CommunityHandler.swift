import Domain
import Foundation
import HTTPServer
import Storage

/// The anonymous community feed. Members see posts, never who wrote them; their own say "You".
enum CommunityHandler {
    static let pageSize = 20

    /// The community is for signed-in members of a tenant that has it switched on; otherwise it is not there.
    static func member(_ context: RequestContext) throws -> Account {
        guard context.scope.tenant.settings.communityEnabled else { throw WebError.notFound }
        return try context.requireAccount()
    }

    static func feed(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try member(context)
        return try feedPage(context, environment, account: account, typed: (topic: "", body: ""), errors: FormErrors())
    }

    static func post(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try member(context)
        let form = try context.form()
        let now = environment.clock()
        let topic = form["topic"] ?? ""
        let body = (form["body"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "\r\n", with: "\n")
        if let restriction = try environment.database.postingRestriction(tenantID: account.tenantID, accountID: account.id, now: now) {
            var errors = FormErrors()
            errors.add("body", restrictionText(restriction.until, account) + " Reason: " + restriction.reason)
            return try feedPage(context, environment, account: account, typed: (topic, body), errors: errors, status: .forbidden)
        }
        let key = account.tenantID + ":" + account.id
        if let wait = environment.limits.postsPerMember.retryAfter(key, now: now) { throw WebError.tooManyRequests(retryAfter: wait) }
        var errors = FormErrors()
        let topics = try environment.database.topics(tenantID: account.tenantID)
        if !topics.contains(where: { $0.slug == topic }) { errors.add("topic", "Choose a topic.") }
        if body.isEmpty { errors.add("body", "Write something to share, up to 1000 characters.") }
        if body.count > 1000 { errors.add("body", "Please keep it to 1000 characters; this is \(body.count).") }
        guard errors.isEmpty else {
            return try feedPage(context, environment, account: account, typed: (topic, body), errors: errors, status: .unprocessableContent)
        }
        environment.limits.postsPerMember.record(key, now: now)
        let held = environment.safetyPhrases.suggestsRisk(body)
        _ = try environment.database.createPost(tenantID: account.tenantID, authorID: account.id, topic: topic, body: body,
                                                heldForSafety: held, now: now)
        if held {
            return try environment.render("community/held", title: "Thank you for sharing",
                                          ["crisisSupportText": context.scope.tenant.settings.crisisSupportText], context: context)
        }
        return .redirect(to: Paths.community + "?notice=posted")
    }

    static func deleteOwn(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try member(context)
        guard try environment.database.deleteOwnPost(tenantID: account.tenantID, authorID: account.id,
                                                     postID: try context.id("id", PostEntity.self).rawValue)
        else { throw WebError.notFound }
        return .redirect(to: Paths.community + "?notice=post-deleted")
    }

    static func react(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try member(context)
        guard let kind = ReactionKind(rawValue: try context.form()["kind"] ?? "") else {
            throw WebError.badRequest("Choose one of the four reactions.")
        }
        let id = try context.id("id", PostEntity.self)
        guard try environment.database.toggleReaction(tenantID: account.tenantID, accountID: account.id, postID: id.rawValue, kind: kind) else {
            throw WebError.notFound
        }
        return .redirect(to: Paths.community + "#post-\(id)")
    }

    /// Only a post this member can see and report has a report form; anything else does not exist.
    static func showReport(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try member(context)
        let id = try context.id("id", PostEntity.self)
        guard try environment.database.isReportable(tenantID: account.tenantID, postID: id.rawValue) else { throw WebError.notFound }
        return try reportPage(context, environment, postID: id, errors: FormErrors(), note: "")
    }

    static func report(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try member(context)
        let id = try context.id("id", PostEntity.self)
        guard try environment.database.isReportable(tenantID: account.tenantID, postID: id.rawValue) else { throw WebError.notFound }
        let form = try context.form()
        let now = environment.clock()
        let note = (form["note"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = FormErrors()
        let reason = ReportReason(rawValue: form["reason"] ?? "")
        if reason == nil { errors.add("reason-spam", "Choose why you’re reporting this post.") }
        if reason == .other, note.isEmpty { errors.add("note", "Please say a few words about what’s wrong.") }
        if note.count > 500 { errors.add("note", "Please keep the note to 500 characters.") }
        guard let reason, errors.isEmpty else {
            return try reportPage(context, environment, postID: id, errors: errors, note: note, status: .unprocessableContent)
        }
        let key = account.tenantID + ":" + account.id
        if let wait = environment.limits.reportsPerMember.retryAfter(key, now: now) { throw WebError.tooManyRequests(retryAfter: wait) }
        switch try environment.database.report(tenantID: account.tenantID, reporterID: account.id, postID: id.rawValue, reason: reason,
                                               note: note.isEmpty ? nil : note, now: now) {
        case .notFound: throw WebError.notFound
        case .alreadyReported: throw WebError.conflict("You’ve already reported this post. Thank you; a moderator will look at it.")
        case .reported:
            environment.limits.reportsPerMember.record(key, now: now)
            return .redirect(to: Paths.community + "?notice=reported")
        }
    }

    // MARK: Pages

    private static func feedPage(_ context: RequestContext, _ environment: AppEnvironment, account: Account,
                                 typed: (topic: String, body: String), errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let query = try context.query()
        let topics = try environment.database.topics(tenantID: account.tenantID)
        let topic = query["topic"].flatMap { slug in topics.contains { $0.slug == slug } ? slug : nil }
        if let requested = query["topic"], topic == nil, !requested.isEmpty { throw WebError.notFound }
        let before: Int?
        if let text = query["before"] {
            guard let cursor = Int(text), cursor > 0 else { throw WebError.badRequest("That page of posts doesn’t exist.") }
            before = cursor
        } else {
            before = nil
        }
        let posts = try environment.database.feed(tenantID: account.tenantID, viewerID: account.id, topic: topic, before: before,
                                                  limit: pageSize + 1)
        let now = environment.clock()
        let names = Dictionary(uniqueKeysWithValues: topics.map { ($0.slug, $0.name) })
        var values: [String: Any] = [
            "topics": topics.map { ["slug": $0.slug, "name": $0.name, "path": Paths.communityTopic($0.slug),
                                    "current": $0.slug == topic, "selected": $0.slug == (typed.topic.isEmpty ? topic ?? "" : typed.topic)] },
            "allPath": Paths.community, "allCurrent": topic == nil,
            "posts": posts.prefix(pageSize).map { post in postValues(post, names: names, now: now) },
            "isEmpty": posts.isEmpty, "body": typed.body,
        ]
        // Present only when restricted: swift-mustache would print an absent Optional as "nil".
        if let restriction = try environment.database.postingRestriction(tenantID: account.tenantID, accountID: account.id, now: now) {
            values["restriction"] = restrictionText(restriction.until, account) + " Reason: " + restriction.reason
        }
        if posts.count > pageSize, let last = posts.prefix(pageSize).last {
            values["olderPath"] = Paths.community + "?" + (topic.map { "topic=\($0)&" } ?? "") + "before=\(last.cursor)"
        }
        var response = try environment.renderForm("community/feed", title: "Community", values, errors: errors, context: context,
                                                  status: status)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    private static func postValues(_ post: CommunityPost, names: [String: String], now: Int) -> [String: Any] {
        var values: [String: Any] = [
            "id": post.id, "topic": names[post.topic] ?? post.topic, "body": post.body, "ago": timeAgo(now - post.createdAt),
            "isMine": post.isMine, "waiting": post.status != .visible, "deletePath": Paths.postDelete(post.typedID),
            "reactPath": Paths.postReactions(post.typedID), "reportPath": Paths.postReport(post.typedID),
            "reactions": ReactionKind.allCases.map { kind in
                ["kind": kind.rawValue, "emoji": kind.emoji, "label": kind.label, "count": post.reactions[kind] ?? 0,
                 "pressed": post.myReaction == kind] as [String: Any]
            },
        ]
        if post.status == .visible { values["canReact"] = true }
        return values
    }

    private static func reportPage(_ context: RequestContext, _ environment: AppEnvironment, postID: PostID, errors: FormErrors,
                                   note: String, status: HTTPStatus = .ok) throws -> Response {
        var values: [String: Any] = [
            "reportPath": Paths.postReports(postID), "note": note,
            "reasons": ReportReason.allCases.map { ["value": $0.rawValue, "label": $0.label] },
        ]
        return try environment.renderForm("community/report", title: "Report a post", values, errors: errors, context: context,
                                          status: status)
    }

    static func restrictionText(_ until: Int?, _ account: Account) -> String {
        until.map { "You can post again from \(SubscriptionHandler.date($0, account))." }
            ?? "A moderator has paused your posting for now."
    }

    /// "just now", "5 minutes ago", "3 hours ago", "2 days ago".
    static func timeAgo(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: "just now"
        case ..<3600: seconds / 60 == 1 ? "1 minute ago" : "\(seconds / 60) minutes ago"
        case ..<86400: seconds / 3600 == 1 ? "1 hour ago" : "\(seconds / 3600) hours ago"
        default: seconds / 86400 == 1 ? "1 day ago" : "\(seconds / 86400) days ago"
        }
    }
}
