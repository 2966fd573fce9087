/// An invitation link to join an organisation, as its admins see it (the link itself is kept only as a hash).
public struct Invitation: Sendable, Equatable {
    public let id: String
    public let label: String
    public let maxUses: Int
    public let uses: Int
    public let expiresAt: Int
    public let revokedAt: Int?
    public let createdAt: Int

    public func isLive(now: Int) -> Bool { revokedAt == nil && expiresAt > now && uses < maxUses }

    public init(id: String, label: String, maxUses: Int, uses: Int, expiresAt: Int, revokedAt: Int?, createdAt: Int) {
        self.id = id
        self.label = label
        self.maxUses = maxUses
        self.uses = uses
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.createdAt = createdAt
    }
}
