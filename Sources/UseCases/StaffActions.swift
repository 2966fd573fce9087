import Domain
import Storage

/// What every staff use case (moderation, safeguarding, administration) starts with: the member's scope in their
/// staff role, or "no such thing" for anyone else, and the audit line their action writes.
extension MemberScope {
    /// Moderators and admins; `.notFound` for everyone else (staff pages do not exist for them).
    func asModerator() throws -> MemberScope {
        guard let moderator else { throw UseCaseError.notFound }
        return moderator
    }

    /// Admins only; `.notFound` for everyone else.
    func asAdmin() throws -> MemberScope {
        guard let admin else { throw UseCaseError.notFound }
        return admin
    }

    /// An audit line by this staff member (named by their address: staff act in their role), about a post when
    /// there is one, so its excerpt is kept with the line.
    func auditEntry(_ action: String, post: PostID? = nil, subject: String? = nil, note: String = "", at: Int) -> AuditEntry {
        var entry = AuditEntry(actor: account.email, actorID: accountID, action: action,
                               subject: subject ?? post.map { "Post \($0.rawValue.prefix(8))" } ?? "", note: String(note.prefix(500)), at: at)
        entry.postID = post?.rawValue
        return entry
    }
}
