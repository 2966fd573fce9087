import Domain
import Cryptography
import Storage

/// Signing up: what was typed waits, hashed, until the address is confirmed by a mailed link.
///
/// The answer is the same whether or not the address has an account, and takes the same work (a hash, a
/// mail queued off the request path): the owner of an existing account is told by email instead. Every
/// attempt counts against the client address and the address typed.
public struct SignUps: Sendable {
    let services: AccountServices
    static let linkLifetime = 3600

    public init(services: AccountServices) { self.services = services }

    public enum Problem: Error, Equatable, Sendable {
        /// The organisation's rule does not admit this address, and there is no invitation.
        case notEligible
        /// The invitation link was withdrawn, used up or has ended (or never was this organisation's).
        case invitationEnded
        /// The organisation's people sign in only with its identity provider (which makes their accounts).
        case singleSignOnOnly
    }

    /// Whether the organisation has "single sign-on only" on.
    public func requiresSingleSignOn(_ scope: Scope) throws -> Bool {
        try services.database.identityProvider(tenantID: scope.tenantID)?.isRequired == true
    }

    /// The live invitation whose link carries `token`, or nil.
    public func invitation(_ scope: Scope, token: String) throws -> Invitation? {
        guard Hex.isLowercase(token, length: 64),
              let found = try services.database.invitation(tenantID: scope.tenantID, tokenHash: Digest.sha256Hex(token)),
              found.isLive(now: services.clock()) else { return nil }
        return found
    }

    /// Throws `.tooManyRequests` past the address's limit, and a `Problem` when the organisation's rule does not admit
    /// the address and no live `invitation` (its link's token) does. Otherwise a mail is on its way (unless this
    /// address was sent one very recently), and the person is told to check their email.
    public func request(_ scope: Scope, email: EmailAddress, password: String, timeZone: String, returnTo: String,
                        clientAddress: String, invitation token: String? = nil) throws {
        let now = services.clock()
        let throttles = services.throttles
        try throttles.signUpsPerAddress.admit("\(scope.tenantID):\(clientAddress)", now: now)
        if try requiresSingleSignOn(scope) { throw Problem.singleSignOnOnly }
        // Who may join depends only on the address and the link, never on whether an account exists.
        var invitationID: String?
        if let token {
            guard let found = try invitation(scope, token: token) else { throw Problem.invitationEnded }
            invitationID = found.id
        }
        let admitted = scope.tenant.settings.signUpPolicy.admits(email)
        guard admitted || invitationID != nil else { throw Problem.notEligible }
        let emailKey = "\(scope.tenantID):\(email.value)"
        let sentRecently = try throttles.signUpsPerEmail.retryAfter(emailKey, now: now) != nil
        try throttles.signUpsPerEmail.record(emailKey, now: now)

        let hash = try services.hash(password, for: HashingPool.Claimant(tenant: scope.tenantID.rawValue, client: clientAddress))
        guard !sentRecently else { return }
        let tenant = scope.tenant
        if try services.database.account(tenantID: tenant.id, email: email) != nil {
            try services.mailer.send(Mail(to: email.value, subject: "You already have a \(tenant.name) account", body: """
                Hello,

                Someone (we hope you) tried to sign up to \(tenant.name) with this address, which already has an account.
                You can log in here:

                \(services.links.logInPage(tenant))

                If you’ve forgotten your password, you can choose a new one here:

                \(services.links.forgottenPasswordPage(tenant))

                If this wasn’t you, you can ignore this email; nothing has changed.
                """))
            return
        }
        let token = SecureRandom.hex(32)
        try services.database.createPendingSignUp(tenantID: tenant.id, email: email, passwordHash: hash, timeZone: timeZone,
                                                  returnTo: returnTo, tokenHash: Digest.sha256Hex(token),
                                                  expiresAt: now + Self.linkLifetime, invitationID: invitationID)
        try services.mailer.send(Mail(to: email.value, subject: "Confirm your email for \(tenant.name)", body: """
            Hello,

            To finish signing up to \(tenant.name), open this link within the next hour:

            \(services.links.signUpConfirmation(tenant, token))

            If you didn’t sign up, you can ignore this email; no account will be made.
            """))
    }

    public func isLive(_ scope: Scope, token: String) throws -> Bool {
        guard Hex.isLowercase(token, length: 64) else { return false }
        return try services.database.pendingSignUpIsLive(tenantID: scope.tenantID, tokenHash: Digest.sha256Hex(token), now: services.clock())
    }

    /// Creates the account from what was typed, in one transaction with spending the link.
    public func confirm(_ scope: Scope, token: String) throws -> SignUpConfirmation {
        guard Hex.isLowercase(token, length: 64) else { return .expired }
        // Turned on after the email was sent: the link no longer makes a password account.
        if try requiresSingleSignOn(scope) { return .notEligible }
        return try services.database.confirmSignUp(tenantID: scope.tenantID, tokenHash: Digest.sha256Hex(token), now: services.clock())
    }
}
