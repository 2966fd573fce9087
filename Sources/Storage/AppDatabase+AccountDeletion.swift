import Domain

/// Erasing a person, by themselves or by the organisation's provisioning.
extension AppDatabase {
    /// Erases a person: every row about them goes or loses what tied it to them, in one transaction.
    /// Their community posts are erased, or, if they chose, kept without an author (still anonymous).
    /// Their reports (and notes), the unlimited list's line for their address and pending sign-ups go; the
    /// moderation audit keeps what happened but names them only as a former member or staff member.
    /// Sessions, links, runs, subscription, payments, checkouts, reactions and restrictions go by cascade.
    /// The organisation's only admin cannot leave it without one: they are asked to name another first.
    /// `membersOnly` (for the identity provider's SCIM token) refuses an admin or moderator: staff are changed in Resett.
    @discardableResult
    public func deleteAccount(tenantID: TenantID, accountID: AccountID, erasePosts: Bool = true, membersOnly: Bool = false) throws(StorageError) -> AccountDeletion {
        try write { db in
            try db.lock("admins:\(tenantID)")
            guard let row = try db.row(sql: "SELECT email, role FROM accounts WHERE tenant_id = ? AND id = ?",
                                             arguments: [tenantID, accountID]) else { return .notFound }
            let email: String = row["email"]
            if membersOnly, row["role"] != Role.member.rawValue { return .staff }
            if row["role"] == Role.admin.rawValue,
               try db.int(sql: "SELECT count(*) FROM accounts WHERE tenant_id = ? AND role = 'admin'", arguments: [tenantID]) ?? 0 <= 1 {
                return .lastAdmin
            }
            if erasePosts {
                try db.execute(sql: """
                    UPDATE moderation_audit SET about = 'deleted post'
                    WHERE tenant_id = ? AND post_id IN (SELECT id FROM posts WHERE tenant_id = ? AND author_id = ?)
                    """, arguments: [tenantID, tenantID, accountID])
                try db.execute(sql: """
                    UPDATE posts SET body = NULL, status = 'deleted', held_for = NULL, author_id = NULL WHERE tenant_id = ? AND author_id = ?
                    """, arguments: [tenantID, accountID])
            } else {
                try db.execute(sql: "UPDATE posts SET author_id = NULL WHERE tenant_id = ? AND author_id = ?", arguments: [tenantID, accountID])
            }
            // Their open reports go with them: each post they reported keeps the time of its oldest report still open.
            try db.execute(sql: """
                UPDATE posts SET reported_at = (SELECT min(r.created_at) FROM reports r WHERE r.tenant_id = posts.tenant_id
                                                AND r.post_id = posts.id AND r.open = 1 AND r.reporter_id != ?)
                WHERE tenant_id = ? AND id IN (SELECT post_id FROM reports WHERE tenant_id = ? AND reporter_id = ? AND open = 1)
                """, arguments: [accountID, tenantID, tenantID, accountID])
            try db.execute(sql: "DELETE FROM reports WHERE tenant_id = ? AND reporter_id = ?", arguments: [tenantID, accountID])
            try Self.recountReactions(db, tenantID: tenantID, postsWhere: "id IN (SELECT post_id FROM reactions WHERE tenant_id = ? AND account_id = ?)",
                                      [tenantID, accountID], leaving: accountID)
            try db.execute(sql: "DELETE FROM reactions WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
            try db.execute(sql: "DELETE FROM tenant_unlimited_emails WHERE tenant_id = ? AND email = ?", arguments: [tenantID, email])
            try db.execute(sql: "DELETE FROM pending_sign_ups WHERE tenant_id = ? AND email = ?", arguments: [tenantID, email])
            try db.execute(sql: """
                UPDATE moderation_audit SET moderator = 'A former staff member', actor_id = NULL
                WHERE tenant_id = ? AND (actor_id = ? OR moderator = ?)
                """, arguments: [tenantID, accountID, email])
            try db.execute(sql: """
                UPDATE moderation_audit SET subject = 'A former member', subject_account_id = NULL
                WHERE tenant_id = ? AND (subject_account_id = ? OR subject = ?)
                """, arguments: [tenantID, accountID, email])
            // Staff sign their private notes with their address: an erased moderator becomes a former staff member there too.
            try db.execute(sql: "UPDATE moderator_notes SET author = 'A former staff member' WHERE tenant_id = ? AND author = ?",
                           arguments: [tenantID, email])
            // Passkeys go with the account (their foreign key); a challenge begun for it goes now rather than in five minutes.
            try db.execute(sql: "DELETE FROM passkey_challenges WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
            try db.execute(sql: "DELETE FROM accounts WHERE tenant_id = ? AND id = ?", arguments: [tenantID, accountID])
            return .deleted(email: email)
        }
    }

    public enum AccountDeletion: Sendable, Equatable {
        /// Erased; the address it had, so mail held for it can go too.
        case deleted(email: String)
        case notFound
        case lastAdmin
        /// An admin or moderator, whom only Resett's own admins may change.
        case staff
    }
}
