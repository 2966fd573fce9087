import Domain
import Cryptography
import Storage

/// Logging in. Someone else's wrong guesses never stop the owner: the guesser's address is throttled, and once an
/// account has had many failures a correct password alone is not enough; it also takes a link sent to the
/// account's address. The answer to a guess is then the same whether or not it was right.
public struct LogIns: Sendable {
    let services: AccountServices
    /// How long an emailed sign-in link works.
    static let linkLifetime = 15 * 60

    public init(services: AccountServices) { self.services = services }

    public enum Outcome: Sendable {
        case signedIn(Account)
        /// The account is under attack: if the password was right, a link is on its way.
        case checkEmail
        case mismatch
        /// The password was right, but the organisation signs its members in only with its identity provider.
        case useSingleSignOn
    }

    public func logIn(_ scope: Scope, email typed: String, password: String, clientAddress: String) throws -> Outcome {
        let now = services.clock()
        let throttles = services.throttles
        let addressKey = "\(scope.tenantID):\(clientAddress)"
        let email = EmailAddress(String(typed.prefix(320)))
        let accountKey = Throttles.accountKey(tenantID: scope.tenantID, email: email?.value ?? typed)
        if let wait = try throttles.failedLoginsPerAddress.retryAfter(addressKey, now: now) { throw UseCaseError.tooManyRequests(retryAfter: wait) }
        let underAttack = try throttles.failedLoginsPerAccount.retryAfter(accountKey, now: now) != nil

        // An account the organisation has turned off is, here, no account.
        let account = try email.flatMap { try services.database.account(tenantID: scope.tenantID, email: $0) }.flatMap { $0.isActive ? $0 : nil }
        // An unknown email costs the same hash as a wrong password, so timing tells nothing.
        let claimant = HashingPool.Claimant(tenant: scope.tenantID.rawValue, client: clientAddress)
        let verified = try services.verify(password, against: account?.passwordHash ?? services.dummyPasswordHash, for: claimant) && account != nil
        guard let account, verified else {
            try throttles.failedLoginsPerAccount.record(accountKey, now: now)
            try throttles.failedLoginsPerAddress.record(addressKey, now: now)
            return underAttack ? .checkEmail : .mismatch
        }
        if underAttack {
            try sendLink(to: account, scope, now: now)
            return .checkEmail
        }
        try throttles.failedLoginsPerAccount.reset(accountKey)
        // "Single sign-on only" holds for members; admins keep their password, so a broken provider locks nobody out.
        if account.role == .member, try services.database.identityProvider(tenantID: scope.tenantID)?.isRequired == true {
            return .useSingleSignOn
        }
        if services.hasher.needsRehash(account.passwordHash) {
            let fresh = try services.hash(password, for: claimant)
            try services.database.setPasswordHash(tenantID: account.tenantID, accountID: account.id, hash: fresh, endingSessionsExcept: nil)
            var rehashed = account
            rehashed.passwordHash = fresh
            return .signedIn(rehashed)
        }
        return .signedIn(account)
    }

    private func sendLink(to account: Account, _ scope: Scope, now: Int) throws {
        let token = SecureRandom.hex(32)
        try services.database.createSignInLink(tenantID: account.tenantID, accountID: account.id, tokenHash: Digest.sha256Hex(token),
                                               expiresAt: now + Self.linkLifetime)
        let name = scope.tenant.name
        try services.mailer.send(Mail(to: account.email, subject: "Finish logging in to \(name)", body: """
            Hello,

            Someone (we hope you) logged in to your \(name) account with the right password, after several attempts
            with wrong ones. To finish logging in, open this link within the next 15 minutes:

            \(services.links.signIn(scope.tenant, token))

            If this wasn’t you, someone knows your password: please change it as soon as you can.
            """))
    }

    public func isLinkLive(_ scope: Scope, token: String) throws -> Bool {
        guard Hex.isLowercase(token, length: 64) else { return false }
        return try services.database.signInLinkIsLive(tenantID: scope.tenantID, tokenHash: Digest.sha256Hex(token), now: services.clock())
    }

    /// Spends a sign-in link: the account to sign in, nil if the link is not live.
    public func useLink(_ scope: Scope, token: String) throws -> Account? {
        guard Hex.isLowercase(token, length: 64) else { return nil }
        return try services.database.consumeSignInLink(tenantID: scope.tenantID, tokenHash: Digest.sha256Hex(token), now: services.clock())
    }
}
