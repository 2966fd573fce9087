/// What a person may do within one tenant. Roles are per tenant: the same email in two tenants is two people.
public enum Role: String, Sendable, CaseIterable, Codable {
    case member
    case moderator
    case admin

    /// Moderators and admins look after the community.
    public var canModerate: Bool { self != .member }
}
