import Domain
import Cryptography
import Storage
import Synchronization

/// The absolute links mailed to people, built by the web layer from configuration (never from a request).
public struct MailedLinks: Sendable {
    public let signUpConfirmation: @Sendable (Tenant, String) -> String
    public let signIn: @Sendable (Tenant, String) -> String
    public let passwordReset: @Sendable (Tenant, String) -> String
    public let logInPage: @Sendable (Tenant) -> String
    public let forgottenPasswordPage: @Sendable (Tenant) -> String
    /// Where a member sees and removes their passkeys and sessions.
    public let securityPage: @Sendable (Tenant) -> String
    /// The link that confirms connecting an account to the organisation's sign-in.
    public let connectSignOn: @Sendable (Tenant, String) -> String
    /// The link that lets a staff member add their first passkey, once another admin has approved it; and the page
    /// where admins approve.
    public let firstPasskey: @Sendable (Tenant, String) -> String
    public let membersPage: @Sendable (Tenant) -> String

    public init(signUpConfirmation: @escaping @Sendable (Tenant, String) -> String, signIn: @escaping @Sendable (Tenant, String) -> String,
                passwordReset: @escaping @Sendable (Tenant, String) -> String, logInPage: @escaping @Sendable (Tenant) -> String,
                forgottenPasswordPage: @escaping @Sendable (Tenant) -> String, securityPage: @escaping @Sendable (Tenant) -> String,
                connectSignOn: @escaping @Sendable (Tenant, String) -> String, firstPasskey: @escaping @Sendable (Tenant, String) -> String,
                membersPage: @escaping @Sendable (Tenant) -> String) {
        self.signUpConfirmation = signUpConfirmation
        self.signIn = signIn
        self.passwordReset = passwordReset
        self.logInPage = logInPage
        self.forgottenPasswordPage = forgottenPasswordPage
        self.securityPage = securityPage
        self.connectSignOn = connectSignOn
        self.firstPasskey = firstPasskey
        self.membersPage = membersPage
    }
}

/// What the account use cases share: storage, hashing, mail, throttles and the clock. Built once by the
/// executable (or a test) and passed in.
public struct AccountServices: Sendable {
    let database: AppDatabase
    let hasher: PasswordHasher
    let hashingPool: HashingPool
    let mailer: any Mailer
    let links: MailedLinks
    let throttles: Throttles
    let clock: @Sendable () -> Int
    let passwordResetLifetime: Int
    private let dummyHash: DummyHash

    public init(database: AppDatabase, hasher: PasswordHasher, hashingPool: HashingPool, mailer: any Mailer, links: MailedLinks,
                throttles: Throttles, clock: @escaping @Sendable () -> Int, passwordResetLifetime: Int, dummyHash: DummyHash) {
        self.database = database
        self.hasher = hasher
        self.hashingPool = hashingPool
        self.mailer = mailer
        self.links = links
        self.throttles = throttles
        self.clock = clock
        self.passwordResetLifetime = passwordResetLifetime
        self.dummyHash = dummyHash
    }

    /// A hash of nothing anyone knows, checked when an email has no account so both cases take as long.
    /// Made at the first use rather than at start: an Argon2id hash takes 19 MiB while it runs.
    var dummyPasswordHash: String {
        dummyHash.value { cached in
            if let cached { return cached }
            let made = (try? hasher.hash(SecureRandom.hex(16))) ?? ""
            cached = made
            return made
        }
    }

    /// Checks a password on the hashing pool, waiting a fair turn among `claimant`'s organisation and clients when it
    /// is full (`HashingPool`). Long input is cut: a megabyte "password" must not cost more than a real one.
    func verify(_ password: String, against hash: String, for claimant: HashingPool.Claimant) throws -> Bool {
        try hashingPool.run(for: claimant) { hasher.verify(String(password.prefix(1024)), against: hash) }
    }

    func hash(_ password: String, for claimant: HashingPool.Claimant) throws -> String {
        try hashingPool.run(for: claimant) { try hasher.hash(password) }
    }
}

/// A value shared by every copy of the services and made at most once.
public final class DummyHash: Sendable {
    private let cached = Mutex<String?>(nil)
    public init() {}
    func value(_ body: (inout String?) -> String) -> String { cached.withLock { body(&$0) } }
}
