import Foundation
import Domain
import Cryptography
import Storage

/// Who may join an organisation, set by its admins: the rule (anyone, its domains, or by invitation) and invitation
/// links. Each change and its audit line are one transaction; a link's token is shown once and kept only as a hash.
public struct Joining: Sendable {
    let database: AppDatabase
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.clock = clock
    }

    public static let invitationDays = 1...90
    public static let invitationUses = 1...10_000

    public func policy(_ member: MemberScope) throws -> SignUpPolicy { try member.asAdmin().tenant.settings.signUpPolicy }

    public func invitations(_ member: MemberScope) throws -> [Invitation] {
        try database.invitations(tenantID: try member.asAdmin().tenantID)
    }

    /// Saves the rule; `.conflict` with the reason when the domains do not make sense for it.
    public func savePolicy(_ member: MemberScope, rule: SignUpPolicy.Rule, domains lines: [String]) throws {
        let admin = try member.asAdmin()
        let unique = try Self.domains(lines)
        if rule == .domains && unique.isEmpty { throw UseCaseError.invalid("domains", "Add at least one domain, like acme.com.") }
        let words = switch rule { case .open: "anyone"; case .domains: "addresses at " + unique.joined(separator: ", "); case .invitations: "invitation only" }
        try database.saveSignUpPolicy(tenantID: admin.tenantID, SignUpPolicy(rule: rule, domains: unique),
                                      audit: admin.auditEntry("Set who may join: \(words)", at: clock()))
    }

    /// Domains as an admin typed them, one a line: each checked, none twice, at most the limit.
    static func domains(_ lines: [String]) throws -> [String] {
        let typed = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let domains = typed.compactMap(SignUpPolicy.domain)
        if domains.count != typed.count { throw UseCaseError.invalid("domains", "Put one domain on each line, like acme.com.") }
        if domains.count > SignUpPolicy.domainLimit { throw UseCaseError.invalid("domains", "Up to \(SignUpPolicy.domainLimit) domains, please.") }
        var unique: [String] = []
        for domain in domains where !unique.contains(domain) { unique.append(domain) }
        return unique
    }

    /// A new invitation link's token (the caller makes the link from configuration): good for `uses` sign-ups over
    /// `days` days.
    public func createInvitation(_ member: MemberScope, label: String, uses: Int, days: Int) throws -> String {
        let admin = try member.asAdmin()
        let label = label.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...80).contains(label.count) else { throw UseCaseError.invalid("label", "Give the invitation a name of up to 80 characters, so you can tell it apart.") }
        guard Self.invitationUses.contains(uses), Self.invitationDays.contains(days) else { throw UseCaseError.invalid("uses", "Choose how many people and how long.") }
        let token = SecureRandom.hex(32)
        let now = clock()
        try database.createInvitation(tenantID: admin.tenantID, tokenHash: Digest.sha256Hex(token), label: label, maxUses: uses,
                                      expiresAt: now + days * 86_400, now: now,
                                      audit: admin.auditEntry("Made an invitation link", note: label, at: now))
        return token
    }

    public func revokeInvitation(_ member: MemberScope, id: InvitationID) throws {
        let admin = try member.asAdmin()
        guard try database.revokeInvitation(tenantID: admin.tenantID, id: id.rawValue, now: clock(),
                                            audit: admin.auditEntry("Withdrew an invitation link", at: clock()))
        else { throw UseCaseError.notFound }
    }
}
