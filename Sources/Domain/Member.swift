/// A member as an admin sees them.
public struct Member: Sendable {
    public let account: Account
    public let joinedAt: Int

    public init(account: Account, joinedAt: Int) {
        self.account = account
        self.joinedAt = joinedAt
    }
}
