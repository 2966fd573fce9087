import Domain
import Storage

/// The anonymous community, for signed-in members of a tenant that has it switched on (for everyone else it
/// does not exist). Members see posts, never who wrote them.
public struct Community: Sendable {
    let database: AppDatabase
    let throttles: Throttles
    let safetyPhrases: SafetyPhrases
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, throttles: Throttles, safetyPhrases: SafetyPhrases, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.throttles = throttles
        self.safetyPhrases = safetyPhrases
        self.clock = clock
    }

    /// The member's scope if the community is open to them; `.notFound` otherwise.
    public func admit(_ member: MemberScope) throws -> MemberScope {
        guard member.tenant.settings.communityEnabled else { throw UseCaseError.notFound }
        return member
    }

    public struct FeedPage: Sendable {
        public let topics: [CommunityTopic]
        /// Up to the page size, plus one more when there is an older page.
        public let posts: [CommunityPost]
        public let restriction: (until: Int?, reason: String)?
    }

    /// A page of the feed, newest first, before `cursor`; an unknown topic is not found.
    public func feed(_ member: MemberScope, topic: String?, before cursor: Int?, pageSize: Int) throws -> FeedPage {
        let member = try admit(member)
        guard let page = try database.feedPage(tenantID: member.tenantID, viewerID: member.accountID, topic: topic, before: cursor,
                                               limit: pageSize + 1, now: clock())
        else { throw UseCaseError.notFound }
        return FeedPage(topics: page.topics, posts: page.posts, restriction: page.restriction)
    }

    public func topics(_ member: MemberScope) throws -> [CommunityTopic] {
        try database.topics(tenantID: try admit(member).tenantID)
    }

    public enum PostOutcome: Sendable, Equatable {
        case published
        /// Its words suggest the author may be at risk: it waits for a moderator, and the author is offered help.
        case heldForSafety
        /// It contains a word the tenant watches for: a moderator reads it first.
        case heldForReview
        /// It contains a word the tenant does not allow; nothing was published and the text stays in the form.
        case refused
        case unknownTopic
        case restricted(until: Int?, reason: String)
    }

    /// Publishes a post (already trimmed and within length). Five an hour per member.
    public func post(_ member: MemberScope, topic: String, body: String) throws -> PostOutcome {
        let member = try admit(member)
        let now = clock()
        let key = "\(member.tenantID):\(member.accountID)"
        // The tenant's watched words add to the built-in safety phrases; they never replace them.
        let watched = try database.watchedWords(tenantID: member.tenantID)
        func matches(_ action: WatchedWord.Action) -> Bool {
            SafetyPhrases(phrases: watched.filter { $0.action == action }.map(\.phrase)).suggestsRisk(body)
        }
        let atRisk = safetyPhrases.suggestsRisk(body)
        // A person who may be at risk is never turned away: their post is held and they are offered help.
        if !atRisk && matches(.refuse) { return .refused }
        try throttles.postsPerMember.admit(key, now: now)
        let hold: AppDatabase.PostHold? = atRisk ? .safety : matches(.hold) ? .watchedWord : nil
        switch try database.publishPost(tenantID: member.tenantID, authorID: member.accountID, topic: topic, body: body,
                                        hold: hold, now: now) {
        case .unknownTopic:
            return .unknownTopic
        case .restricted(let until, let reason):
            return .restricted(until: until, reason: reason)
        case .published:
            switch hold {
            case .safety: return .heldForSafety
            case .watchedWord: return .heldForReview
            case nil: return .published
            }
        }
    }

    /// The author erases their own post; anyone else's is not found.
    public func deleteOwn(_ member: MemberScope, post: PostID) throws {
        let member = try admit(member)
        guard try database.deleteOwnPost(tenantID: member.tenantID, authorID: member.accountID, postID: post) else {
            throw UseCaseError.notFound
        }
    }

    /// One reaction per member per post: the same kind again removes it, another kind replaces it.
    public func react(_ member: MemberScope, post: PostID, kind: ReactionKind) throws {
        let member = try admit(member)
        guard try database.toggleReaction(tenantID: member.tenantID, accountID: member.accountID, postID: post, kind: kind) else {
            throw UseCaseError.notFound
        }
    }

    /// The post a member is about to report, as the page quotes it: only a visible post of this tenant can be
    /// reported; `.notFound` for any other.
    public func reportable(_ member: MemberScope, post: PostID) throws -> ReportablePost {
        let member = try admit(member)
        guard let found = try database.reportablePost(tenantID: member.tenantID, postID: post) else { throw UseCaseError.notFound }
        return found
    }

    /// One report per member per post, ten an hour; at the tenant's threshold the post is hidden for review.
    public func report(_ member: MemberScope, post: PostID, reason: ReportReason, note: String?) throws {
        let member = try admit(member)
        let now = clock()
        let key = "\(member.tenantID):\(member.accountID)"
        try throttles.reportsPerMember.admit(key, now: now)
        switch try database.report(tenantID: member.tenantID, reporterID: member.accountID, postID: post, reason: reason,
                                   note: note, now: now) {
        case .notFound: throw UseCaseError.notFound
        case .alreadyReported: throw UseCaseError.conflict("You’ve already reported this post. Thank you; a moderator will look at it.")
        case .reported: break
        }
    }
}
