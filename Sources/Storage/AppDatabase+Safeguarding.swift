import Domain

/// What moderators do for a person who may be at risk, and the reminders that keep such posts from waiting unseen.
/// Authors stay anonymous: a message to an author is written against their post, and only these queries know whose
/// it is. Every action and its audit line are one transaction.
extension AppDatabase {

    public func moderationPost(tenantID: TenantID, postID typedPostID: PostID) throws(StorageError) -> ModerationPost? {
        let postID = typedPostID.rawValue
        return try read { db in
            guard let item = try Self.moderationItem(db, tenantID: tenantID, postID: postID) else { return nil }
            let postNotes = try Self.notes(db, tenantID: tenantID, column: "post_id", value: postID)
            let authorNotes = try item.authorID.map { try Self.notes(db, tenantID: tenantID, column: "account_id", value: $0.rawValue) } ?? []
            let topics = try Self.topics(db, tenantID: tenantID)
            return ModerationPost(item: item, postNotes: postNotes, authorNotes: authorNotes,
                                  topicNames: Dictionary(uniqueKeysWithValues: topics.map { ($0.slug, $0.name) }))
        }
    }

    private static func notes(_ db: any SQLConnection, tenantID: TenantID, column: String, value: String) throws -> [ModeratorNote] {
        try db.rows(sql: "SELECT author, body, created_at FROM moderator_notes WHERE tenant_id = ? AND \(column) = ? ORDER BY created_at, id",
                    arguments: [tenantID, value]).map { ModeratorNote(author: $0["author"], body: $0["body"], createdAt: $0["created_at"]) }
    }

    /// How many posts wait for a moderator, and how many of them are held for safety (the navigation's count on every
    /// page staff see, and the team's home), as of the tenant's community version read with the session: counted once
    /// per version, kept between requests. The counts are read after the version, so what is kept under a number is
    /// never older than it.
    public func moderationCounts(tenantID: TenantID, communityVersion: Int) throws(StorageError) -> ModerationCounts {
        if let kept = moderationCountsCache.value(tenantID: tenantID, version: communityVersion) { return kept }
        let counts = try read { db in
            let row = try db.row(sql: """
                SELECT count(*) AS waiting, count(CASE WHEN held_for = 'safety' THEN 1 END) AS safety FROM posts WHERE \(Self.waitingPostsSQL)
                """, arguments: [tenantID])
            return ModerationCounts(waiting: row?["waiting"] ?? 0, heldForSafety: row?["safety"] ?? 0)
        }
        moderationCountsCache.store(counts, tenantID: tenantID, version: communityVersion)
        return counts
    }

    /// A private message from the moderation team to the author of a post. False when the post or its author is gone.
    public func reachOut(tenantID: TenantID, postID typedPostID: PostID, message: String, audit: AuditEntry) throws(StorageError) -> Bool {
        let postID = typedPostID.rawValue
        return try write { db in
            guard let author = try db.string(sql: "SELECT author_id FROM posts WHERE tenant_id = ? AND id = ? AND status != 'deleted'",
                                             arguments: [tenantID, postID]) else { return false }
            try db.execute(sql: "INSERT INTO team_messages (tenant_id, id, account_id, body, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [tenantID, RandomID.make(), author, message, audit.at])
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    /// Records that the organisation's safeguarding lead was contacted about a post.
    public func escalate(tenantID: TenantID, postID typedPostID: PostID, audit: AuditEntry) throws(StorageError) -> Bool {
        let postID = typedPostID.rawValue
        return try write { db in
            try db.execute(sql: "UPDATE posts SET escalated_at = ? WHERE tenant_id = ? AND id = ? AND status != 'deleted'",
                           arguments: [audit.at, tenantID, postID])
            guard db.changesCount == 1 else { return false }
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    /// Assigns a post to a staff member (nil: to nobody).
    public func assign(tenantID: TenantID, postID typedPostID: PostID, to accountID: AccountID?, audit: AuditEntry) throws(StorageError) -> Bool {
        let postID = typedPostID.rawValue
        return try write { db in
            try db.execute(sql: "UPDATE posts SET assigned_to = ? WHERE tenant_id = ? AND id = ? AND status != 'deleted'",
                           arguments: [accountID, tenantID, postID])
            guard db.changesCount == 1 else { return false }
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    /// A moderator's private note on a post, or on the post's author (kept against their account, shown by pseudonym).
    public func addModeratorNote(tenantID: TenantID, postID typedPostID: PostID, aboutAuthor: Bool, body: String,
                                 audit: AuditEntry) throws(StorageError) -> Bool {
        let postID = typedPostID.rawValue
        return try write { db in
            guard let row = try db.row(sql: "SELECT author_id FROM posts WHERE tenant_id = ? AND id = ?", arguments: [tenantID, postID])
            else { return false }
            let author: AccountID? = row["author_id"]
            if aboutAuthor && author == nil { return false }
            try db.execute(sql: """
                INSERT INTO moderator_notes (tenant_id, id, post_id, account_id, author, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [tenantID, RandomID.make(), aboutAuthor ? nil : postID, aboutAuthor ? author : nil, audit.actor,
                                 body, audit.at])
            var audit = audit
            if aboutAuthor { audit.subjectAccountID = author }
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    // MARK: The team's messages, as their recipient sees them

    public func unseenTeamMessages(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [TeamMessage] {
        try read { db in
            try db.rows(sql: """
                SELECT id, body, created_at FROM team_messages WHERE tenant_id = ? AND account_id = ? AND seen_at IS NULL
                ORDER BY created_at, id
                """, arguments: [tenantID, accountID]).map { TeamMessage(id: $0["id"], body: $0["body"], createdAt: $0["created_at"]) }
        }
    }

    /// The recipient has read a message. False when it is not theirs.
    public func markTeamMessageSeen(tenantID: TenantID, accountID: AccountID, id: String, now: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE team_messages SET seen_at = ? WHERE tenant_id = ? AND account_id = ? AND id = ? AND seen_at IS NULL",
                           arguments: [now, tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    // MARK: Watched words

    public func watchedWords(tenantID: TenantID) throws(StorageError) -> [WatchedWord] {
        try read { db in try Self.watchedWords(db, tenantID: tenantID) }
    }

    static func watchedWords(_ db: any SQLConnection, tenantID: TenantID) throws -> [WatchedWord] {
        try db.rows(sql: "SELECT id, phrase, action FROM watched_words WHERE tenant_id = ? ORDER BY phrase", arguments: [tenantID]).map {
            WatchedWord(id: $0["id"], phrase: $0["phrase"], action: WatchedWord.Action(rawValue: $0["action"]) ?? .hold)
        }
    }

    /// Adds a watched word; `.conflict` when the tenant already watches it.
    public func addWatchedWord(tenantID: TenantID, phrase: String, action: WatchedWord.Action, audit: AuditEntry) throws(StorageError) {
        try write { db in
            if try db.bool(sql: "SELECT 1 FROM watched_words WHERE tenant_id = ? AND phrase = ?", arguments: [tenantID, phrase]) == true {
                throw StorageError.conflict("“\(phrase)” is already watched")
            }
            try db.execute(sql: "INSERT INTO watched_words (tenant_id, id, phrase, action) VALUES (?, ?, ?, ?)",
                           arguments: [tenantID, RandomID.make(), phrase, action.rawValue])
            try Self.appendAudit(db, tenantID: tenantID, audit)
        }
    }

    public func removeWatchedWord(tenantID: TenantID, id: String, audit: AuditEntry) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM watched_words WHERE tenant_id = ? AND id = ?", arguments: [tenantID, id])
            guard db.changesCount == 1 else { return false }
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    // MARK: Nothing waits unseen

    /// Posts whose moderators must be reminded, claimed in the same transaction so each is mailed once: a post held
    /// for safety past the tenant's response time, or a post with a report older than `reportAge` seconds.
    public func claimOverduePosts(now: Int, reportAge: Int) throws(StorageError) -> [OverduePost] {
        try write { db in
            let rows = try db.rows(sql: """
                SELECT p.tenant_id, p.id, 1 AS at_risk FROM posts p JOIN tenants t ON t.id = p.tenant_id
                WHERE p.status = 'held' AND p.held_for = 'safety' AND p.overdue_notified_at IS NULL
                  AND p.created_at <= ? - t.at_risk_response_minutes * 60
                UNION ALL
                SELECT p.tenant_id, p.id, 0 AS at_risk FROM posts p
                WHERE p.status != 'deleted' AND p.overdue_notified_at IS NULL AND (p.held_for IS NULL OR p.held_for != 'safety')
                  AND p.reported_at <= ?
                """, arguments: [now, now - reportAge])
            var overdue: [OverduePost] = []
            for row in rows {
                let tenantID: TenantID = row["tenant_id"], postID: String = row["id"]
                try db.execute(sql: "UPDATE posts SET overdue_notified_at = ? WHERE tenant_id = ? AND id = ?", arguments: [now, tenantID, postID])
                let staff = try db.strings(sql: "SELECT email FROM accounts WHERE tenant_id = ? AND role IN ('moderator', 'admin') ORDER BY email",
                                           arguments: [tenantID])
                overdue.append(OverduePost(tenantID: tenantID, postID: postID, atRisk: row["at_risk"], staffEmails: staff))
            }
            return overdue
        }
    }
}

public struct OverduePost: Sendable {
    public let tenantID: TenantID
    public let postID: String
    public let atRisk: Bool
    public let staffEmails: [String]
}
