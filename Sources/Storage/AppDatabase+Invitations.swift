import Domain

/// Who may join: the organisation's rule, and its invitation links (kept only as hashes of the link's token). Each
/// change and its audit line are one transaction; spending an invitation happens in the transaction that creates the
/// account, so a single-use link makes one account however many people confirm at once.
extension AppDatabase {

    public func saveSignUpPolicy(tenantID: TenantID, _ policy: SignUpPolicy, audit: AuditEntry) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE tenants SET sign_up_rule = ?, sign_up_domains = ? WHERE id = ?",
                           arguments: [policy.rule.rawValue, policy.storedDomains, tenantID])
            try Self.appendAudit(db, tenantID: tenantID, audit)
        }
    }

    public func createInvitation(tenantID: TenantID, tokenHash: String, label: String, maxUses: Int, expiresAt: Int, now: Int,
                                 audit: AuditEntry) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO invitations (tenant_id, id, token_hash, label, max_uses, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [tenantID, RandomID.make(), tokenHash, label, maxUses, expiresAt, now])
            try Self.appendAudit(db, tenantID: tenantID, audit)
        }
    }

    static func invitation(from row: SQLRow) -> Invitation {
        Invitation(id: row["id"], label: row["label"], maxUses: row["max_uses"], uses: row["uses"], expiresAt: row["expires_at"],
                   revokedAt: row["revoked_at"], createdAt: row["created_at"])
    }

    /// The tenant's invitations, newest first (ended ones too, for a while: they say why a link stopped working).
    public func invitations(tenantID: TenantID, limit: Int = 100) throws(StorageError) -> [Invitation] {
        try read { db in
            try db.rows(sql: """
                SELECT id, label, max_uses, uses, expires_at, revoked_at, created_at FROM invitations WHERE tenant_id = ?
                ORDER BY created_at DESC, id LIMIT ?
                """, arguments: [tenantID, limit]).map(Self.invitation)
        }
    }

    /// The invitation whose token hashes to `tokenHash`, if this tenant has it.
    public func invitation(tenantID: TenantID, tokenHash: String) throws(StorageError) -> Invitation? {
        try read { db in
            try db.row(sql: """
                SELECT id, label, max_uses, uses, expires_at, revoked_at, created_at FROM invitations WHERE tenant_id = ? AND token_hash = ?
                """, arguments: [tenantID, tokenHash]).map(Self.invitation)
        }
    }

    /// Withdraws a live invitation. False when it is not this tenant's or has already been withdrawn.
    public func revokeInvitation(tenantID: TenantID, id: String, now: Int, audit: AuditEntry) throws(StorageError) -> Bool {
        try revoke("invitations", tenantID: tenantID, id: id, now: now, audit: audit)
    }

    /// Sets `revoked_at` on a live row of `table` (a table of secrets kept as hashes: invitations, SCIM tokens) with
    /// its audit line. False when it is not this tenant's or was revoked already.
    func revoke(_ table: String, tenantID: TenantID, id: String, now: Int, audit: AuditEntry) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE \(table) SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL",
                           arguments: [now, tenantID, id])
            guard db.changesCount == 1 else { return false }
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    /// Spends one use of the invitation, if it is still live. In the caller's transaction.
    static func spendInvitation(_ db: any SQLConnection, tenantID: TenantID, id: String, now: Int) throws -> Bool {
        try db.execute(sql: """
            UPDATE invitations SET uses = uses + 1
            WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL AND expires_at > ? AND uses < max_uses
            """, arguments: [tenantID, id, now])
        return db.changesCount == 1
    }
}
