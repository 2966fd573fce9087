/// A device a member has allowed to show their reminders (Web Push): where its browser's push service takes messages
/// for it, the browser's public key and secret (base64url) that messages are encrypted to, and a name for the list.
public struct PushDevice: Sendable, Equatable {
    public let id: PushDeviceID
    public let accountID: AccountID
    public let endpoint: String
    public let publicKey: String
    public let authSecret: String
    public let name: String
    public let createdAt: Int

    public init(id: PushDeviceID, accountID: AccountID, endpoint: String, publicKey: String, authSecret: String, name: String, createdAt: Int) {
        self.id = id
        self.accountID = accountID
        self.endpoint = endpoint
        self.publicKey = publicKey
        self.authSecret = authSecret
        self.name = name
        self.createdAt = createdAt
    }

    /// Plenty for every browser a person uses, and a bound on the table and on the messages one reminder makes.
    public static let maximumPerAccount = 10
}
