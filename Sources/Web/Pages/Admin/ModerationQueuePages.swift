// The moderation queue and a post's own page (ModerationHandler).

/// `admin/moderation`: the queue's sections (`ModerationSections`, as kept), and who is restricted from posting.
struct ModerationQueuePage: CompiledView {
    struct Restriction {
        let who: String
        let until: String
        let reason: String
        let liftPath: String
    }

    /// `admin/moderation-sections`, as kept.
    let sections: HTMLFragment
    let isEmpty: Bool
    let restrictions: [Restriction]
    var hasRestrictions: Bool { !restrictions.isEmpty }
}

/// `admin/moderation-sections`: may be at risk first, then reported, then the rest, each oldest first, ten a section
/// unless one is shown whole. Drawn for one moderator's session (each post's form carries its token, given as the
/// layout's: `LayoutView.forms`) and kept until the queue changes or a post's "minutes ago" or overdue mark would.
struct ModerationSections: CompiledView {
    /// "Show all 34", when a section holds more than it shows.
    struct More {
        let path: String
        let count: Int
    }

    let atRiskItems: [ModerationItemView]
    let reportedItems: [ModerationItemView]
    let otherItems: [ModerationItemView]
    /// What to do for someone who may be at risk, at the head of those posts.
    let safeguardingSteps: [String]
    let escalationContact: String?
    /// How many posts each section holds.
    let counts: [Int]
    let moreAtRisk: More?
    let moreReported: More?
    let moreOthers: More?
    var hasAtRisk: Bool { counts[0] > 0 }
    var hasReported: Bool { counts[1] > 0 }
    var hasOthers: Bool { counts[2] > 0 }
}

/// `admin/moderation-post`: one post with everything a moderator can do for it and its author.
struct ModerationPostPage: CompiledView {
    struct Note: Sendable {
        let body: String
        let author: String
        let when: String
    }

    let item: ModerationItemView
    let safeguardingSteps: [String]
    let escalationContact: String?
    let postNotes: [Note]
    let authorNotes: [Note]
    let hasAuthor: Bool
    let reachOutDefault: String

    // What the page's later sections need of the post, named on the page: inside `{{#item}}` each of the page's own
    // values was a key path through the item's scope, built at run time (see docs/architecture.md).
    var atRisk: Bool { item.atRisk }
    var author: String { item.author }
    var reachOutPath: Route { item.reachOutPath }
    var escalatePath: Route { item.escalatePath }
    var notePath: Route { item.notePath }
    var authorNotePath: Route { item.authorNotePath }
}
