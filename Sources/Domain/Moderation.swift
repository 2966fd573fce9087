/// What moderators work with: the queue's items, restrictions, notes, the team's messages and the audit's filter.

/// A post waiting for a moderator: held for safety, hidden by reports, or reported.
public struct ModerationItem: Sendable {
    public let postID: String
    public let topic: String
    public let body: String
    public let status: CommunityPost.Status
    public let heldFor: String?
    public let createdAt: Int
    /// Only for turning into a pseudonym; never shown.
    public let authorID: AccountID?
    public let reports: [(reason: ReportReason, note: String?)]
    /// The staff member looking at it (their email: staff act in their role), if anyone.
    public let assignedTo: String?
    public let escalatedAt: Int?
    /// When its oldest open report arrived.
    public let oldestOpenReportAt: Int?

    public init(postID: String, topic: String, body: String, status: CommunityPost.Status, heldFor: String?, createdAt: Int, authorID: AccountID?, reports: [(reason: ReportReason, note: String?)], assignedTo: String?, escalatedAt: Int?, oldestOpenReportAt: Int?) {
        self.postID = postID
        self.topic = topic
        self.body = body
        self.status = status
        self.heldFor = heldFor
        self.createdAt = createdAt
        self.authorID = authorID
        self.reports = reports
        self.assignedTo = assignedTo
        self.escalatedAt = escalatedAt
        self.oldestOpenReportAt = oldestOpenReportAt
    }
}

/// An active posting restriction, for the moderators' list.
public struct RestrictionItem: Sendable {
    public let id: String
    public let accountID: AccountID
    public let until: Int?
    public let reason: String

    public init(id: String, accountID: AccountID, until: Int?, reason: String) {
        self.id = id
        self.accountID = accountID
        self.until = until
        self.reason = reason
    }
}

/// The queue's sections, in the order moderators work it: posts whose authors may be at risk, then reported posts,
/// then the rest (held for a watched word, hidden).
public enum ModerationQueueSection: Int, Sendable, CaseIterable { case atRisk = 0, reported = 1, others = 2 }

/// Which lines of the audit to show: every filter optional; newest first, `limit` at a time before `before`.
public struct AuditFilter: Sendable {
    public var action: String?
    public var moderator: String?
    public var from: Int?
    public var until: Int?
    public var before: Int?
    public var limit: Int

    public init(action: String? = nil, moderator: String? = nil, from: Int? = nil, until: Int? = nil, before: Int? = nil,
                limit: Int = 50) {
        self.action = action
        self.moderator = moderator
        self.from = from
        self.until = until
        self.before = before
        self.limit = limit
    }
}

/// A post as a moderator works on it: the queue's item, its notes, and the notes about its author.
public struct ModerationPost: Sendable {
    public let item: ModerationItem
    public let postNotes: [ModeratorNote]
    public let authorNotes: [ModeratorNote]
    /// The tenant's topic names by slug, to name the post's.
    public let topicNames: [String: String]

    public init(item: ModerationItem, postNotes: [ModeratorNote], authorNotes: [ModeratorNote], topicNames: [String: String]) {
        self.item = item
        self.postNotes = postNotes
        self.authorNotes = authorNotes
        self.topicNames = topicNames
    }
}

public struct ModeratorNote: Sendable {
    public let author: String
    public let body: String
    public let createdAt: Int

    public init(author: String, body: String, createdAt: Int) {
        self.author = author
        self.body = body
        self.createdAt = createdAt
    }
}

/// A message from the moderation team, as its recipient sees it.
public struct TeamMessage: Sendable {
    public let id: String
    public let body: String
    public let createdAt: Int

    public init(id: String, body: String, createdAt: Int) {
        self.id = id
        self.body = body
        self.createdAt = createdAt
    }
}
public struct AuditLine: Sendable {
    public let moderator: String
    public let action: String
    public let subject: String
    public let note: String
    public let createdAt: Int
    /// A short excerpt of the post the line is about, or "deleted post"; empty when it is about no post.
    public let about: String
    public let id: Int

    public init(moderator: String, action: String, subject: String, note: String, createdAt: Int, about: String, id: Int) {
        self.moderator = moderator
        self.action = action
        self.subject = subject
        self.note = note
        self.createdAt = createdAt
        self.about = about
        self.id = id
    }
}

/// One section of the queue: its first items, oldest first, and how many it holds in all.
public struct QueueSectionItems: Sendable {
    public var items: [ModerationItem] = []
    public var count = 0

    public init() {}
}

/// The moderation queue at a glance: posts waiting, and how many of them are held for the author's safety.
public struct ModerationCounts: Sendable, Equatable {
    public let waiting: Int
    public let heldForSafety: Int

    public init(waiting: Int, heldForSafety: Int) {
        self.waiting = waiting
        self.heldForSafety = heldForSafety
    }
}
