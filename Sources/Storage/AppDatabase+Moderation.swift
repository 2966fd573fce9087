import Domain


/// A post waiting for a moderator: held for safety, hidden by reports, or reported.
public struct ModerationItem: Sendable {
    public let postID: String
    public let topic: String
    public let body: String
    public let status: CommunityPost.Status
    public let heldFor: String?
    public let createdAt: Int
    /// Only for turning into a pseudonym; never shown.
    public let authorID: String?
    public let reports: [(reason: ReportReason, note: String?)]
}

/// An active posting restriction, for the moderators' list.
public struct RestrictionItem: Sendable {
    public let id: String
    public let accountID: String
    public let until: Int?
    public let reason: String
}

/// One line for the moderation audit, written with the change it records.
public struct AuditEntry: Sendable {
    /// The staff member who acted, as shown in the audit (their email), and their account.
    public let actor: String
    public let actorID: String
    public let action: String
    public var subject: String
    public var subjectAccountID: String?
    public let note: String
    public let at: Int

    public init(actor: String, actorID: String, action: String, subject: String = "", subjectAccountID: String? = nil,
                note: String = "", at: Int) {
        self.actor = actor
        self.actorID = actorID
        self.action = action
        self.subject = subject
        self.subjectAccountID = subjectAccountID
        self.note = note
        self.at = at
    }

    func about(_ subject: String, accountID: String?) -> AuditEntry {
        var entry = self
        entry.subject = subject
        entry.subjectAccountID = accountID
        return entry
    }
}

public struct AuditLine: Sendable {
    public let moderator: String
    public let action: String
    public let subject: String
    public let note: String
    public let createdAt: Int
}

extension AppDatabase {
    /// The moderators' page as one read: the queue, the restrictions in force and the topics' names.
    public func moderationOverview(tenantID: String, now: Int) throws(StorageError)
        -> (items: [ModerationItem], restrictions: [RestrictionItem], topics: [CommunityTopic])
    {
        try read { db in
            (try Self.moderationQueue(db, tenantID: tenantID), try Self.activeRestrictions(db, tenantID: tenantID, now: now),
             try Self.topics(db, tenantID: tenantID))
        }
    }

    /// Held and reported posts, oldest first.
    static func moderationQueue(_ db: any SQLConnection, tenantID: String) throws -> [ModerationItem] {
        let rows = try db.rows(sql: """
            SELECT id, topic, body, status, held_for, created_at, author_id FROM posts p
            WHERE tenant_id = ? AND status != 'deleted'
              AND (status = 'held' OR held_for IS NOT NULL
                   OR EXISTS (SELECT 1 FROM reports r WHERE r.tenant_id = p.tenant_id AND r.post_id = p.id AND r.open = 1))
            ORDER BY seq
            """, arguments: [tenantID])
        return try rows.map { row in
            let id: String = row["id"]
            let reports = try db.rows(sql: "SELECT reason, note FROM reports WHERE tenant_id = ? AND post_id = ? AND open = 1 ORDER BY created_at, id",
                                           arguments: [tenantID, id]).map { (reason: ReportReason(rawValue: $0["reason"]) ?? .other,
                                                                   note: $0["note"] as String?) }
            return ModerationItem(postID: id, topic: row["topic"], body: row["body"] ?? "",
                                  status: CommunityPost.Status(rawValue: row["status"]) ?? .hidden, heldFor: row["held_for"],
                                  createdAt: row["created_at"], authorID: row["author_id"], reports: reports)
        }
    }

    public enum ModerationAction: String, Sendable { case approve, hide, delete }

    /// Approves (shows again, closes reports), hides, or deletes (erases the text), and writes its audit line,
    /// in one transaction. False (and no audit line) if there is no such post here.
    public func moderate(tenantID: String, postID typedPostID: PostID, action: ModerationAction, audit: AuditEntry) throws(StorageError) -> Bool {
        let postID = typedPostID.rawValue
        return try write { db in
            switch action {
            case .approve:
                try db.execute(sql: "UPDATE posts SET status = 'visible', held_for = NULL WHERE tenant_id = ? AND id = ? AND status != 'deleted'",
                               arguments: [tenantID, postID])
            case .hide:
                try db.execute(sql: "UPDATE posts SET status = 'hidden', held_for = NULL WHERE tenant_id = ? AND id = ? AND status != 'deleted'",
                               arguments: [tenantID, postID])
            case .delete:
                try db.execute(sql: "UPDATE posts SET status = 'deleted', body = NULL, held_for = NULL WHERE tenant_id = ? AND id = ?",
                               arguments: [tenantID, postID])
            }
            guard db.changesCount == 1 else { return false }
            try db.execute(sql: "UPDATE reports SET open = 0 WHERE tenant_id = ? AND post_id = ?", arguments: [tenantID, postID])
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    /// Whether a post of this tenant exists and is not deleted (so a confirmation page is only shown for one).
    public func isModeratable(tenantID: String, postID typedPostID: PostID) throws(StorageError) -> Bool {
        let postID = typedPostID.rawValue
        return try read { db in
            try db.bool(sql: "SELECT 1 FROM posts WHERE tenant_id = ? AND id = ? AND status != 'deleted'",
                              arguments: [tenantID, postID]) == true
        }
    }

    /// The author of a post in this tenant (for restricting them), if the post and its author still exist.
    public func authorOfPost(tenantID: String, postID typedPostID: PostID) throws(StorageError) -> String? {
        let postID = typedPostID.rawValue
        return try read { db in
            try db.string(sql: "SELECT author_id FROM posts WHERE tenant_id = ? AND id = ?", arguments: [tenantID, postID])
        }
    }

    /// Restricts the author of a post and writes the audit line (its subject made from the author by
    /// `subject`), in one transaction. False when the post or its author is gone.
    public func restrictAuthor(tenantID: String, postID typedPostID: PostID, until: Int?, reason: String, audit: AuditEntry,
                               subject: (String) -> String) throws(StorageError) -> Bool {
        let postID = typedPostID.rawValue
        return try write { db in
            guard let author = try db.string(sql: "SELECT author_id FROM posts WHERE tenant_id = ? AND id = ?",
                                                   arguments: [tenantID, postID]) else { return false }
            try db.execute(sql: """
                INSERT INTO posting_restrictions (id, tenant_id, account_id, until, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [RandomID.make(), tenantID, author, until, reason, audit.at])
            try Self.appendAudit(db, tenantID: tenantID, audit.about(subject(author), accountID: author))
            return true
        }
    }

    /// Lifts a restriction and writes the audit line, in one transaction; false if there is none here.
    public func liftRestriction(tenantID: String, id typedID: RestrictionID, audit: AuditEntry, subject: (String) -> String) throws(StorageError) -> Bool {
        let id = typedID.rawValue
        return try write { db in
            guard let account = try db.string(sql: """
                SELECT account_id FROM posting_restrictions WHERE tenant_id = ? AND id = ? AND lifted_at IS NULL
                """, arguments: [tenantID, id]) else { return false }
            try db.execute(sql: "UPDATE posting_restrictions SET lifted_at = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [audit.at, tenantID, id])
            try Self.appendAudit(db, tenantID: tenantID, audit.about(subject(account), accountID: account))
            return true
        }
    }

    static func activeRestrictions(_ db: any SQLConnection, tenantID: String, now: Int) throws -> [RestrictionItem] {
        return try db.rows(sql: """
            SELECT id, account_id, until, reason FROM posting_restrictions
            WHERE tenant_id = ? AND lifted_at IS NULL AND (until IS NULL OR until > ?) ORDER BY created_at
            """, arguments: [tenantID, now]).map {
            RestrictionItem(id: $0["id"], accountID: $0["account_id"], until: $0["until"], reason: $0["reason"])
        }
    }

    /// Audit lines are only ever written inside the transaction of the change they record.
    static func appendAudit(_ db: any SQLConnection, tenantID: String, _ entry: AuditEntry) throws {
        try db.execute(sql: """
            INSERT INTO moderation_audit (tenant_id, moderator, action, subject, note, created_at, actor_id, subject_account_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [tenantID, entry.actor, entry.action, entry.subject, entry.note, entry.at, entry.actorID,
                             entry.subjectAccountID])
    }

    public func audit(tenantID: String) throws(StorageError) -> [AuditLine] {
        try read { db in
            try db.rows(sql: """
                SELECT moderator, action, subject, note, created_at FROM moderation_audit WHERE tenant_id = ? ORDER BY id DESC
                """, arguments: [tenantID]).map {
                AuditLine(moderator: $0["moderator"], action: $0["action"], subject: $0["subject"], note: $0["note"],
                          createdAt: $0["created_at"])
            }
        }
    }
}
