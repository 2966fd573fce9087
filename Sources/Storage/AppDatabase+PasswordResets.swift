import Domain

extension AppDatabase {
    public func createPasswordReset(tenantID: TenantID, accountID: AccountID, tokenHash: String, expiresAt: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: "INSERT INTO password_resets (token_hash, tenant_id, account_id, expires_at) VALUES (?, ?, ?, ?)",
                           arguments: [tokenHash, tenantID, accountID, expiresAt])
        }
    }

    /// The account a reset token is for, while it is unused and unexpired.
    public func passwordResetAccountID(tenantID: TenantID, tokenHash: String, now: Int) throws(StorageError) -> String? {
        try read { db in
            try db.string(sql: """
                SELECT account_id FROM password_resets WHERE tenant_id = ? AND token_hash = ? AND used_at IS NULL AND expires_at > ?
                """, arguments: [tenantID, tokenHash, now])
        }
    }

    /// Uses the token and sets the new password in one transaction; every session of the account ends, and every
    /// passkey added since the owner last proved themselves by more than a password goes (issue 65: whoever knew the
    /// password may have added it; recovering the account takes back what they might have left behind).
    /// Returns how many passkeys went, or nil when the token was no longer usable (used meanwhile, or expired).
    public func completePasswordReset(tenantID: TenantID, tokenHash: String, newHash: String, now: Int) throws(StorageError) -> Int? {
        try write { db in
            guard let accountID = try db.string(sql: """
                SELECT account_id FROM password_resets WHERE tenant_id = ? AND token_hash = ? AND used_at IS NULL AND expires_at > ?
                """, arguments: [tenantID, tokenHash, now]).map(AccountID.init(stored:)) else { return nil }
            try Self.lockAccount(db, tenantID: tenantID, accountID: accountID)
            try Self.endOutstandingLinks(db, tenantID: tenantID, accountID: accountID)
            // Since the later of the account's making (a confirmed address, or the organisation) and the last proof a
            // password thief could not give (`provenWithoutPasskey`).
            try db.execute(sql: """
                DELETE FROM passkeys WHERE tenant_id = ? AND account_id = ?
                    AND created_at > (SELECT CASE WHEN created_at > proven_without_passkey_at THEN created_at ELSE proven_without_passkey_at END
                                       FROM accounts WHERE tenant_id = ? AND id = ?)
                """, arguments: [tenantID, accountID, tenantID, accountID])
            let passkeysRemoved = db.changesCount
            try db.execute(sql: "UPDATE accounts SET password_hash = ?, proven_without_passkey_at = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [newHash, now, tenantID, accountID])
            try db.execute(sql: "DELETE FROM sessions WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
            return passkeysRemoved
        }
    }
}
