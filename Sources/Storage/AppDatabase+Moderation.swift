import Domain


/// One line for the moderation audit, written with the change it records.
public struct AuditEntry: Sendable {
    /// The staff member who acted, as shown in the audit (their email), and their account.
    public let actor: String
    /// nil for the provider's SCIM client, which has no account.
    public let actorID: AccountID?
    public let action: String
    public var subject: String
    public var subjectAccountID: AccountID?
    public let note: String
    public let at: Int
    /// The post the line is about, if any: its excerpt is kept with the line until the post is erased.
    public var postID: String?

    public init(actor: String, actorID: AccountID?, action: String, subject: String = "", subjectAccountID: AccountID? = nil,
                note: String = "", at: Int) {
        self.actor = actor
        self.actorID = actorID
        self.action = action
        self.subject = subject
        self.subjectAccountID = subjectAccountID
        self.note = note
        self.at = at
    }

    func about(_ subject: String, accountID: AccountID?) -> AuditEntry {
        var entry = self
        entry.subject = subject
        entry.subjectAccountID = accountID
        return entry
    }
}

extension AppDatabase {

    /// The moderators' page as one read: the first `first` items of each section (all of `whole`'s), the sections'
    /// sizes, the restrictions in force and the topics' names. A queue of hundreds reads only what the page shows.
    public func moderationOverview(tenantID: TenantID, now: Int, first: Int, whole: ModerationQueueSection?) throws(StorageError)
        -> (sections: [ModerationQueueSection: QueueSectionItems], restrictions: [RestrictionItem], topics: [CommunityTopic])
    {
        try read { db in
            (try Self.moderationQueue(db, tenantID: tenantID, first: first, whole: whole),
             try Self.activeRestrictions(db, tenantID: tenantID, now: now), try Self.topics(db, tenantID: tenantID))
        }
    }

    static func moderationQueue(_ db: any SQLConnection, tenantID: TenantID, first: Int, whole: ModerationQueueSection?) throws
        -> [ModerationQueueSection: QueueSectionItems]
    {
        var sections: [ModerationQueueSection: QueueSectionItems] = [:]
        for row in try db.rows(sql: "SELECT \(queueSectionSQL) AS section, count(*) AS n FROM posts WHERE \(waitingPostsSQL) GROUP BY 1",
                               arguments: [tenantID]) {
            if let section = ModerationQueueSection(rawValue: row["section"]) { sections[section, default: QueueSectionItems()].count = row["n"] }
        }
        // Each section's first page, oldest first: one short range of posts_waiting each.
        for (section, found) in sections {
            let rows = try db.rows(sql: """
                SELECT \(itemColumns) FROM posts p WHERE \(waitingPostsSQL) AND \(queueSectionSQL) = ? ORDER BY created_at, seq LIMIT ?
                """, arguments: [tenantID, section.rawValue, section == whole ? found.count : first])
            let reports = try openReports(db, tenantID: tenantID, postIDs: rows.map { $0["id"] })
            sections[section]?.items = rows.map { item($0, reports: reports) }
        }
        return sections
    }

    /// A waiting post's section of the queue (reported_at is set while a report is open). Written exactly as in the
    /// posts_waiting index (Migrations/sqlite/0015_reported_at.sql), so the planner matches it.
    static let queueSectionSQL = "(CASE WHEN held_for = 'safety' THEN 0 WHEN reported_at IS NOT NULL OR held_for = 'reports' THEN 1 ELSE 2 END)"

    /// Which posts wait for a moderator (held, held for a reason, or with an open report), as `posts_waiting`'s own
    /// condition (word for word) so that partial index finds them; one ? for the tenant.
    static let waitingPostsSQL = """
        tenant_id = ? AND status != 'deleted' AND (status = 'held' OR held_for IS NOT NULL OR reported_at IS NOT NULL)
        """

    /// A queue item's columns, read by `item(_:reports:)`; the table is `p`.
    static let itemColumns = """
        p.id, p.topic, p.body, p.status, p.held_for, p.created_at, p.author_id, p.escalated_at, p.reported_at,
        (SELECT a.email FROM accounts a WHERE a.tenant_id = p.tenant_id AND a.id = p.assigned_to) AS assigned_email
        """

    /// One post (in the queue or not, unless deleted), as the queue shows it.
    static func moderationItem(_ db: any SQLConnection, tenantID: TenantID, postID: String) throws -> ModerationItem? {
        guard let row = try db.row(sql: "SELECT \(itemColumns) FROM posts p WHERE p.tenant_id = ? AND p.status != 'deleted' AND p.id = ?",
                                   arguments: [tenantID, postID]) else { return nil }
        return item(row, reports: try openReports(db, tenantID: tenantID, postIDs: [postID]))
    }

    /// The open reports of these posts, oldest first, in one query (not one per post: a page shows dozens).
    static func openReports(_ db: any SQLConnection, tenantID: TenantID, postIDs: [String]) throws
        -> [String: [(reason: ReportReason, note: String?)]]
    {
        guard !postIDs.isEmpty else { return [:] }
        var arguments: SQLArguments = [tenantID]
        for id in postIDs { arguments.append(id) }
        var reports: [String: [(reason: ReportReason, note: String?)]] = [:]
        for row in try db.rows(sql: """
            SELECT post_id, reason, note FROM reports
            WHERE tenant_id = ? AND open = 1 AND post_id IN (\(SQLArguments.placeholders(postIDs.count)))
            ORDER BY created_at, id
            """, arguments: arguments) {
            reports[row["post_id"], default: []].append((reason: ReportReason(rawValue: row["reason"]) ?? .other, note: row["note"]))
        }
        return reports
    }

    static func item(_ row: SQLRow, reports: [String: [(reason: ReportReason, note: String?)]]) -> ModerationItem {
        let id: String = row["id"]
        return ModerationItem(postID: id, topic: row["topic"], body: row["body"] ?? "",
                              status: CommunityPost.Status(rawValue: row["status"]) ?? .hidden, heldFor: row["held_for"],
                              createdAt: row["created_at"], authorID: row["author_id"], reports: reports[id] ?? [],
                              assignedTo: row["assigned_email"], escalatedAt: row["escalated_at"], oldestOpenReportAt: row["reported_at"])
    }

    public enum ModerationAction: String, Sendable { case approve, hide, delete }

    /// Approves (shows again, closes reports), hides, or deletes (erases the text), and writes its audit line,
    /// in one transaction. False (and no audit line) if there is no such post here.
    public func moderate(tenantID: TenantID, postID typedPostID: PostID, action: ModerationAction, audit: AuditEntry) throws(StorageError) -> Bool {
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
            try db.execute(sql: "UPDATE posts SET assigned_to = NULL, reported_at = NULL WHERE tenant_id = ? AND id = ?", arguments: [tenantID, postID])
            try Self.appendAudit(db, tenantID: tenantID, audit)
            if action == .delete { try Self.eraseAuditExcerpts(db, tenantID: tenantID, postID: postID) }
            return true
        }
    }

    /// Whether a post of this tenant exists and is not deleted (so a confirmation page is only shown for one).
    public func isModeratable(tenantID: TenantID, postID typedPostID: PostID) throws(StorageError) -> Bool {
        let postID = typedPostID.rawValue
        return try read { db in
            try db.bool(sql: "SELECT 1 FROM posts WHERE tenant_id = ? AND id = ? AND status != 'deleted'",
                              arguments: [tenantID, postID]) == true
        }
    }

    /// The author of a post in this tenant (for restricting them), if the post and its author still exist.
    public func authorOfPost(tenantID: TenantID, postID typedPostID: PostID) throws(StorageError) -> String? {
        let postID = typedPostID.rawValue
        return try read { db in
            try db.string(sql: "SELECT author_id FROM posts WHERE tenant_id = ? AND id = ?", arguments: [tenantID, postID])
        }
    }

    /// Restricts the author of a post and writes the audit line (its subject made from the author by
    /// `subject`), in one transaction. False when the post or its author is gone.
    public func restrictAuthor(tenantID: TenantID, postID typedPostID: PostID, until: Int?, reason: String, audit: AuditEntry,
                               subject: (AccountID) -> String) throws(StorageError) -> Bool {
        let postID = typedPostID.rawValue
        return try write { db in
            guard let author = try db.string(sql: "SELECT author_id FROM posts WHERE tenant_id = ? AND id = ?",
                                                   arguments: [tenantID, postID]).map(AccountID.init(stored:)) else { return false }
            try db.execute(sql: """
                INSERT INTO posting_restrictions (id, tenant_id, account_id, until, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [RandomID.make(), tenantID, author, until, reason, audit.at])
            try Self.appendAudit(db, tenantID: tenantID, audit.about(subject(author), accountID: author))
            return true
        }
    }

    /// Lifts a restriction and writes the audit line, in one transaction; false if there is none here.
    public func liftRestriction(tenantID: TenantID, id typedID: RestrictionID, audit: AuditEntry, subject: (AccountID) -> String) throws(StorageError) -> Bool {
        let id = typedID.rawValue
        return try write { db in
            guard let account = try db.string(sql: """
                SELECT account_id FROM posting_restrictions WHERE tenant_id = ? AND id = ? AND lifted_at IS NULL
                """, arguments: [tenantID, id]).map(AccountID.init(stored:)) else { return false }
            try db.execute(sql: "UPDATE posting_restrictions SET lifted_at = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [audit.at, tenantID, id])
            try Self.appendAudit(db, tenantID: tenantID, audit.about(subject(account), accountID: account))
            return true
        }
    }

    static func activeRestrictions(_ db: any SQLConnection, tenantID: TenantID, now: Int) throws -> [RestrictionItem] {
        return try db.rows(sql: """
            SELECT id, account_id, until, reason FROM posting_restrictions
            WHERE tenant_id = ? AND lifted_at IS NULL AND (until IS NULL OR until > ?) ORDER BY created_at
            """, arguments: [tenantID, now]).map {
            RestrictionItem(id: $0["id"], accountID: $0["account_id"], until: $0["until"], reason: $0["reason"])
        }
    }

    /// Audit lines are only ever written inside the transaction of the change they record.
    static func appendAudit(_ db: any SQLConnection, tenantID: TenantID, _ entry: AuditEntry) throws {
        var about = ""
        if let postID = entry.postID {
            let body = try db.row(sql: "SELECT body, status FROM posts WHERE tenant_id = ? AND id = ?", arguments: [tenantID, postID])
            about = body.map { row in (row["body"] as String?).map(Self.excerpt) ?? "deleted post" } ?? "deleted post"
        }
        try db.execute(sql: """
            INSERT INTO moderation_audit (tenant_id, moderator, action, subject, note, created_at, actor_id, subject_account_id, about, post_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [tenantID, entry.actor, entry.action, entry.subject, entry.note, entry.at, entry.actorID?.rawValue ?? "",
                             entry.subjectAccountID, about, entry.postID])
    }

    /// The first words of a post, for the audit: enough to recognise it, never the whole text.
    static func excerpt(_ body: String) -> String {
        let flat = body.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count <= 60 ? flat : String(flat.prefix(57)) + "…"
    }

    /// A post's text is gone: so are the excerpts of it in the audit.
    static func eraseAuditExcerpts(_ db: any SQLConnection, tenantID: TenantID, postID: String) throws {
        try db.execute(sql: "UPDATE moderation_audit SET about = 'deleted post' WHERE tenant_id = ? AND post_id = ?",
                       arguments: [tenantID, postID])
    }

    public func audit(tenantID: TenantID, filter: AuditFilter = AuditFilter(limit: 10_000)) throws(StorageError) -> [AuditLine] {
        try read { db in
            let (sql, arguments) = Self.auditSQL(tenantID: tenantID, filter: filter)
            return try db.rows(sql: sql, arguments: arguments).map {
                AuditLine(moderator: $0["moderator"], action: $0["action"], subject: $0["subject"], note: $0["note"],
                          createdAt: $0["created_at"], about: $0["about"], id: $0["id"])
            }
        }
    }

    /// The audit's lines for a filter, newest first. Each index the filter can use keeps the lines in id order within
    /// it (0051), so a page of them is read without sorting a tenant's whole audit.
    static func auditSQL(tenantID: TenantID, filter: AuditFilter) -> (String, SQLArguments) {
        var sql = "SELECT id, moderator, action, subject, note, created_at, about FROM moderation_audit WHERE tenant_id = ?"
        var arguments: SQLArguments = [tenantID]
        if let action = filter.action { sql += " AND action = ?"; arguments.append(action) }
        if let moderator = filter.moderator { sql += " AND moderator = ?"; arguments.append(moderator) }
        if let from = filter.from { sql += " AND created_at >= ?"; arguments.append(from) }
        if let until = filter.until { sql += " AND created_at < ?"; arguments.append(until) }
        if let before = filter.before { sql += " AND id < ?"; arguments.append(before) }
        sql += " ORDER BY id DESC LIMIT ?"
        arguments.append(max(1, min(filter.limit, 10_000)))
        return (sql, arguments)
    }

    /// The actions and moderators that appear in a tenant's audit, for the filters' choices. Each is read from its own
    /// index (0051), skipping from one value to the next rather than through every line.
    public func auditChoices(tenantID: TenantID) throws(StorageError) -> (actions: [String], moderators: [String]) {
        try read { db in
            (try db.strings(sql: Self.auditActionsSQL, arguments: [tenantID]), try db.strings(sql: Self.auditModeratorsSQL, arguments: [tenantID]))
        }
    }

    static let auditActionsSQL = "SELECT DISTINCT action FROM moderation_audit WHERE tenant_id = ? ORDER BY action"
    static let auditModeratorsSQL = "SELECT DISTINCT moderator FROM moderation_audit WHERE tenant_id = ? ORDER BY moderator"

}
