import Domain

/// `community/feed`: the anonymous feed, the form to share, and the topics. Authors are never in it; a member's own
/// posts say "You".
struct FeedPage: FormPage {
    /// One post as a card.
    struct Post {
        struct Reaction {
            let kind: String
            let emoji: String
            let label: String
            /// Whether this member gave it ("true"/"false", for aria-pressed).
            let pressed: Bool
            /// Nil for a reaction nobody has given, which shows no "0".
            let count: Int?
        }

        let id: String
        let topic: String
        /// "5 minutes ago", as of this request.
        let ago: String
        let isMine: Bool
        let waiting: Bool
        let body: String
        /// Visible posts can be reacted to; one form a post, its four buttons each sending their own kind.
        let reactionsPath: Route?
        let reactions: [Reaction]
        let deletePath: Route?
        let reportPath: Route?

        init(_ post: CommunityPost, topicName: String, now: Int) {
            id = post.id
            topic = topicName
            ago = CommunityHandler.timeAgo(now - post.createdAt)
            isMine = post.isMine
            waiting = post.status != .visible
            body = post.body
            reactionsPath = post.status == .visible ? Route.postReactions(post.typedID) : nil
            reactions = post.status != .visible ? [] : ReactionKind.allCases.map { kind in
                // Found by a scan of the few given, not by hashing the kind's name four times a post.
                let count = post.reactions.first { $0.key == kind }?.value ?? 0
                return Reaction(kind: kind.rawValue, emoji: kind.emoji, label: kind.label, pressed: post.myReaction == kind,
                                count: count > 0 ? count : nil)
            }
            deletePath = post.isMine ? Route.postDelete(post.typedID) : nil
            reportPath = post.isMine ? nil : Route.postReport(post.typedID)
        }
    }

    struct TopicOption: Sendable {
        let slug: String
        let name: String
        let selected: Bool
    }

    struct TopicLink: Sendable {
        let path: String
        let name: String
        let current: Bool
    }

    let messages: TeamMessages
    let crisisContacts: [CrisisContact]
    let topics: [TopicOption]
    let topicLinks: [TopicLink]
    let allPath: String
    let allCurrent: Bool
    /// `community/posts`, as kept.
    let postList: HTMLFragment
    let isEmpty: Bool
    /// What the member typed, kept when the form comes back.
    let body: String
    /// While writing: with script, words that suggest risk bring up the contacts before anything is sent.
    let safetyPhrases: String
    /// Why this member cannot post just now.
    let restriction: String?
    let olderPath: String?
    let errors: FormErrors
    var teamMessages: [TeamMessages.Message] { messages.teamMessages }
    var error_topic: String? { errors["topic"] }
    var error_body: String? { errors["body"] }
}

/// `community/posts`: a page of the feed's posts, drawn for one viewer (their own posts, their reactions, and in each
/// form their session's token, given as the layout's: `LayoutView.forms`) and kept until something in the community
/// changes or a post's "minutes ago" would read differently.
struct FeedPosts: CompiledView {
    let posts: [FeedPage.Post]
}
