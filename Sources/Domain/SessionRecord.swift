/// A signed-in device. The token itself is never stored; `tokenHash` is its SHA-256.
public struct SessionRecord: Sendable, Equatable {
    public let id: String
    public let accountID: AccountID
    public let csrfToken: String
    public let device: String
    public let createdAt: Int
    public let lastSeenAt: Int
    /// The app lock has closed this session's private pages until its owner proves themselves again.
    public var locked = false
    /// How the session's owner last proved who they are.
    public var proof = Proof.password
    /// When they last did (signing in, or unlocking or confirming it's them); 0 for never.
    public var provenAt = 0
    /// Until when this session may add a staff member's first passkey, another admin having approved it and the link
    /// mailed to them having been used here; 0 for never.
    public var firstPasskeyUntil = 0

    /// How recent a proof must be to add a way of proving who one is (a passkey): whoever holds an unlocked session
    /// for a minute has not proven anything (issue 65).
    public static let freshProofSeconds = 5 * 60

    /// Whether the owner proved who they are within the last few minutes.
    public func isFreshlyProven(now: Int) -> Bool { provenAt > 0 && now - provenAt <= Self.freshProofSeconds && provenAt <= now }

    public enum Proof: String, Sendable {
        /// A password, or a link sent to the account's address.
        case password
        case passkey
        case singleSignOn = "single-sign-on"

        /// What an organisation that asks its staff for more than a password accepts.
        public var isStrong: Bool { self != .password }
        /// What "single sign-on only" lets a member in with: the organisation's provider, and nothing else.
        public var passesSingleSignOnOnly: Bool { self == .singleSignOn }
    }

    public init(id: String, accountID: AccountID, csrfToken: String, device: String, createdAt: Int, lastSeenAt: Int,
                locked: Bool = false, proof: Proof = .password, provenAt: Int = 0, firstPasskeyUntil: Int = 0) {
        self.id = id
        self.accountID = accountID
        self.csrfToken = csrfToken
        self.device = device
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.locked = locked
        self.proof = proof
        self.provenAt = provenAt
        self.firstPasskeyUntil = firstPasskeyUntil
    }
}
