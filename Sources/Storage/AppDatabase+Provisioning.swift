import Domain

/// Provisioning over SCIM: bearer tokens (kept as hashes) and the accounts an identity provider manages. Everything is
/// within one tenant; turning an account off ends its sessions in the same transaction.
extension AppDatabase {

    public func createProvisioningToken(tenantID: TenantID, tokenHash: String, label: String, now: Int, audit: AuditEntry?) throws(StorageError) {
        try write { db in
            try db.execute(sql: "INSERT INTO scim_tokens (tenant_id, id, token_hash, label, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [tenantID, RandomID.make(), tokenHash, label, now])
            if let audit { try Self.appendAudit(db, tenantID: tenantID, audit) }
        }
    }

    /// Live tokens, newest first.
    public func provisioningTokens(tenantID: TenantID) throws(StorageError) -> [ProvisioningToken] {
        try read { db in
            try db.rows(sql: """
                SELECT id, label, created_at, last_used_at FROM scim_tokens WHERE tenant_id = ? AND revoked_at IS NULL ORDER BY created_at DESC, id
                """, arguments: [tenantID]).map {
                ProvisioningToken(id: $0["id"], label: $0["label"], createdAt: $0["created_at"], lastUsedAt: $0["last_used_at"])
            }
        }
    }

    public func revokeProvisioningToken(tenantID: TenantID, id: String, now: Int, audit: AuditEntry) throws(StorageError) -> Bool {
        try revoke("scim_tokens", tenantID: tenantID, id: id, now: now, audit: audit)
    }

    /// Whether `tokenHash` is a live token of this tenant; its last use is noted (at most once a minute, to spare writes).
    public func provisioningTokenIsLive(tenantID: TenantID, tokenHash: String, now: Int) throws(StorageError) -> Bool {
        guard let lastUsed = try read({ db in
            try db.row(sql: "SELECT coalesce(last_used_at, 0) AS last_used FROM scim_tokens WHERE tenant_id = ? AND token_hash = ? AND revoked_at IS NULL",
                       arguments: [tenantID, tokenHash]).map { $0["last_used"] as Int }
        }) else { return false }
        if now - lastUsed >= 60 {
            try write { db in
                try db.execute(sql: "UPDATE scim_tokens SET last_used_at = ? WHERE tenant_id = ? AND token_hash = ?", arguments: [now, tenantID, tokenHash])
            }
        }
        return true
    }

    static func provisionedUser(from row: SQLRow) -> ProvisionedUser {
        ProvisionedUser(id: row["id"], email: row["email"], userName: row["user_name"], externalID: row["external_id"], isActive: (row["deactivated_at"] as Int?) == nil,
                        createdAt: row["created_at"])
    }

    /// A page of the tenant's accounts by creation (1-based `startIndex`, as SCIM counts), optionally only the one with
    /// `userName` (its own, or its email when it has none) or `externalID`; with the total that match.
    public func provisionedUsers(tenantID: TenantID, userName: String? = nil, externalID: String? = nil, startIndex: Int, count: Int)
        throws(StorageError) -> (total: Int, users: [ProvisionedUser]) {
        try read { db in
            var condition = "tenant_id = ?"
            var arguments: SQLArguments = [tenantID]
            if let userName {
                condition += " AND (user_name = ? OR (user_name IS NULL AND email = ?))"
                arguments.append(userName)
                arguments.append(userName.lowercased())
            }
            if let externalID { condition += " AND external_id = ?"; arguments.append(externalID) }
            let total = try db.int(sql: "SELECT count(*) FROM accounts WHERE \(condition)", arguments: arguments) ?? 0
            arguments.append(count)
            arguments.append(startIndex - 1)
            let users = try db.rows(sql: """
                SELECT id, email, user_name, external_id, deactivated_at, created_at FROM accounts WHERE \(condition) ORDER BY created_at, id LIMIT ? OFFSET ?
                """, arguments: arguments).map(Self.provisionedUser)
            return (total, users)
        }
    }

    public func provisionedUser(tenantID: TenantID, id: String) throws(StorageError) -> ProvisionedUser? {
        try read { db in
            try db.row(sql: "SELECT id, email, user_name, external_id, deactivated_at, created_at FROM accounts WHERE tenant_id = ? AND id = ?",
                       arguments: [tenantID, id]).map(Self.provisionedUser)
        }
    }

    public enum ProvisioningChange: Sendable, Equatable {
        case done(ProvisionedUser)
        /// Another account of this tenant has that email.
        case emailTaken
        case notFound
        /// An admin or moderator: only Resett's own admins change or remove them, so a provisioning token is never a
        /// way to take over (or lock out) the people who run the organisation's space.
        case staff
    }

    /// Creates an account the provider manages. It has no password (an unusable hash): the person signs in with a
    /// link, a password they set through "forgotten password", or single sign-on.
    /// Whether another account than `id` has this email or userName.
    static func provisioningClash(_ db: any SQLConnection, tenantID: TenantID, email: String, userName: String?, except id: AccountID?) throws -> Bool {
        try db.bool(sql: """
            SELECT 1 FROM accounts WHERE tenant_id = ? AND id <> ? AND (email = ? OR user_name = ? OR (user_name IS NULL AND email = ?))
            """, arguments: [tenantID, id?.rawValue ?? "", email, userName ?? email, (userName ?? email).lowercased()]) == true  // `id <> NULL` would match nothing
    }

    public func createProvisionedUser(tenantID: TenantID, email: String, userName: String?, externalID: String?, active: Bool,
                                      unusableHash: String, now: Int, audit: AuditEntry) throws(StorageError) -> ProvisioningChange {
        try write { db in
            if try Self.provisioningClash(db, tenantID: tenantID, email: email, userName: userName, except: nil) { return .emailTaken }
            let id: AccountID = RandomID.id()
            try db.execute(sql: """
                INSERT INTO accounts (id, tenant_id, email, password_hash, role, time_zone, created_at, external_id, deactivated_at, user_name)
                VALUES (?, ?, ?, ?, 'member', 'Europe/London', ?, ?, ?, ?)
                """, arguments: [id, tenantID, email, unusableHash, now, externalID, active ? nil : now, userName])
            try Self.appendAudit(db, tenantID: tenantID, audit.about("an account", accountID: id))
            return .done(ProvisionedUser(id: id, email: email, userName: userName, externalID: externalID, isActive: active, createdAt: now))
        }
    }

    /// Changes a member's email, the provider's id for it and whether it is on. Turning it off ends its sessions; a
    /// new email ends every emailed link and session (the old address is told by the caller). An admin's or
    /// moderator's account is refused (`.staff`) unless nothing would change, as a provider's routine sync sends.
    public func updateProvisionedUser(tenantID: TenantID, _ user: ProvisionedUser, now: Int, audit: AuditEntry) throws(StorageError) -> ProvisioningChange {
        try write { db in
            try Self.lockAccount(db, tenantID: tenantID, accountID: user.id)
            guard let row = try db.row(sql: "SELECT id, email, user_name, external_id, deactivated_at, created_at, role FROM accounts WHERE tenant_id = ? AND id = ?",
                                       arguments: [tenantID, user.id]) else { return .notFound }
            let current = Self.provisionedUser(from: row)
            if current == user { return .done(user) }
            if row["role"] != Role.member.rawValue { return .staff }
            if try Self.provisioningClash(db, tenantID: tenantID, email: user.email, userName: user.userName, except: user.id) { return .emailTaken }
            // Off since the first time it was turned off; on again clears it.
            let deactivatedAt: Int? = user.isActive ? nil : (row["deactivated_at"] as Int?) ?? now
            try db.execute(sql: """
                UPDATE accounts SET email = ?, user_name = ?, external_id = ?, deactivated_at = ? WHERE tenant_id = ? AND id = ?
                """, arguments: [user.email, user.userName, user.externalID, deactivatedAt, tenantID, user.id])
            if !user.isActive || current.email != user.email {
                // Signed out everywhere, and no emailed link from before can sign it in again.
                for table in ["sessions", "sign_in_links", "password_resets", "pending_identity_links", "first_passkey_requests"] {
                    try db.execute(sql: "DELETE FROM \(table) WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, user.id])
                }
            }
            try Self.appendAudit(db, tenantID: tenantID, audit.about("an account", accountID: user.id))
            return .done(user)
        }
    }
}
