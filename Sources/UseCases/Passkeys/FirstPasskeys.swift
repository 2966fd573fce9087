import Cryptography
import Domain
import Storage

/// A staff member's first passkey while their organisation asks its staff for a passkey or single sign-on (issue 65,
/// finding 2). A password proves too little then: whoever knows it could add a passkey and have the staff pages. So
/// they ask; every other admin is told, and one of them approves (each step in the audit); the link then mailed to the
/// staff member's own address lets the session that opens it add one passkey for a few minutes. The session's proof
/// does not change: the new passkey, once used to confirm, is what opens the staff pages.
public struct FirstPasskeys: Sendable {
    let services: AccountServices
    static let linkLifetime = 24 * 3600
    /// A request is told to the admins at most this often.
    static let quietSeconds = 3600
    /// How long the link's session may add the passkey.
    static let grantSeconds = 10 * 60

    public init(services: AccountServices) { self.services = services }

    /// Whether the member is staff, the organisation asks staff for a passkey, and they have none yet.
    public func mayAsk(_ member: MemberScope) throws -> Bool {
        guard member.account.role.canModerate, member.tenant.settings.staffStrongSignIn else { return false }
        return try services.database.passkeys(tenantID: member.tenantID, accountID: member.accountID).isEmpty
    }

    /// Asks the organisation's other admins to approve a first passkey; false when it cannot be asked for.
    public func ask(_ member: MemberScope) throws -> Bool {
        guard try mayAsk(member) else { return false }
        let now = services.clock()
        let audit = AuditEntry(actor: member.account.email, actorID: member.accountID, action: "Asked to add a first passkey", at: now)
        guard try services.database.askForFirstPasskey(tenantID: member.tenantID, accountID: member.accountID, now: now,
                                                       quietSeconds: Self.quietSeconds, audit: audit) else { return true }
        let name = member.tenant.name
        for admin in try services.database.adminEmails(tenantID: member.tenantID, except: member.accountID) {
            try services.mailer.send(Mail(to: admin, subject: "A staff member asks to add a passkey in \(name)", body: """
                Hello,

                \(member.account.email) asks to add their first passkey, which \(name) needs before staff use its staff
                pages. If you know they asked, approve it on the members page; we will then email them a link to add it:

                \(services.links.membersPage(member.tenant))

                If you don't recognise this, leave it: nothing changes until an admin approves it.
                """))
        }
        return true
    }

    public struct Waiting: Sendable, Equatable {
        public let accountID: AccountID
        public let email: String
        public let requestedAt: Int
    }

    /// Requests waiting for an admin other than this one.
    public func waiting(_ member: MemberScope) throws -> [Waiting] {
        let admin = try member.asAdmin()
        return try services.database.firstPasskeyRequests(tenantID: admin.tenantID).filter { $0.accountID != admin.accountID }
            .map { Waiting(accountID: $0.accountID, email: $0.email, requestedAt: $0.requestedAt) }
    }

    /// Another admin approves: the link goes to the staff member's own address. False when nothing waits from them
    /// (or it is the admin's own request).
    public func approve(_ member: MemberScope, for accountID: AccountID) throws -> Bool {
        let admin = try member.asAdmin()
        let now = services.clock(), token = SecureRandom.hex(32)
        guard let email = try services.database.approveFirstPasskey(
            tenantID: admin.tenantID, accountID: accountID, approver: admin.accountID, tokenHash: Digest.sha256Hex(token),
            expiresAt: now + Self.linkLifetime, audit: admin.auditEntry("Approved a first passkey", at: now)) else { return false }
        let name = admin.tenant.name
        try services.mailer.send(Mail(to: email, subject: "Add your passkey for \(name)", body: """
            Hello,

            An admin of \(name) has approved your first passkey. Sign in, then open this link within 24 hours, on the
            device you want to use:

            \(services.links.firstPasskey(admin.tenant, token))

            If you didn't ask for this, please tell \(name)'s admins and change your password.
            """))
        return true
    }

    /// Whether the link is live for this member (the page before it is used).
    public func isLive(_ member: MemberScope, token: String) throws -> Bool {
        guard Hex.isLowercase(token, length: 64) else { return false }
        return try services.database.firstPasskeyLinkIsLive(tenantID: member.tenantID, accountID: member.accountID,
                                                            tokenHash: Digest.sha256Hex(token), now: services.clock())
    }

    /// Uses the link in this session: it may add a passkey for a few minutes.
    public func use(_ member: MemberScope, session: SessionRecord, token: String) throws -> Bool {
        guard Hex.isLowercase(token, length: 64) else { return false }
        let now = services.clock()
        return try services.database.useFirstPasskeyLink(tenantID: member.tenantID, accountID: member.accountID, sessionID: session.id,
                                                         tokenHash: Digest.sha256Hex(token), now: now, until: now + Self.grantSeconds)
    }
}
