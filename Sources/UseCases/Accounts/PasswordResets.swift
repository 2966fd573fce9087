import Domain
import Cryptography
import Storage

/// Forgotten passwords: a one-time link by email, valid for an hour. The answer, and the work done, are the same
/// whether or not the address has an account.
public struct PasswordResets: Sendable {
    let services: AccountServices

    public init(services: AccountServices) { self.services = services }

    public func request(_ scope: Scope, email: EmailAddress, clientAddress: String) throws {
        let now = services.clock()
        let throttles = services.throttles
        try throttles.resetRequestsPerAddress.admit("\(scope.tenantID):\(clientAddress)", now: now)
        let emailKey = "\(scope.tenantID):\(email.value)"
        let token = SecureRandom.hex(32)
        let tokenHash = Digest.sha256Hex(token)
        let account = try services.database.account(tenantID: scope.tenantID, email: email)
        // Past the per-address limit nothing more is sent, but the page says the same as ever.
        let mayMail = try throttles.resetRequestsPerEmail.retryAfter(emailKey, now: now) == nil
        try throttles.resetRequestsPerEmail.record(emailKey, now: now)
        guard mayMail, let account, account.isActive else { return }
        try services.database.createPasswordReset(tenantID: account.tenantID, accountID: account.id, tokenHash: tokenHash,
                                                  expiresAt: now + services.passwordResetLifetime)
        let name = scope.tenant.name
        try services.mailer.send(Mail(to: account.email, subject: "Reset your \(name) password", body: """
            Hello,

            Someone (we hope you) asked to reset the password for your \(name) account.
            To choose a new password, open this link within the next hour:

            \(services.links.passwordReset(scope.tenant, token))

            If you didn’t ask for this, you can ignore this email; your password has not changed.
            """))
    }

    public func isLive(_ scope: Scope, token: String) throws -> Bool {
        guard Hex.isLowercase(token, length: 64) else { return false }
        return try services.database.passwordResetAccountID(tenantID: scope.tenantID, tokenHash: Digest.sha256Hex(token),
                                                            now: services.clock()) != nil
    }

    /// Sets the new password, spends every link of the account, ends every session and removes the passkeys added
    /// since the owner last proved themselves without one, in one transaction. How many passkeys went; nil when the
    /// link was no longer usable.
    public func reset(_ scope: Scope, token: String, newPassword: String) throws -> Int? {
        guard try isLive(scope, token: token) else { return nil }
        // Only a live link gets this far, so the link is who is asking.
        let hash = try services.hash(newPassword, for: HashingPool.Claimant(tenant: scope.tenantID.rawValue, client: "reset:" + token.prefix(16)))
        return try services.database.completePasswordReset(tenantID: scope.tenantID, tokenHash: Digest.sha256Hex(token), newHash: hash,
                                                           now: services.clock())
    }
}
