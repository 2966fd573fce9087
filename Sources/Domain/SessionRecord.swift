/// A signed-in device. The token itself is never stored; `tokenHash` is its SHA-256.
public struct SessionRecord: Sendable, Equatable {
    public let id: String
    public let accountID: AccountID
    public let csrfToken: String
    public let device: String
    public let createdAt: Int
    public let lastSeenAt: Int

    public init(id: String, accountID: AccountID, csrfToken: String, device: String, createdAt: Int, lastSeenAt: Int) {
        self.id = id
        self.accountID = accountID
        self.csrfToken = csrfToken
        self.device = device
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}
