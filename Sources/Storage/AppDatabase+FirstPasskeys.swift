import Domain

/// A staff member's first passkey while their organisation asks staff for a passkey or single sign-on (issue 65,
/// finding 2): they ask, another admin approves, and the link mailed to them lets their session add it.
extension AppDatabase {
    public struct FirstPasskeyRequest: Sendable, Equatable {
        public let accountID: AccountID
        public let email: String
        public let requestedAt: Int
    }

    /// Records (or renews) the request with its audit line; false when one was made in the last `quietSeconds`
    /// (nothing is written, and nobody is told twice).
    public func askForFirstPasskey(tenantID: TenantID, accountID: AccountID, now: Int, quietSeconds: Int,
                                   audit: AuditEntry) throws(StorageError) -> Bool {
        try write { db in
            if let asked = try db.int(sql: "SELECT requested_at FROM first_passkey_requests WHERE tenant_id = ? AND account_id = ?",
                                      arguments: [tenantID, accountID]), asked > now - quietSeconds { return false }
            try db.execute(sql: "DELETE FROM first_passkey_requests WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
            try db.execute(sql: "INSERT INTO first_passkey_requests (tenant_id, account_id, requested_at) VALUES (?, ?, ?)",
                           arguments: [tenantID, accountID, now])
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    /// Requests not yet approved, oldest first, from staff who are still staff (a short list: staff only).
    public func firstPasskeyRequests(tenantID: TenantID) throws(StorageError) -> [FirstPasskeyRequest] {
        try read { db in
            try db.rows(sql: """
                SELECT r.account_id, a.email, r.requested_at FROM first_passkey_requests r
                JOIN accounts a ON a.tenant_id = r.tenant_id AND a.id = r.account_id
                WHERE r.tenant_id = ? AND r.approved_by IS NULL AND a.role IN ('moderator', 'admin') AND a.deactivated_at IS NULL
                ORDER BY r.requested_at LIMIT 50
                """, arguments: [tenantID]).map {
                FirstPasskeyRequest(accountID: AccountID(stored: $0["account_id"]), email: $0["email"], requestedAt: $0["requested_at"])
            }
        }
    }

    /// Approves another staff member's request with its audit line: their address, for the link. Nil when there is no
    /// request waiting from them, or it is the approver's own.
    public func approveFirstPasskey(tenantID: TenantID, accountID: AccountID, approver: AccountID, tokenHash: String, expiresAt: Int,
                                    audit: AuditEntry) throws(StorageError) -> String? {
        guard accountID != approver else { return nil }
        return try write { db in
            guard let email = try db.string(sql: """
                SELECT a.email FROM first_passkey_requests r JOIN accounts a ON a.tenant_id = r.tenant_id AND a.id = r.account_id
                WHERE r.tenant_id = ? AND r.account_id = ? AND r.approved_by IS NULL AND a.role IN ('moderator', 'admin') AND a.deactivated_at IS NULL
                """, arguments: [tenantID, accountID]) else { return nil }
            try db.execute(sql: """
                UPDATE first_passkey_requests SET approved_by = ?, token_hash = ?, expires_at = ? WHERE tenant_id = ? AND account_id = ?
                """, arguments: [approver, tokenHash, expiresAt, tenantID, accountID])
            var entry = audit
            entry.subject = email
            entry.subjectAccountID = accountID
            try Self.appendAudit(db, tenantID: tenantID, entry)
            return email
        }
    }

    /// Spends an approved request's link in the session of the account it is for: the session may add a passkey until
    /// `until`, and counts as proven now. False when the link is not live or is someone else's.
    public func useFirstPasskeyLink(tenantID: TenantID, accountID: AccountID, sessionID: String, tokenHash: String, now: Int,
                                    until: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: """
                DELETE FROM first_passkey_requests
                WHERE tenant_id = ? AND account_id = ? AND token_hash = ? AND approved_by IS NOT NULL AND expires_at > ?
                """, arguments: [tenantID, accountID, tokenHash, now])
            guard db.changesCount == 1 else { return false }
            try db.execute(sql: "UPDATE sessions SET first_passkey_until = ?, proven_at = ? WHERE tenant_id = ? AND account_id = ? AND id = ?",
                           arguments: [until, now, tenantID, accountID, sessionID])
            return true
        }
    }

    /// Whether a link's token is live for this account (the page before it is spent).
    public func firstPasskeyLinkIsLive(tenantID: TenantID, accountID: AccountID, tokenHash: String, now: Int) throws(StorageError) -> Bool {
        try read { db in
            try db.int(sql: """
                SELECT count(*) FROM first_passkey_requests
                WHERE tenant_id = ? AND token_hash = ? AND account_id = ? AND approved_by IS NOT NULL AND expires_at > ?
                """, arguments: [tenantID, tokenHash, accountID, now]) == 1
        }
    }

    /// Every admin's address but one: whom a staff member's request is told to.
    public func adminEmails(tenantID: TenantID, except accountID: AccountID) throws(StorageError) -> [String] {
        try read { db in
            // Sorted here, not in SQL: an ORDER BY email would lead the planner to walk the tenant's accounts by email
            // rather than find its few admins by role (accounts_by_role).
            try db.strings(sql: "SELECT email FROM accounts WHERE tenant_id = ? AND role = 'admin' AND id <> ? AND deactivated_at IS NULL",
                           arguments: [tenantID, accountID]).sorted()
        }
    }

    /// The link's grant is for one passkey: spent once one is added.
    public func endFirstPasskeyGrant(tenantID: TenantID, sessionID: String) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE sessions SET first_passkey_until = 0 WHERE tenant_id = ? AND id = ? AND first_passkey_until > 0",
                           arguments: [tenantID, sessionID])
        }
    }
}
