import Foundation

/// A member's passkey as the security page lists it and as sign-in checks it: the credential's id (base64url) and
/// public key (SubjectPublicKeyInfo, base64) as registered, the counter and backup flags its authenticator last
/// reported, and the name its owner gave it.
public struct Passkey: Sendable, Equatable {
    public let id: PasskeyID
    public let accountID: AccountID
    public let credentialID: String
    public let publicKey: String
    public let algorithm: Int
    public var signCount: UInt32
    public let backupEligible: Bool
    public var backedUp: Bool
    public let name: String
    public let createdAt: Int
    public var lastUsedAt: Int?

    public init(id: PasskeyID, accountID: AccountID, credentialID: String, publicKey: String, algorithm: Int, signCount: UInt32,
                backupEligible: Bool, backedUp: Bool, name: String, createdAt: Int, lastUsedAt: Int?) {
        self.id = id
        self.accountID = accountID
        self.credentialID = credentialID
        self.publicKey = publicKey
        self.algorithm = algorithm
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.backedUp = backedUp
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    /// How many passkeys one person may keep: plenty for every device they own, and a bound on the table.
    public static let maximumPerAccount = 10
    public static let maximumNameLength = 60

    /// A name as kept: trimmed, one line, at most 60 characters; "Passkey" when left empty.
    public static func name(_ typed: String) -> String {
        let line = typed.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return line.isEmpty ? "Passkey" : String(line.prefix(maximumNameLength))
    }
}

/// Why a passkey ceremony was started: each challenge is good for one of these only.
public enum PasskeyPurpose: String, Sendable {
    case register
    case signIn = "sign-in"
    case unlock
}
