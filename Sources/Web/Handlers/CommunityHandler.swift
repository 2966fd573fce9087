import Domain
import Foundation
import HTTPServer
import UseCases

/// The anonymous community feed. Members see posts, never who wrote them; their own say "You".
enum CommunityHandler {
    static let pageSize = 20

    static func feed(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try feedPage(context, environment, member: member, typed: (topic: "", body: ""), errors: FormErrors())
    }

    static func post(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let member = try environment.community.admit(member)
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
                return .redirect(to: Route.community.path + "?notice=posted")
            case .heldForSafety:
                let page = PostHeldPage(crisisContacts: try environment.safeguarding.contacts(context.scope),
                                        breathePath: Route.help(.helpBreathe, from: Route.community.path))
                return try environment.render(page, title: "Thank you for telling us", context: context)
            case .heldForReview:
                return try environment.render(PostInReviewPage(), title: "Thank you for sharing", context: context)
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

    static func deleteOwn(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: PostID) throws -> Response {
        try environment.community.deleteOwn(member, post: id)
        return .redirect(to: Route.community.path + "?notice=post-deleted")
    }

    static func react(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: PostID) throws -> Response {
        guard let kind = ReactionKind(rawValue: try context.form()["kind"] ?? "") else {
            throw WebError.badRequest("Choose one of the four reactions.")
        }
        try environment.community.react(member, post: id, kind: kind)
        return .redirect(to: Route.community.path + "#post-\(id)")
    }

    /// Only a post this member can see and report has a report form; anything else does not exist.
    static func showReport(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: PostID) throws -> Response {
        let post = try environment.community.reportable(member, post: id)
        return try reportPage(context, environment, member: member, postID: id, post: post, errors: FormErrors(), note: "", reason: nil)
    }

    static func report(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: PostID) throws -> Response {
        let post = try environment.community.reportable(member, post: id)
        let form = try context.form()
        let note = (form["note"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = FormErrors()
        let reason = ReportReason(rawValue: form["reason"] ?? "")
        if reason == nil { errors.add("reason-spam", "Choose why you’re reporting this post.") }
        if reason == .other, note.isEmpty { errors.add("note", "Please say a few words about what’s wrong.") }
        if note.count > 500 { errors.add("note", "Please keep the note to 500 characters.") }
        guard let reason, errors.isEmpty else {
            return try reportPage(context, environment, member: member, postID: id, post: post, errors: errors, note: String(note.prefix(1000)),
                                  reason: reason, status: .unprocessableContent)
        }
        try environment.community.report(member, post: id, reason: reason, note: note.isEmpty ? nil : note)
        return .redirect(to: Route.community.path + "?notice=reported")
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
                          topic: topic, before: before)
        // A restriction ends by the clock, not by a change: a page read with one holds until then.
        let kept = try environment.feedPages.value(key, current: { view in view.restriction?.until.map { now < $0 } ?? true }) {
            let page = try environment.community.feed(member, topic: topic, before: before, pageSize: pageSize)
            let olderCursor = page.posts.count > pageSize ? page.posts.prefix(pageSize).last?.cursor : nil
            return FeedView(topics: page.topics, posts: Array(page.posts.prefix(pageSize)), isEmpty: page.posts.isEmpty,
                            restriction: page.restriction,
                            topicOptions: topicOptions(page.topics, selected: topic ?? ""),
                            topicLinks: page.topics.map { FeedPage.TopicLink(path: Route.communityTopic($0.slug), name: $0.name, current: $0.slug == topic) },
                            olderPath: olderCursor.map { Route.community.path + "?" + (topic.map { "topic=\(PercentEncoding.encode($0))&" } ?? "") + "before=\($0)" })
        }
        let page = FeedPage(
            messages: try TeamMessages.unseen(context, environment), crisisContacts: try environment.safeguarding.contacts(context.scope),
            // A post sent back with a topic chosen keeps that choice; otherwise the topic being read is chosen.
            topics: typed.topic.isEmpty ? kept.topicOptions : topicOptions(kept.topics, selected: typed.topic),
            topicLinks: kept.topicLinks, allPath: Route.community.path, allCurrent: topic == nil,
            postList: postList(kept.posts, key: key, names: kept.names, now: now, csrf: context.csrfToken, environment),
            isEmpty: kept.isEmpty, body: typed.body, safetyPhrases: environment.safetyPhrases.joined,
            restriction: kept.restriction.map { restrictionText($0.until, member.account) + " Reason: " + $0.reason },
            olderPath: kept.olderPath,
            errors: errors)
        return try environment.render(page, title: "Community", errors: errors, context: context, status: status)
    }

    /// A page's posts as drawn for this viewer's session, kept until the community changes (the key's version) or the
    /// first of their "minutes ago" would read differently: drawing twenty posts with their reactions' forms was most
    /// of the page's time, and the same person reloads the feed far more often than a minute passes.
    private static func postList(_ posts: [CommunityPost], key: FeedKey, names: [String: String], now: Int, csrf: String,
                                 _ environment: AppEnvironment) -> HTMLFragment {
        environment.feedPosts.markup(key, csrf: csrf, now: now) {
            let list = FeedPosts(posts: posts.map { FeedPage.Post($0, topicName: names[$0.topic] ?? $0.topic, now: now) })
            let holdsUntil = posts.map { $0.createdAt + agoChanges(after: now - $0.createdAt) }.min() ?? Int.max
            return .init(markup: list.fragment(capacity: 1024 + posts.count * 1600, layout: .forms(csrf: csrf)), holdsUntil: holdsUntil)
        }
    }

    /// How old a post is when its `timeAgo` next reads differently, given its age now: the next whole minute, hour or
    /// day that its words count in ("just now" until a minute).
    static func agoChanges(after age: Int) -> Int {
        let unit = age < 3600 ? 60 : age < 86400 ? 3600 : 86400
        return age < 60 ? 60 : (age / unit + 1) * unit
    }

    /// Everything a page of the feed depends on but the clock and what the viewer typed: kept pages are under it
    /// (`AppEnvironment.feedPages`). The community version moves on with any post, reaction, report, moderation,
    /// restriction or topic in the tenant, through any node.
    struct FeedKey: Hashable, Sendable {
        let tenantID: TenantID
        let accountID: AccountID
        let communityVersion: Int
        let topic: String?
        let before: Int?
    }

    /// A page of the feed as read for one viewer at one community version (it saves the reads), with its topic
    /// choices and links made once with it (the topic being read is in the key, so which is current cannot change
    /// while it is kept).
    struct FeedView: Sendable {
        let topics: [CommunityTopic]
        let posts: [CommunityPost]
        let isEmpty: Bool
        let restriction: (until: Int?, reason: String)?
        let topicOptions: [FeedPage.TopicOption]
        let topicLinks: [FeedPage.TopicLink]
        /// Where the older page is, when there is one.
        let olderPath: String?
        /// Each topic's name by its slug, for the posts' labels.
        let names: [String: String]

        init(topics: [CommunityTopic], posts: [CommunityPost], isEmpty: Bool, restriction: (until: Int?, reason: String)?,
             topicOptions: [FeedPage.TopicOption], topicLinks: [FeedPage.TopicLink], olderPath: String?) {
            self.topics = topics
            self.posts = posts
            self.isEmpty = isEmpty
            self.restriction = restriction
            self.topicOptions = topicOptions
            self.topicLinks = topicLinks
            self.olderPath = olderPath
            names = Dictionary(topics.map { ($0.slug, $0.name) }, uniquingKeysWith: { first, _ in first })
        }

        var byteCount: Int { posts.reduce(1024 + topics.count * 256) { $0 + $1.body.utf8.count + 256 } }
    }

    private static func topicOptions(_ topics: [CommunityTopic], selected: String) -> [FeedPage.TopicOption] {
        topics.map { FeedPage.TopicOption(slug: $0.slug, name: $0.name, selected: $0.slug == selected) }
    }

    private static func reportPage(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, postID: PostID,
                                   post: ReportablePost, errors: FormErrors, note: String, reason: ReportReason?,
                                   status: HTTPStatus = .ok) throws -> Response {
        let topicName = try environment.community.topics(member).first { $0.slug == post.topic }?.name ?? post.topic
        let page = ReportPostPage(reportPath: Route.postReports(postID).path, postTopic: topicName,
                                  postAgo: timeAgo(environment.clock() - post.createdAt), postBody: post.body, note: note,
                                  reasons: ReportReason.allCases.map { FormChoice(value: $0.rawValue, label: $0.label, checked: $0 == reason) },
                                  errors: errors)
        return try environment.render(page, title: "Report a post", errors: errors, context: context, status: status)
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
