/// What an identity provider's SCIM client manages: its accounts as SCIM sees them, and its tokens (never their secret).

public struct ProvisionedUser: Sendable, Equatable {
    public let id: AccountID
    public var email: String
    /// The provider's userName when it is not the email.
    public var userName: String?
    public var externalID: String?
    public var isActive: Bool
    public let createdAt: Int

    public init(id: AccountID, email: String, userName: String?, externalID: String?, isActive: Bool, createdAt: Int) {
        self.id = id
        self.email = email
        self.userName = userName
        self.externalID = externalID
        self.isActive = isActive
        self.createdAt = createdAt
    }
}

public struct ProvisioningToken: Sendable, Equatable {
    public let id: String
    public let label: String
    public let createdAt: Int
    public let lastUsedAt: Int?

    public init(id: String, label: String, createdAt: Int, lastUsedAt: Int?) {
        self.id = id
        self.label = label
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}
