import Domain

/// Single sign-on: a tenant's identity provider, the links from a provider's subject to an account, and sign-ins
/// under way. Everything within one tenant.
extension AppDatabase {
    public struct IdentityProvider: Sendable, Equatable {
        public let id: String
        /// "oidc" or "saml". For SAML, `issuer` is the IdP's entity id, `clientID` our entity id at it, and there is
        /// no secret ("").
        public let kind: String
        public var displayName: String
        public var issuer: String
        public var clientID: String
        /// scheme://host[:port] of the authorization endpoint.
        public var authorizationOrigin: String
        /// The client secret sealed with the tenant's data key (`DataVault`), and that key's id.
        public var sealedSecret: String
        public var secretKeyID: String
        /// Lower-case domains whose addresses this provider may sign in; empty means any.
        public var allowedDomains: [String]
        /// The "single sign-on only" rule: members neither sign up nor log in with a password.
        public var isRequired: Bool
        /// SAML: the IdP's single sign-on service (HTTP-Redirect) and the certificates it signs with (PEM).
        public var samlSignOnURL: String?
        public var samlCertificates: [String]

        public init(id: String, kind: String = "oidc", displayName: String, issuer: String, clientID: String, authorizationOrigin: String, sealedSecret: String,
                    secretKeyID: String, allowedDomains: [String], isRequired: Bool, samlSignOnURL: String? = nil, samlCertificates: [String] = []) {
            self.id = id
            self.kind = kind
            self.displayName = displayName
            self.issuer = issuer
            self.clientID = clientID
            self.authorizationOrigin = authorizationOrigin
            self.sealedSecret = sealedSecret
            self.secretKeyID = secretKeyID
            self.allowedDomains = allowedDomains
            self.isRequired = isRequired
            self.samlSignOnURL = samlSignOnURL
            self.samlCertificates = samlCertificates
        }
    }

    public struct SignOnAttempt: Sendable, Equatable {
        public let providerID: String
        /// OpenID Connect: the ID token's nonce. SAML: the SHA-256 (hex) of our AuthnRequest's ID.
        public let nonce: String
        public let codeVerifier: String
        public let returnTo: String
        /// SAML: the checked Response's NameID and email, once the Assertion Consumer Service has recorded them.
        public var answerSubject: String?
        public var answerEmail: String?

        public init(providerID: String, nonce: String, codeVerifier: String, returnTo: String, answerSubject: String? = nil, answerEmail: String? = nil) {
            self.providerID = providerID
            self.nonce = nonce
            self.codeVerifier = codeVerifier
            self.returnTo = returnTo
            self.answerSubject = answerSubject
            self.answerEmail = answerEmail
        }
    }

    /// The tenant's provider (the first made: one is offered today), or the one with `id`.
    public func identityProvider(tenantID: TenantID, id: String? = nil) throws(StorageError) -> IdentityProvider? {
        try read { db in
            // Two statements rather than `? IS NULL`, whose parameter PostgreSQL cannot give a type.
            let columns = "id, kind, display_name, issuer, client_id, authorization_origin, client_secret_sealed, client_secret_key_id, allowed_domains, required, saml_sign_on_url, saml_certificates"
            let found = if let id {
                try db.row(sql: "SELECT \(columns) FROM identity_providers WHERE tenant_id = ? AND id = ?", arguments: [tenantID, id])
            } else {
                try db.row(sql: "SELECT \(columns) FROM identity_providers WHERE tenant_id = ? ORDER BY created_at, id LIMIT 1", arguments: [tenantID])
            }
            return found.map { row in
                IdentityProvider(id: row["id"], kind: row["kind"], displayName: row["display_name"], issuer: row["issuer"],
                                 clientID: row["client_id"], authorizationOrigin: row["authorization_origin"], sealedSecret: row["client_secret_sealed"], secretKeyID: row["client_secret_key_id"],
                                 allowedDomains: (row["allowed_domains"] as String).split(separator: ",").map(String.init),
                                 isRequired: (row["required"] as Int) == 1, samlSignOnURL: row["saml_sign_on_url"],
                                 samlCertificates: Self.certificates(row["saml_certificates"]))
            }
        }
    }

    /// PEM blocks as kept, one after another.
    static func certificates(_ text: String?) -> [String] {
        guard let text else { return [] }
        return text.components(separatedBy: "-----END CERTIFICATE-----").compactMap { part in
            let block = part.trimmingCharacters(in: .whitespacesAndNewlines)
            return block.isEmpty ? nil : block + "\n-----END CERTIFICATE-----\n"
        }
    }

    /// Adds the provider, or changes it if its id is this tenant's already; with the audit line. `replacing` (a provider
    /// of the other protocol) goes in the same transaction, with its links and sign-ins under way.
    public func saveIdentityProvider(tenantID: TenantID, _ provider: IdentityProvider, replacing: String? = nil, now: Int,
                                     audit: AuditEntry) throws(StorageError) {
        let samlText: String? = provider.kind == "saml" ? provider.samlCertificates.joined() : nil
        try write { db in
            if let replacing, replacing != provider.id {
                try db.execute(sql: "DELETE FROM sign_on_attempts WHERE tenant_id = ? AND provider_id = ?", arguments: [tenantID, replacing])
                try db.execute(sql: "DELETE FROM identity_links WHERE tenant_id = ? AND provider_id = ?", arguments: [tenantID, replacing])
                try db.execute(sql: "DELETE FROM identity_providers WHERE tenant_id = ? AND id = ?", arguments: [tenantID, replacing])
            }
            try db.execute(sql: """
                UPDATE identity_providers SET display_name = ?, issuer = ?, client_id = ?, authorization_origin = ?, client_secret_sealed = ?, client_secret_key_id = ?,
                    allowed_domains = ?, required = ?, updated_at = ?, saml_sign_on_url = ?, saml_certificates = ? WHERE tenant_id = ? AND id = ? AND kind = ?
                """, arguments: [provider.displayName, provider.issuer, provider.clientID, provider.authorizationOrigin, provider.sealedSecret, provider.secretKeyID,
                                 provider.allowedDomains.joined(separator: ","), provider.isRequired ? 1 : 0, now, provider.samlSignOnURL,
                                 samlText, tenantID, provider.id, provider.kind])
            if db.changesCount == 0 {
                try db.execute(sql: """
                    INSERT INTO identity_providers (tenant_id, id, kind, display_name, issuer, client_id, authorization_origin, client_secret_sealed,
                        client_secret_key_id, allowed_domains, required, created_at, updated_at, saml_sign_on_url, saml_certificates)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [tenantID, provider.id, provider.kind, provider.displayName, provider.issuer, provider.clientID, provider.authorizationOrigin,
                                     provider.sealedSecret, provider.secretKeyID, provider.allowedDomains.joined(separator: ","),
                                     provider.isRequired ? 1 : 0, now, now, provider.samlSignOnURL, samlText])
            }
            try Self.appendAudit(db, tenantID: tenantID, audit)
        }
    }

    /// Removes the provider, its links and sign-ins under way (the accounts stay, and can use a password or a link).
    public func removeIdentityProvider(tenantID: TenantID, id: String, audit: AuditEntry) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM sign_on_attempts WHERE tenant_id = ? AND provider_id = ?", arguments: [tenantID, id])
            try db.execute(sql: "DELETE FROM identity_links WHERE tenant_id = ? AND provider_id = ?", arguments: [tenantID, id])
            try db.execute(sql: "DELETE FROM identity_providers WHERE tenant_id = ? AND id = ?", arguments: [tenantID, id])
            guard db.changesCount == 1 else { return false }
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    public func createSignOnAttempt(tenantID: TenantID, stateHash: String, _ attempt: SignOnAttempt, expiresAt: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO sign_on_attempts (tenant_id, state_hash, provider_id, nonce, code_verifier, return_to, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [tenantID, stateHash, attempt.providerID, attempt.nonce, attempt.codeVerifier, attempt.returnTo, expiresAt])
        }
    }

    /// The sign-in under way with this state, deleted as it is read so it works once (on every node: of two
    /// callbacks racing, only the one whose delete removes the row gets it). Nil if unknown or expired.
    public func takeSignOnAttempt(tenantID: TenantID, stateHash: String, now: Int) throws(StorageError) -> SignOnAttempt? {
        try write { db in
            guard let row = try db.row(sql: """
                SELECT provider_id, nonce, code_verifier, return_to, expires_at, answer_subject, answer_email
                FROM sign_on_attempts WHERE tenant_id = ? AND state_hash = ?
                """, arguments: [tenantID, stateHash]) else { return nil }
            try db.execute(sql: "DELETE FROM sign_on_attempts WHERE tenant_id = ? AND state_hash = ?", arguments: [tenantID, stateHash])
            guard db.changesCount == 1, (row["expires_at"] as Int) > now else { return nil }
            return SignOnAttempt(providerID: row["provider_id"], nonce: row["nonce"], codeVerifier: row["code_verifier"], returnTo: row["return_to"],
                                 answerSubject: row["answer_subject"], answerEmail: row["answer_email"])
        }
    }

    public enum SAMLAnswer: Sendable, Equatable {
        case recorded
        /// This Assertion was accepted before.
        case replayed
        /// No sign-in under way asked for it (made by another, answered already, or expired).
        case unknownRequest
    }

    /// Records a checked SAML Response on the sign-in that asked for it, in one transaction: the Assertion is spent
    /// (its hash kept until it would have expired), and the answer goes only to an unanswered attempt for this provider
    /// whose request ID it names.
    public func answerSAMLAttempt(tenantID: TenantID, providerID: String, requestHash: String, subject: String, email: String?,
                                  assertionHash: String, assertionExpiresAt: Int, now: Int) throws(StorageError) -> SAMLAnswer {
        try write { db in
            try db.execute(sql: """
                INSERT INTO saml_assertions (tenant_id, assertion_hash, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING
                """, arguments: [tenantID, assertionHash, assertionExpiresAt])
            guard db.changesCount == 1 else { return .replayed }
            try db.execute(sql: """
                UPDATE sign_on_attempts SET answer_subject = ?, answer_email = ?
                WHERE tenant_id = ? AND provider_id = ? AND nonce = ? AND answer_subject IS NULL AND expires_at > ?
                """, arguments: [subject, email, tenantID, providerID, requestHash, now])
            return db.changesCount == 1 ? .recorded : .unknownRequest
        }
    }

    public enum SingleSignOnAccount: Sendable, Equatable {
        /// Signed in before: the link found the account.
        case linked(Account)
        /// First sign-in with the provider: an account with the verified email was linked to it.
        case newlyLinked(Account)
        /// First sign-in, no account: one was made (just in time) and linked.
        case created(Account)
        /// The account is turned off by the organisation.
        case inactive
        /// No link, no account with the email, and the caller may not create one.
        case noAccount
        /// No account, and who may join (as it is now, read in this transaction) does not admit the email: single
        /// sign-on is one more way in, not a way round "invitations only" or the organisation's domains.
        case notEligible
        /// The email is a moderator's or an admin's: an identity provider (which an admin configures) never takes
        /// over a staff account by email; staff sign in with their password or passkey.
        case staffAccount
        /// A member's account has the email, and a password or a passkey of its own: the provider (which the
        /// organisation's admin configures) does not take it over by asserting the address. Nothing is linked until its
        /// owner confirms (`completeIdentityLink`).
        case ownerMustConfirm(Account)
    }

    /// Finds the account for the provider's `subject`, or links the one with `email`, or makes one, in one transaction.
    /// `email` is nil when the provider's email cannot be trusted; then only an existing link signs in.
    /// An existing member's account is linked at once only when it has no password (`unusableHashPrefix`) and no
    /// passkey: one made by this organisation's provider or its SCIM client, which only the organisation can reach anyway.
    public func accountForSingleSignOn(tenantID: TenantID, providerID: String, subject: String, email: EmailAddress?, mayCreate: Bool,
                                       unusableHash: String, unusableHashPrefix: String, now: Int) throws(StorageError) -> SingleSignOnAccount {
        try write { db in
            if let row = try db.row(sql: """
                SELECT \(Self.accountColumns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", "))
                FROM identity_links l JOIN accounts a ON a.tenant_id = l.tenant_id AND a.id = l.account_id
                WHERE l.tenant_id = ? AND l.provider_id = ? AND l.subject = ?
                """, arguments: [tenantID, providerID, subject]) {
                let account = Self.account(from: row)
                return account.isActive ? .linked(account) : .inactive
            }
            guard let email else { return .noAccount }
            if let row = try db.row(sql: "SELECT \(Self.accountColumns) FROM accounts WHERE tenant_id = ? AND email = ?",
                                    arguments: [tenantID, email.value]) {
                let account = Self.account(from: row)
                guard account.isActive else { return .inactive }
                guard account.role == .member else { return .staffAccount }
                let passkeys = try db.int(sql: "SELECT count(*) FROM passkeys WHERE tenant_id = ? AND account_id = ?",
                                          arguments: [tenantID, account.id]) ?? 0
                guard account.passwordHash.hasPrefix(unusableHashPrefix), passkeys == 0 else { return .ownerMustConfirm(account) }
                try Self.linkIdentity(db, tenantID: tenantID, providerID: providerID, subject: subject, accountID: account.id, now: now)
                return .newlyLinked(account)
            }
            guard mayCreate else { return .noAccount }
            let rules = try db.row(sql: "SELECT sign_up_rule, sign_up_domains FROM tenants WHERE id = ?", arguments: [tenantID])
            guard SignUpPolicy(storedRule: rules?["sign_up_rule"], storedDomains: rules?["sign_up_domains"]).admits(email) else { return .notEligible }
            let id: AccountID = RandomID.id()
            try db.execute(sql: """
                INSERT INTO accounts (id, tenant_id, email, password_hash, role, time_zone, created_at) VALUES (?, ?, ?, ?, 'member', 'Europe/London', ?)
                """, arguments: [id, tenantID, email.value, unusableHash, now])
            try Self.linkIdentity(db, tenantID: tenantID, providerID: providerID, subject: subject, accountID: id, now: now)
            return .created(Account(id: id, tenantID: tenantID, email: email.value, role: .member, timeZone: "Europe/London", passwordHash: unusableHash))
        }
    }

    /// How many accounts are linked to the provider (shown to admins: a count, never who).
    public func identityLinkCount(tenantID: TenantID, providerID: String) throws(StorageError) -> Int {
        try read { db in
            try db.row(sql: "SELECT count(*) AS n FROM identity_links WHERE tenant_id = ? AND provider_id = ?",
                       arguments: [tenantID, providerID]).map { $0["n"] as Int } ?? 0
        }
    }

    /// Links the provider's subject to the account. An account already linked to another subject of this provider
    /// loses that link: the person's identity at the provider changed, and the newer one replaces it.
    static func linkIdentity(_ db: any SQLConnection, tenantID: TenantID, providerID: String, subject: String, accountID: AccountID, now: Int) throws {
        try db.execute(sql: "DELETE FROM identity_links WHERE tenant_id = ? AND provider_id = ? AND account_id = ?",
                       arguments: [tenantID, providerID, accountID])
        try db.execute(sql: "INSERT INTO identity_links (tenant_id, provider_id, subject, account_id, created_at) VALUES (?, ?, ?, ?, ?)",
                       arguments: [tenantID, providerID, subject, accountID, now])
    }

    /// A sign-in with the provider that waits for the account's owner to confirm the link (`ownerMustConfirm`).
    public struct PendingIdentityLink: Sendable, Equatable {
        public let providerID: String
        public let subject: String
        public let accountID: AccountID
        public let returnTo: String
        /// Found by the token mailed to the account (the mail is the proof), not the one on the page (which needs
        /// the password too).
        public let byMail: Bool
    }

    public func createPendingIdentityLink(tenantID: TenantID, mailTokenHash: String, pageTokenHash: String, providerID: String, subject: String,
                                          accountID: AccountID, returnTo: String, expiresAt: Int) throws(StorageError) {
        try write { db in
            // One live request per account: a new sign-in replaces what an older one left waiting.
            try db.execute(sql: "DELETE FROM pending_identity_links WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
            try db.execute(sql: """
                INSERT INTO pending_identity_links (tenant_id, mail_token_hash, page_token_hash, provider_id, subject, account_id, return_to, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [tenantID, mailTokenHash, pageTokenHash, providerID, subject, accountID, String(returnTo.prefix(500)), expiresAt])
        }
    }

    /// The live pending link a token names, by either of its tokens; nil when used, expired or never made.
    public func pendingIdentityLink(tenantID: TenantID, tokenHash: String, now: Int) throws(StorageError) -> PendingIdentityLink? {
        try read { db in try Self.pendingIdentityLink(db, tenantID: tenantID, tokenHash: tokenHash, now: now) }
    }

    private static func pendingIdentityLink(_ db: any SQLConnection, tenantID: TenantID, tokenHash: String, now: Int) throws -> PendingIdentityLink? {
        for (column, byMail) in [("mail_token_hash", true), ("page_token_hash", false)] {
            if let row = try db.row(sql: """
                SELECT provider_id, subject, account_id, return_to FROM pending_identity_links
                WHERE tenant_id = ? AND \(column) = ? AND expires_at > ?
                """, arguments: [tenantID, tokenHash, now]) {
                return PendingIdentityLink(providerID: row["provider_id"], subject: row["subject"], accountID: AccountID(stored: row["account_id"]),
                                           returnTo: row["return_to"], byMail: byMail)
            }
        }
        return nil
    }

    /// Spends the pending link and links the account, with its audit line, in one transaction; nil when the token
    /// was spent meanwhile, the account is turned off or no longer a member's, or the provider's subject was linked to
    /// another account meanwhile. `passwordHash`, for the page's token, is the hash the password was checked against:
    /// a password changed meanwhile spends nothing.
    public func completeIdentityLink(tenantID: TenantID, tokenHash: String, passwordHash: String?, now: Int,
                                     audit: AuditEntry) throws(StorageError) -> (Account, PendingIdentityLink)? {
        try write { db in
            guard let pending = try Self.pendingIdentityLink(db, tenantID: tenantID, tokenHash: tokenHash, now: now),
                  pending.byMail || passwordHash != nil else { return nil }
            try Self.lockAccount(db, tenantID: tenantID, accountID: pending.accountID)
            try db.execute(sql: "DELETE FROM pending_identity_links WHERE tenant_id = ? AND (mail_token_hash = ? OR page_token_hash = ?)",
                           arguments: [tenantID, tokenHash, tokenHash])
            guard let row = try db.row(sql: "SELECT \(Self.accountColumns) FROM accounts WHERE tenant_id = ? AND id = ?",
                                       arguments: [tenantID, pending.accountID]) else { return nil }
            let account = Self.account(from: row)
            guard account.isActive, account.role == .member, passwordHash == nil || account.passwordHash == passwordHash,
                  try db.int(sql: "SELECT count(*) FROM identity_links WHERE tenant_id = ? AND provider_id = ? AND subject = ?",
                             arguments: [tenantID, pending.providerID, pending.subject]) == 0,
                  try db.int(sql: "SELECT count(*) FROM identity_providers WHERE tenant_id = ? AND id = ?",
                             arguments: [tenantID, pending.providerID]) == 1 else { return nil }
            try Self.linkIdentity(db, tenantID: tenantID, providerID: pending.providerID, subject: pending.subject, accountID: account.id, now: now)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return (account, pending)
        }
    }
}
