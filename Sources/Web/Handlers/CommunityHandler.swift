import Domain
import Foundation
import HTTPServer
import UseCases

/// The anonymous community feed. Members see posts, never who wrote them; their own say "You".
enum CommunityHandler {
    static let pageSize = 20

    static func feed(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try feedPage(context, environment, member: try context.member(), typed: (topic: "", body: ""), errors: FormErrors())
    }

    static func post(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try environment.community.admit(try context.member())
        let form = try context.form()
        let topic = form["topic"] ?? ""
        let body = (form["body"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "\r\n", with: "\n")
        var errors = FormErrors()
        if body.isEmpty { errors.add("body", "Write something to share, up to 1000 characters.") }
        if body.count > 1000 { errors.add("body", "Please keep it to 1000 characters; this is \(body.count).") }
        if errors.isEmpty {
            switch try environment.community.post(member, topic: topic, body: body) {
            case .published:
                return .redirect(to: Paths.community + "?notice=posted")
            case .heldForSafety:
                var values = try SafeguardingViews.contacts(context, environment)
                values["breathePath"] = Paths.help(Paths.helpBreathe, from: Paths.community)
                return try environment.render("community/held", title: "Thank you for telling us", values, context: context)
            case .heldForReview:
                return try environment.render("community/review", title: "Thank you for sharing", [:], context: context)
            case .refused:
                errors.add("body", "This post includes words this community has asked us not to share. Could you say it another way?")
            case .unknownTopic:
                errors.add("topic", "Choose a topic.")
            case .restricted(let until, let reason):
                errors.add("body", restrictionText(until, member.account) + " Reason: " + reason)
                return try feedPage(context, environment, member: member, typed: (topic, body), errors: errors, status: .forbidden)
            }
        }
        return try feedPage(context, environment, member: member, typed: (topic, body), errors: errors, status: .unprocessableContent)
    }

    static func deleteOwn(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.community.deleteOwn(try context.member(), post: try context.id("id", PostEntity.self))
        return .redirect(to: Paths.community + "?notice=post-deleted")
    }

    static func react(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let id = try context.id("id", PostEntity.self)
        guard let kind = ReactionKind(rawValue: try context.form()["kind"] ?? "") else {
            throw WebError.badRequest("Choose one of the four reactions.")
        }
        try environment.community.react(member, post: id, kind: kind)
        return .redirect(to: Paths.community + "#post-\(id)")
    }

    /// Only a post this member can see and report has a report form; anything else does not exist.
    static func showReport(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let id = try context.id("id", PostEntity.self)
        try environment.community.requireReportable(try context.member(), post: id)
        return try reportPage(context, environment, postID: id, errors: FormErrors(), note: "")
    }

    static func report(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let id = try context.id("id", PostEntity.self)
        try environment.community.requireReportable(member, post: id)
        let form = try context.form()
        let note = (form["note"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = FormErrors()
        let reason = ReportReason(rawValue: form["reason"] ?? "")
        if reason == nil { errors.add("reason-spam", "Choose why you’re reporting this post.") }
        if reason == .other, note.isEmpty { errors.add("note", "Please say a few words about what’s wrong.") }
        if note.count > 500 { errors.add("note", "Please keep the note to 500 characters.") }
        guard let reason, errors.isEmpty else {
            return try reportPage(context, environment, postID: id, errors: errors, note: note, status: .unprocessableContent)
        }
        try environment.community.report(member, post: id, reason: reason, note: note.isEmpty ? nil : note)
        return .redirect(to: Paths.community + "?notice=reported")
    }

    // MARK: Pages

    private static func feedPage(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope,
                                 typed: (topic: String, body: String), errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let query = try context.query()
        let topic = query["topic"].flatMap { $0.isEmpty ? nil : $0 }
        let before: Int?
        if let text = query["before"] {
            // A cursor is a row number: digits only, bounded, so nothing a client sends reaches arithmetic unchecked.
            guard let cursor = WholeNumber.parse(text, in: 1...Int.max)
            else { throw WebError.badRequest("That page of posts doesn’t exist.") }
            before = cursor
        } else {
            before = nil
        }
        let member = try environment.community.admit(member)
        let now = environment.clock()
        let key = FeedKey(tenantID: member.tenantID, accountID: member.accountID, communityVersion: member.account.communityVersion,
                          csrf: context.csrfToken, topic: topic, before: before)
        // A restriction ends by the clock, not by a change: a page drawn with one holds until then.
        let page = try environment.feedPages.value(key, current: { view in view.restriction?.until.map { now < $0 } ?? true }) {
            let page = try environment.community.feed(member, topic: topic, before: before, pageSize: pageSize)
            let names = Dictionary(uniqueKeysWithValues: page.topics.map { ($0.slug, $0.name) })
            return FeedView(topics: page.topics, posts: postsHTML(page.posts.prefix(pageSize), names: names, csrf: context.csrfToken),
                            isEmpty: page.posts.isEmpty,
                            olderCursor: page.posts.count > pageSize ? page.posts.prefix(pageSize).last?.cursor : nil,
                            restriction: page.restriction)
        }
        var values: [String: Any] = [
            "topicOptionsHTML": topicOptionsHTML(page.topics, selected: typed.topic.isEmpty ? topic ?? "" : typed.topic),
            "topicLinksHTML": topicLinksHTML(page.topics, current: topic),
            "allPath": Paths.community, "allCurrent": topic == nil,
            "postsHTML": page.posts.written(now: now),
            "isEmpty": page.isEmpty, "body": typed.body,
            // While writing: with script, words that suggest risk bring up the contacts before anything is sent.
            "safetyPhrases": SafeguardingViews.phraseList(environment.safetyPhrases.phrases),
        ]
        values.merge(try SafeguardingViews.contacts(context, environment)) { $1 }
        values.merge(try SafeguardingViews.teamMessages(context, environment)) { $1 }
        // Present only when restricted: swift-mustache would print an absent Optional as "nil".
        if let restriction = page.restriction {
            values["restriction"] = restrictionText(restriction.until, member.account) + " Reason: " + restriction.reason
        }
        if let cursor = page.olderCursor {
            values["olderPath"] = Paths.community + "?" + (topic.map { "topic=\(PercentEncoding.encode($0))&" } ?? "") + "before=\(cursor)"
        }
        return try environment.renderForm("community/feed", title: "Community", values, errors: errors, context: context,
                                                  status: status)
    }

    /// Everything a page of the feed depends on but the clock and what the viewer typed: kept pages are under it
    /// (`AppEnvironment.feedPages`). The community version moves on with any post, reaction, report, moderation,
    /// restriction or topic in the tenant, through any node; the CSRF token is the session's, in every form.
    struct FeedKey: Hashable, Sendable {
        let tenantID: String
        let accountID: String
        let communityVersion: Int
        let csrf: String
        let topic: String?
        let before: Int?
    }

    /// A page of the feed as drawn for one viewer at one community version. Twenty posts with their reaction
    /// forms, read and written for every request, were two thirds of the page's time.
    struct FeedView: Sendable {
        let topics: [CommunityTopic]
        let posts: TimedHTML
        let isEmpty: Bool
        /// The last post's place, when there is an older page.
        let olderCursor: Int?
        let restriction: (until: Int?, reason: String)?

        var byteCount: Int { posts.byteCount + 1024 }
    }

    /// The compose form's topic choices, the chosen one selected (written here: see `postsHTML`).
    static func topicOptionsHTML(_ topics: [CommunityTopic], selected: String) -> String {
        var html = HTMLFragment()
        for topic in topics {
            html.raw("<option value=\""); html.escaped(topic.slug); html.raw("\"")
            if topic.slug == selected { html.raw(" selected") }
            html.raw(">"); html.escaped(topic.name); html.raw("</option>")
        }
        return html.text
    }

    /// The topic filter's links, the current one marked for screen readers.
    static func topicLinksHTML(_ topics: [CommunityTopic], current: String?) -> String {
        var html = HTMLFragment()
        for topic in topics {
            html.raw("<a href=\""); html.escaped(Paths.communityTopic(topic.slug)); html.raw("\"")
            if topic.slug == current { html.raw(" aria-current=\"page\"") }
            html.raw(">"); html.escaped(topic.name); html.raw("</a>")
        }
        return html.text
    }

    /// The feed's posts, built here rather than in the template: twenty posts with four reaction forms each came to
    /// hundreds of template lookups a page (see HTMLFragment). Authors are never in it; the words are escaped.
    static func postsHTML(_ posts: ArraySlice<CommunityPost>, names: [String: String], csrf: String) -> TimedHTML {
        var html = TimedHTML(capacity: 2048)
        // The same in every form of the page: escaped once.
        var csrfField = HTMLFragment(capacity: 128)
        csrfField.raw("<input type=\"hidden\" name=\"_csrf\" value=\""); csrfField.escaped(csrf); csrfField.raw("\">")
        for post in posts {
            html.raw("<li class=\"card post\" id=\"post-"); html.escaped(post.id); html.raw("\">\n")
            html.raw("<p class=\"post-meta\"><span class=\"post-topic\">"); html.escaped(names[post.topic] ?? post.topic)
            html.raw("</span> · "); html.ago(post.createdAt)
            if post.isMine { html.raw(" · <strong>You</strong>") }
            if post.status != .visible { html.raw(" · waiting for a moderator") }
            html.raw("</p>\n<p class=\"post-body\">"); html.escaped(post.body); html.raw("</p>\n")
            if post.status == .visible {
                // One form a post, its four buttons each sending their own kind: a quarter of the bytes of a form each.
                html.raw("<form method=\"post\" action=\""); html.escaped(Paths.postReactions(post.typedID))
                html.raw("\" class=\"reactions\">"); html.raw(csrfField)
                for (kind, button) in zip(ReactionKind.allCases, reactionButtons) {
                    let count = post.reactions[kind] ?? 0
                    html.raw(button.opening)
                    if post.myReaction == kind { html.raw("true") } else { html.raw("false") }
                    html.raw(button.label)
                    // A reaction nobody has given shows no "0".
                    if count > 0 { html.raw(" <span class=\"reaction-count\">"); html.number(count); html.raw("</span>") }
                    html.raw("</button>")
                }
                html.raw("</form>\n")
            }
            html.raw("<div class=\"post-actions\">")
            if post.isMine {
                html.raw("<form method=\"post\" action=\""); html.escaped(Paths.postDelete(post.typedID))
                html.raw("\" class=\"inline-form\">"); html.raw(csrfField)
                html.raw("<button type=\"submit\" class=\"button button-text\">Delete my post</button></form>")
            } else {
                html.raw("<a class=\"report-link\" href=\""); html.escaped(Paths.postReport(post.typedID)); html.raw("\">Report</a>")
            }
            html.raw("</div>\n</li>\n")
        }
        return html
    }

    /// Each reaction's button around its pressed state: the same on every post, so written once.
    private static let reactionButtons: [(opening: HTMLFragment, label: HTMLFragment)] = ReactionKind.allCases.map { kind in
        var opening = HTMLFragment(capacity: 128), label = HTMLFragment(capacity: 128)
        opening.raw("<button type=\"submit\" name=\"kind\" value=\""); opening.escaped(kind.rawValue)
        opening.raw("\" class=\"reaction\" aria-pressed=\"")
        label.raw("\"><span aria-hidden=\"true\">"); label.escaped(kind.emoji); label.raw("</span> <span class=\"reaction-label\">")
        label.escaped(kind.label); label.raw("</span>")
        return (opening, label)
    }

    private static func reportPage(_ context: RequestContext, _ environment: AppEnvironment, postID: PostID, errors: FormErrors,
                                   note: String, status: HTTPStatus = .ok) throws -> Response {
        let values: [String: Any] = [
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
