import Cryptography
import Domain
import Storage

/// Issue 65, finding 4: an identity provider is configured by the organisation's own admin, so its word that someone
/// has a member's email is not proof that they are that member. A first sign-in that names an existing account with a
/// password or a passkey of its own links it only once the account's owner confirms, in the same flow: with their
/// password on the page the sign-in comes back to, or by the link mailed to the account's address. The owner is told
/// by mail when it is linked, and the organisation's audit says that an account was connected, never whose.
extension SingleSignOn {
    /// How long the confirmation waits.
    static let connectLifetime = 15 * 60

    /// Keeps the pending link under two tokens (one mailed, one for the page) and mails the owner; returns the
    /// page's token, which works only with the account's password.
    func askOwner(_ scope: Scope, _ account: Account, _ provider: AppDatabase.IdentityProvider, subject: String, returnTo: String,
                  now: Int) throws -> String {
        let mailToken = SecureRandom.hex(32), pageToken = SecureRandom.hex(32)
        try services.database.createPendingIdentityLink(tenantID: scope.tenantID, mailTokenHash: Digest.sha256Hex(mailToken),
                                                        pageTokenHash: Digest.sha256Hex(pageToken), providerID: provider.id, subject: subject,
                                                        accountID: account.id, returnTo: returnTo, expiresAt: now + Self.connectLifetime)
        let name = scope.tenant.name
        try services.mailer.send(Mail(to: account.email, subject: "Connect your \(name) account to \(provider.displayName)?", body: """
            Hello,

            Someone signed in with \(provider.displayName) using this email address. Only if that was you, just now,
            and you would like to sign in to your \(name) account that way from now on, open this link within the next
            15 minutes:

            \(services.links.connectSignOn(scope.tenant, mailToken))

            If you didn’t just sign in with \(provider.displayName), don’t open the link: someone else may be trying to
            reach your account. Ignore this email and nothing changes.
            """))
        return pageToken
    }

    /// Whether `token` is a live one that was mailed to the account's owner (the page's token is not: it needs the
    /// password, and is never taken from a link).
    public func isMailedConnection(_ scope: Scope, token: String) throws -> Bool {
        try pendingConnection(scope, token: token)?.byMail == true
    }

    /// What a connect token names: nil when it is not live.
    func pendingConnection(_ scope: Scope, token: String) throws -> AppDatabase.PendingIdentityLink? {
        guard Hex.isLowercase(token, length: 64) else { return nil }
        return try services.database.pendingIdentityLink(tenantID: scope.tenantID, tokenHash: Digest.sha256Hex(token), now: services.clock())
    }

    public enum Connection: Sendable, Equatable {
        case connected(Account, returnTo: String)
        /// The page's token with a password that is not the account's (it counts as a wrong password does).
        case wrongPassword
        /// Used, expired, never made, or the account or provider changed meanwhile.
        case expired
    }

    /// Links the account: by the mailed token alone, or by the page's token with the account's password.
    public func connect(_ scope: Scope, token: String, password: String?, clientAddress: String) throws -> Connection {
        guard let pending = try pendingConnection(scope, token: token),
              let account = try services.database.account(tenantID: scope.tenantID, id: pending.accountID) else { return .expired }
        let now = services.clock()
        var checkedHash: String?
        if !pending.byMail {
            let throttles = services.throttles
            let addressKey = "\(scope.tenantID):\(clientAddress)", accountKey = Throttles.accountKey(tenantID: scope.tenantID, email: account.email)
            if let wait = try throttles.failedLoginsPerAddress.retryAfter(addressKey, now: now) { throw UseCaseError.tooManyRequests(retryAfter: wait) }
            if let wait = try throttles.failedLoginsPerAccount.retryAfter(accountKey, now: now) { throw UseCaseError.tooManyRequests(retryAfter: wait) }
            let claimant = HashingPool.Claimant(tenant: scope.tenantID.rawValue, client: clientAddress)
            guard !UnusablePassword.isUnusable(account.passwordHash), try services.verify(password ?? "", against: account.passwordHash, for: claimant) else {
                try throttles.failedLoginsPerAccount.record(accountKey, now: now)
                try throttles.failedLoginsPerAddress.record(addressKey, now: now)
                return .wrongPassword
            }
            checkedHash = account.passwordHash
        }
        let audit = AuditEntry(actor: "single sign-on", actorID: nil, action: "Connected an account to single sign-on",
                               note: pending.byMail ? "confirmed by email" : "confirmed with the account's password", at: now)
        guard let (linked, _) = try services.database.completeIdentityLink(tenantID: scope.tenantID, tokenHash: Digest.sha256Hex(token),
                                                                           passwordHash: checkedHash, now: now, audit: audit) else { return .expired }
        let name = scope.tenant.name
        try services.mailer.send(Mail(to: linked.email, subject: "Your \(name) account is now connected to its sign-in", body: """
            Hello,

            Your \(name) account is now connected to \(name)’s single sign-on, so you can sign in with it.

            If this wasn’t you, please reset your password from the log-in page and tell \(name):

            \(services.links.forgottenPasswordPage(scope.tenant))
            """))
        return .connected(linked, returnTo: pending.returnTo)
    }
}
