import Domain


/// The community, always within one tenant. Authors are never returned to members; moderators get an
/// author id only to turn it into a pseudonym (see the Web layer), never to show.
extension AppDatabase {
    public func topics(tenantID: TenantID) throws(StorageError) -> [CommunityTopic] {
        try read { db in try Self.topics(db, tenantID: tenantID) }
    }

    static func topics(_ db: any SQLConnection, tenantID: TenantID) throws -> [CommunityTopic] {
        try db.rows(sql: "SELECT slug, name FROM community_topics WHERE tenant_id = ? ORDER BY position",
                         arguments: [tenantID]).map { CommunityTopic(slug: $0["slug"], name: $0["name"]) }
    }

    /// A page of the feed as one read: the tenant's topics, the posts, and the viewer's posting restriction.
    /// nil when `topic` is not one of the tenant's.
    public func feedPage(tenantID: TenantID, viewerID: AccountID, topic: String?, before cursor: Int?, limit: Int, now: Int)
        throws(StorageError) -> (topics: [CommunityTopic], posts: [CommunityPost], restriction: (until: Int?, reason: String)?)?
    {
        try read { db in
            let topics = try Self.topics(db, tenantID: tenantID)
            if let topic, !topics.contains(where: { $0.slug == topic }) { return nil }
            return (topics, try Self.feed(db, tenantID: tenantID, viewerID: viewerID, topic: topic, before: cursor, limit: limit),
                    try Self.postingRestriction(db, tenantID: tenantID, accountID: viewerID, now: now))
        }
    }

    public enum Publication: Sendable, Equatable {
        case published(id: String)
        case unknownTopic
        case restricted(until: Int?, reason: String)
    }

    /// Why a new post waits for a moderator before anyone else sees it.
    public enum PostHold: Sendable {
        /// Its words suggest its author may be at risk: first in the queue.
        case safety
        /// It contains a word the tenant watches for.
        case watchedWord
    }

    /// Publishes a post (held for review when `hold` says why), with the author's posting restriction and the
    /// topic checked in the same transaction.
    public func publishPost(tenantID: TenantID, authorID: AccountID, topic: String, body: String, hold: PostHold?,
                            now: Int) throws(StorageError) -> Publication {
        try write { db in
            if let restriction = try Self.postingRestriction(db, tenantID: tenantID, accountID: authorID, now: now) {
                return .restricted(until: restriction.until, reason: restriction.reason)
            }
            guard try db.bool(sql: "SELECT 1 FROM community_topics WHERE tenant_id = ? AND slug = ?",
                                    arguments: [tenantID, topic]) == true else { return .unknownTopic }
            return .published(id: try Self.insertPost(db, tenantID: tenantID, authorID: authorID, topic: topic, body: body,
                                                      hold: hold, now: now))
        }
    }

    public func createPost(tenantID: TenantID, authorID: AccountID, topic: String, body: String, heldForSafety: Bool,
                           now: Int) throws(StorageError) -> String {
        try write { db in
            try Self.insertPost(db, tenantID: tenantID, authorID: authorID, topic: topic, body: body, hold: heldForSafety ? .safety : nil, now: now)
        }
    }

    private static func insertPost(_ db: any SQLConnection, tenantID: TenantID, authorID: AccountID, topic: String, body: String, hold: PostHold?,
                                   now: Int) throws -> String {
        let id = RandomID.make()
        try db.execute(sql: """
                INSERT INTO posts (id, tenant_id, author_id, topic, body, status, held_for, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [id, tenantID, authorID, topic, body, hold == nil ? "visible" : "held",
                                 hold == .safety ? "safety" : nil, now])
        return id
    }

    /// Newest first, `limit` at a time, before `cursor` (the last post of the previous page). Visible posts,
    /// plus the viewer's own posts that wait for review, so nothing they wrote seems lost.
    static func feed(_ db: any SQLConnection, tenantID: TenantID, viewerID: AccountID, topic: String?, before cursor: Int?, limit: Int) throws
        -> [CommunityPost]
    {
        // Two index ranges, merged here: the newest visible posts (posts_visible) and the viewer's own waiting ones
        // (posts_author). As one query with an OR, every held post newer than the page was read row by row first.
        var filters = ""
        var filterArguments: SQLArguments = []
        if let topic {
            filters += " AND p.topic = ?"
            filterArguments.append(topic)
        }
        if let cursor {
            filters += " AND p.seq < ?"
            filterArguments.append(cursor)
        }
        var ownArguments: SQLArguments = [tenantID, viewerID]
        ownArguments.append(contentsOf: filterArguments)
        ownArguments.append(limit)
        let waiting = try db.rows(sql: """
            SELECT p.seq AS cursor, p.id, p.topic, p.body, p.status, p.created_at
            FROM posts p
            WHERE p.tenant_id = ? AND p.author_id = ? AND p.status IN ('held', 'hidden')\(filters)
            ORDER BY p.seq DESC LIMIT ?
            """, arguments: ownArguments)
        var visibleArguments: SQLArguments = [viewerID, viewerID, tenantID]
        visibleArguments.append(contentsOf: filterArguments)
        // When the viewer's own waiting posts fill a page, a visible post older than the last of them cannot be on it.
        var newerThanWaiting = ""
        if waiting.count == limit, let oldest = waiting.last {
            newerThanWaiting = " AND p.seq > ?"
            visibleArguments.append(oldest["cursor"] as Int)
        }
        visibleArguments.append(limit)
        // The counts are the post's own columns (see recountReactions); only the viewer's own reaction is looked up.
        let visible = try db.rows(sql: """
            SELECT p.seq AS cursor, p.id, p.topic, p.body, p.status, p.created_at,
                CASE WHEN p.author_id = ? THEN 1 ELSE 0 END AS mine,
                (SELECT kind FROM reactions r WHERE r.tenant_id = p.tenant_id AND r.post_id = p.id AND r.account_id = ?) AS my_reaction,
                \(Self.reactionCountColumns)
            FROM posts p
            WHERE p.tenant_id = ? AND p.status = 'visible'\(filters)\(newerThanWaiting)
            ORDER BY p.seq DESC LIMIT ?
            """, arguments: visibleArguments)
        var posts = visible.map { row in
            var counts: [ReactionKind: Int] = [:]
            for (kind, column) in Self.reactionCountNames {
                let count: Int = row[column]
                if count > 0 { counts[kind] = count }
            }
            return CommunityPost(id: row["id"], topic: row["topic"], body: row["body"] ?? "", createdAt: row["created_at"],
                                 status: .visible, isMine: row["mine"], reactions: counts,
                                 myReaction: (row["my_reaction"] as String?).flatMap(ReactionKind.init), cursor: row["cursor"])
        }
        posts += waiting.map { row in
            CommunityPost(id: row["id"], topic: row["topic"], body: row["body"] ?? "", createdAt: row["created_at"],
                          status: CommunityPost.Status(rawValue: row["status"]) ?? .hidden, isMine: true, reactions: [:],
                          myReaction: nil, cursor: row["cursor"])
        }
        // The newest `limit` of both: each list holds its own newest `limit`, so these are the feed's.
        posts.sort { $0.cursor > $1.cursor }
        return Array(posts.prefix(limit))
    }

    /// The author erases their own post. False if it is not theirs (or not in this tenant).
    public func deleteOwnPost(tenantID: TenantID, authorID: AccountID, postID typedPostID: PostID) throws(StorageError) -> Bool {
        let postID = typedPostID.rawValue
        return try write { db in
            try db.execute(sql: """
                UPDATE posts SET body = NULL, status = 'deleted' WHERE tenant_id = ? AND author_id = ? AND id = ? AND status != 'deleted'
                """, arguments: [tenantID, authorID, postID])
            guard db.changesCount == 1 else { return false }
            try Self.eraseAuditExcerpts(db, tenantID: tenantID, postID: postID)
            return true
        }
    }

    /// The posts' count columns, one per reaction kind (`support_count`, …), for a query whose posts table is `p`.
    static let reactionCountColumns = reactionCountNames.map { "p." + $0.column }.joined(separator: ", ")
    static let reactionCountNames = ReactionKind.allCases.map { (kind: $0, column: $0.rawValue + "_count") }

    /// Sets the reaction counts of this tenant's posts matching `condition` from the reactions themselves, leaving out
    /// those of `leaving` (an account whose reactions are about to be erased). In the caller's transaction, with
    /// the change to the reactions: the counts are never more than a copy of them.
    ///
    /// The posts' rows are locked first, by a statement of their own. On PostgreSQL (read committed) a statement that
    /// waited for another transaction's lock still counts with the snapshot it started with, so two people reacting
    /// to one post at once on two nodes could each write a count without the other's reaction. Counting in the next
    /// statement, once the lock is held, sees every reaction committed before it; anyone after waits and counts again.
    static func recountReactions(_ db: any SQLConnection, tenantID: TenantID, postsWhere condition: String, _ arguments: SQLArguments,
                                 leaving: AccountID? = nil) throws {
        var lockArguments: SQLArguments = [tenantID]
        lockArguments.append(contentsOf: arguments)
        try db.execute(sql: "UPDATE posts SET support_count = support_count WHERE tenant_id = ? AND \(condition)", arguments: lockArguments)
        var all: SQLArguments = []
        let counts = ReactionKind.allCases.map { kind in
            all.append(leaving?.rawValue ?? "")  // "" matches no account: NULL would match none and count nothing
            return "\(kind.rawValue)_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id "
                + "AND r.kind = '\(kind.rawValue)' AND r.account_id != ?)"
        }
        all.append(contentsOf: lockArguments)
        try db.execute(sql: "UPDATE posts SET \(counts.joined(separator: ", ")) WHERE tenant_id = ? AND \(condition)", arguments: all)
    }

    /// One reaction per member per post: the same kind again removes it, another kind replaces it.
    /// False when the post is not a visible post of this tenant.
    public func toggleReaction(tenantID: TenantID, accountID: AccountID, postID typedPostID: PostID, kind: ReactionKind) throws(StorageError) -> Bool {
        let postID = typedPostID.rawValue
        return try write { db in
            guard try db.bool(sql: "SELECT 1 FROM posts WHERE tenant_id = ? AND id = ? AND status = 'visible'",
                                    arguments: [tenantID, postID]) == true else { return false }
            let current = try db.string(sql: "SELECT kind FROM reactions WHERE tenant_id = ? AND post_id = ? AND account_id = ?",
                                        arguments: [tenantID, postID, accountID])
            if current == kind.rawValue {
                try db.execute(sql: "DELETE FROM reactions WHERE tenant_id = ? AND post_id = ? AND account_id = ?",
                               arguments: [tenantID, postID, accountID])
            } else {
                try db.execute(sql: """
                    INSERT INTO reactions (tenant_id, post_id, account_id, kind) VALUES (?, ?, ?, ?)
                    ON CONFLICT (tenant_id, post_id, account_id) DO UPDATE SET kind = excluded.kind
                    """, arguments: [tenantID, postID, accountID, kind.rawValue])
            }
            try Self.recountReactions(db, tenantID: tenantID, postsWhere: "id = ?", [postID])
            return true
        }
    }

    public enum ReportOutcome: Sendable, Equatable { case reported, alreadyReported, notFound }

    /// One report per member per post; at the tenant's threshold of open reports the post is hidden for review.
    public func report(tenantID: TenantID, reporterID: AccountID, postID typedPostID: PostID, reason: ReportReason, note: String?,
                       now: Int) throws(StorageError) -> ReportOutcome {
        let postID = typedPostID.rawValue
        return try write { db in
            guard try db.bool(sql: "SELECT 1 FROM posts WHERE tenant_id = ? AND id = ? AND status = 'visible'",
                                    arguments: [tenantID, postID]) == true else { return .notFound }
            // Reports arriving together are counted one after another, so the threshold is met exactly once.
            try db.lock("reports:\(tenantID):\(postID)")
            if try db.bool(sql: "SELECT 1 FROM reports WHERE tenant_id = ? AND post_id = ? AND reporter_id = ?",
                           arguments: [tenantID, postID, reporterID]) == true { return .alreadyReported }
            try db.execute(sql: """
                INSERT INTO reports (id, tenant_id, post_id, reporter_id, reason, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [RandomID.make(), tenantID, postID, reporterID, reason.rawValue, note, now])
            try db.execute(sql: "UPDATE posts SET reported_at = coalesce(reported_at, ?) WHERE tenant_id = ? AND id = ?",
                           arguments: [now, tenantID, postID])
            try db.execute(sql: """
                UPDATE posts SET status = 'hidden', held_for = 'reports'
                WHERE tenant_id = ? AND id = ? AND status = 'visible'
                  AND (SELECT count(*) FROM reports r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.open = 1)
                      >= (SELECT report_threshold FROM tenants WHERE id = posts.tenant_id)
                """, arguments: [tenantID, postID])
            return .reported
        }
    }

    /// A post anyone may report (visible in the feed), as the report page quotes it; nil for any other.
    public func reportablePost(tenantID: TenantID, postID typedPostID: PostID) throws(StorageError) -> ReportablePost? {
        let postID = typedPostID.rawValue
        return try read { db in
            try db.row(sql: "SELECT topic, body, created_at FROM posts WHERE tenant_id = ? AND id = ? AND status = 'visible'",
                       arguments: [tenantID, postID]).map { ReportablePost(topic: $0["topic"], body: $0["body"], createdAt: $0["created_at"]) }
        }
    }

    // MARK: Restrictions

    /// The active restriction on posting, if any: its end (nil for indefinite) and reason.
    static func postingRestriction(_ db: any SQLConnection, tenantID: TenantID, accountID: AccountID, now: Int) throws -> (until: Int?, reason: String)? {
        try db.row(sql: """
                SELECT until, reason FROM posting_restrictions
                WHERE tenant_id = ? AND account_id = ? AND lifted_at IS NULL AND (until IS NULL OR until > ?)
                ORDER BY created_at DESC LIMIT 1
                """, arguments: [tenantID, accountID, now]).map { (until: $0["until"], reason: $0["reason"]) }
    }
}

extension AppDatabase {
    /// Renames existing topics and adds new ones (a tenant's own words for its community). `.conflict` if a new
    /// topic's slug is taken.
    public func saveTopics(tenantID: TenantID, names: [String: String], adding new: CommunityTopic?, audit: AuditEntry) throws(StorageError) {
        try write { db in
            try Self.appendAudit(db, tenantID: tenantID, audit)
            for (slug, name) in names {
                try db.execute(sql: "UPDATE community_topics SET name = ? WHERE tenant_id = ? AND slug = ?", arguments: [name, tenantID, slug])
            }
            if let new {
                if try db.bool(sql: "SELECT 1 FROM community_topics WHERE tenant_id = ? AND slug = ?",
                                     arguments: [tenantID, new.slug]) == true {
                    throw StorageError.conflict("there is already a topic called \(new.name)")
                }
                try db.execute(sql: """
                    INSERT INTO community_topics (tenant_id, slug, name, position)
                    VALUES (?, ?, ?, (SELECT coalesce(max(position), 0) + 1 FROM community_topics WHERE tenant_id = ?))
                    """, arguments: [tenantID, new.slug, new.name, tenantID])
            }
        }
    }
}
