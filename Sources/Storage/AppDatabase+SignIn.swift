import Domain


/// Links that finish signing in (step-up when an account is under a guessing attack) and sign-ups waiting for
/// their address to be confirmed. Only each token's SHA-256 is stored; each is used once.
extension AppDatabase {
    public func createSignInLink(tenantID: TenantID, accountID: AccountID, tokenHash: String, expiresAt: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: "INSERT INTO sign_in_links (token_hash, tenant_id, account_id, expires_at) VALUES (?, ?, ?, ?)",
                           arguments: [tokenHash, tenantID, accountID, expiresAt])
        }
    }

    public func signInLinkIsLive(tenantID: TenantID, tokenHash: String, now: Int) throws(StorageError) -> Bool {
        try read { db in
            try db.bool(sql: "SELECT 1 FROM sign_in_links WHERE tenant_id = ? AND token_hash = ? AND expires_at > ?",
                              arguments: [tenantID, tokenHash, now]) == true
        }
    }

    /// Uses a live link: its account, and every other link of that account is spent too. nil if none.
    public func consumeSignInLink(tenantID: TenantID, tokenHash: String, now: Int) throws(StorageError) -> Account? {
        try write { db in
            guard let accountID = try db.string(sql: """
                SELECT account_id FROM sign_in_links WHERE tenant_id = ? AND token_hash = ? AND expires_at > ?
                """, arguments: [tenantID, tokenHash, now]) else { return nil }
            try db.execute(sql: "DELETE FROM sign_in_links WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
            try Self.provenWithoutPasskey(db, tenantID: tenantID, accountID: AccountID(stored: accountID), now: now)
            return try db.row(sql: "SELECT \(Self.accountColumns) FROM accounts WHERE tenant_id = ? AND id = ?",
                                    arguments: [tenantID, accountID]).map(Self.account(from:))
        }
    }

    // MARK: Sign-ups waiting for confirmation

    /// `invitationID`: the invitation the person came with, checked again and spent when they confirm.
    public func createPendingSignUp(tenantID: TenantID, email: EmailAddress, passwordHash: String, timeZone: String,
                                    returnTo: String, tokenHash: String, expiresAt: Int, invitationID: String? = nil) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO pending_sign_ups (token_hash, tenant_id, email, password_hash, time_zone, return_to, expires_at, invitation_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [tokenHash, tenantID, email.value, passwordHash, timeZone, returnTo, expiresAt, invitationID])
        }
    }

    public func pendingSignUpIsLive(tenantID: TenantID, tokenHash: String, now: Int) throws(StorageError) -> Bool {
        try read { db in
            try db.bool(sql: "SELECT 1 FROM pending_sign_ups WHERE tenant_id = ? AND token_hash = ? AND expires_at > ?",
                              arguments: [tenantID, tokenHash, now]) == true
        }
    }

    /// Confirms a sign-up: the account is created from what was typed, in one transaction with spending the
    /// token (and every other pending sign-up for the address). Who may join is checked again here, as it is now, and
    /// an invitation needed for it is spent in the same transaction.
    public func confirmSignUp(tenantID: TenantID, tokenHash: String, now: Int) throws(StorageError) -> SignUpConfirmation {
        try write { db in
            guard let row = try db.row(sql: """
                SELECT email, password_hash, time_zone, return_to, invitation_id FROM pending_sign_ups
                WHERE tenant_id = ? AND token_hash = ? AND expires_at > ?
                """, arguments: [tenantID, tokenHash, now]) else { return .expired }
            let email: String = row["email"]
            try db.execute(sql: "DELETE FROM pending_sign_ups WHERE tenant_id = ? AND email = ?", arguments: [tenantID, email])
            if try db.bool(sql: "SELECT 1 FROM accounts WHERE tenant_id = ? AND email = ?", arguments: [tenantID, email]) == true {
                return .taken
            }
            let rules = try db.row(sql: "SELECT sign_up_rule, sign_up_domains FROM tenants WHERE id = ?", arguments: [tenantID])
            let policy = SignUpPolicy(storedRule: rules?["sign_up_rule"], storedDomains: rules?["sign_up_domains"])
            if !(EmailAddress(email).map(policy.admits) ?? false) {
                guard let invitationID: String = row["invitation_id"] else { return .notEligible }
                guard try Self.spendInvitation(db, tenantID: tenantID, id: invitationID, now: now) else { return .invitationEnded }
            }
            let id: AccountID = RandomID.id()
            let hash: String = row["password_hash"], timeZone: String = row["time_zone"]
            try db.execute(sql: """
                INSERT INTO accounts (id, tenant_id, email, password_hash, role, time_zone, created_at) VALUES (?, ?, ?, ?, 'member', ?, ?)
                """, arguments: [id, tenantID, email, hash, timeZone, now])
            return .created(Account(id: id, tenantID: tenantID, email: email, role: .member, timeZone: timeZone, passwordHash: hash),
                            returnTo: row["return_to"])
        }
    }
}
