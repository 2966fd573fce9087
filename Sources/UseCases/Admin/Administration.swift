import Foundation
import Domain
import Cryptography
import Storage

/// A tenant's admins manage their members' roles and their organisation's settings; for anyone else this does
/// not exist. Every change and its audit line are one transaction.
public struct Administration: Sendable {
    let database: AppDatabase
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.clock = clock
    }

    /// The admin's scope, or `.notFound` for anyone else (for pages that need nothing more).
    public func requireAdmin(_ member: MemberScope) throws -> MemberScope { try member.asAdmin() }

    private func entry(_ admin: MemberScope, _ action: String, subject: String = "", note: String = "") -> AuditEntry {
        admin.auditEntry(action, subject: subject, note: note, at: clock())
    }

    /// The organisation's members whose address holds `search` (compared after Unicode folding, so "ANA" finds
    /// "ana@…"), in natural order ("person2" before "person10"), and how many there are in all.
    public func members(_ member: MemberScope, search: String = "") throws -> (matching: [Member], total: Int) {
        let everyone = try database.members(tenantID: try member.asAdmin().tenantID)
        let wanted = MatchText.fold(search.trimmingCharacters(in: .whitespaces))
        let matching = wanted.isEmpty ? everyone : everyone.filter { MatchText.fold($0.account.email).contains(wanted) }
        return (matching.sorted { $0.account.email.compare($1.account.email, options: [.numeric, .caseInsensitive]) == .orderedAscending },
                everyone.count)
    }

    /// Every organisation keeps at least one admin: the count is read in the same transaction as the change.
    public func changeRole(_ member: MemberScope, of account: AccountID, to role: Role) throws {
        let admin = try member.asAdmin()
        switch try database.changeRole(tenantID: admin.tenantID, accountID: account, to: role,
                                       audit: entry(admin, "Changed a member’s role to \(role.rawValue)")) {
        case .changed: return
        case .notFound: throw UseCaseError.notFound
        case .lastAdmin:
            throw UseCaseError.conflict("Every organisation needs at least one admin, so this role can’t change until there’s another.")
        }
    }

    /// What an admin may change (the custom domain is not among them: only the operator sets it).
    public struct SettingsChange: Sendable {
        public var name: String
        public var accent: Colour
        public var freeResetsPerDay: Int
        public var pricePence: Int
        public var reportThreshold: Int
        public var crisisSupportText: String
        public var unlimitedEmails: [EmailAddress]
        public var communityEnabled: Bool
        public var licenceAllMembers: Bool
        /// Left as they are when nil (a form that does not show them).
        public var safeguardingSteps: String?
        public var escalationContact: String?
        public var atRiskResponseMinutes: Int?
        /// "Exit this page": on or off, and its page (`.some(nil)`: the standard one; nil: left as it is).
        public var exitButton: Bool?
        public var exitURL: String??
        /// Staff must prove themselves with a passkey or single sign-on (nil: left as it is).
        public var staffStrongSignIn: Bool?

        public init(name: String, accent: Colour, freeResetsPerDay: Int, pricePence: Int, reportThreshold: Int,
                    crisisSupportText: String, unlimitedEmails: [EmailAddress], communityEnabled: Bool, licenceAllMembers: Bool) {
            self.name = name
            self.accent = accent
            self.freeResetsPerDay = freeResetsPerDay
            self.pricePence = pricePence
            self.reportThreshold = reportThreshold
            self.crisisSupportText = crisisSupportText
            self.unlimitedEmails = unlimitedEmails
            self.communityEnabled = communityEnabled
            self.licenceAllMembers = licenceAllMembers
        }
    }

    /// The tenant with every setting, the unlimited list included (a request's scope carries the rest only).
    public func settings(_ member: MemberScope) throws -> Tenant {
        let admin = try member.asAdmin()
        guard let tenant = try database.tenant(id: admin.tenantID) else { throw UseCaseError.notFound }
        return tenant
    }

    public func saveSettings(_ member: MemberScope, _ change: SettingsChange) throws {
        let admin = try member.asAdmin()
        // The scope carries the settings as the request began; saving starts from them (the unlimited list comes
        // with the change).
        var tenant = admin.tenant
        tenant.name = change.name
        tenant.settings.accentColour = change.accent.hex
        tenant.settings.freeResetsPerDay = change.freeResetsPerDay
        tenant.settings.pricePence = change.pricePence
        tenant.settings.reportThreshold = change.reportThreshold
        tenant.settings.crisisSupportText = change.crisisSupportText
        tenant.settings.unlimitedEmails = change.unlimitedEmails.map(\.value)
        tenant.settings.communityEnabled = change.communityEnabled
        tenant.settings.licenceAllMembers = change.licenceAllMembers
        if let steps = change.safeguardingSteps { tenant.settings.safeguardingSteps = steps }
        if let contact = change.escalationContact { tenant.settings.escalationContact = contact }
        if let minutes = change.atRiskResponseMinutes { tenant.settings.atRiskResponseMinutes = minutes }
        if let exitButton = change.exitButton { tenant.settings.exitButton = exitButton }
        if let exitURL = change.exitURL { tenant.settings.exitURL = exitURL.flatMap(ExitPage.validated) }
        if let strong = change.staffStrongSignIn { tenant.settings.staffStrongSignIn = strong }
        try database.saveSettings(of: tenant, audit: entry(admin, "Changed settings", subject: tenant.name))
    }

    public func topics(_ member: MemberScope) throws -> [CommunityTopic] {
        try database.topics(tenantID: try member.asAdmin().tenantID)
    }

    /// Renames topics and adds one; `.conflict` when the new topic's slug is taken.
    public func saveTopics(_ member: MemberScope, names: [String: String], adding new: CommunityTopic?) throws {
        let admin = try member.asAdmin()
        let audit = entry(admin, "Changed community topics", subject: admin.tenant.name, note: new.map { "Added \($0.name)" } ?? "")
        do { try database.saveTopics(tenantID: admin.tenantID, names: names, adding: new, audit: audit) } catch {
            guard case .conflict(let reason) = error else { throw error }
            throw UseCaseError.conflict("That topic can’t be added: \(reason).")
        }
    }

    /// Sets the organisation's logo from an uploaded PNG (checked by `PNGImage`), or removes it (`nil`).
    public func setLogo(_ member: MemberScope, png: [UInt8]?) throws {
        let admin = try member.asAdmin()
        let image = try png.map { bytes throws -> PNGImage in try PNGImage(bytes) }
        try database.setLogo(tenantID: admin.tenantID, image, sha: image.map { Hex.encode(Digest.sha256($0.bytes)) }, now: clock(),
                             audit: entry(admin, image == nil ? "Removed the logo" : "Uploaded a logo"))
    }
}
