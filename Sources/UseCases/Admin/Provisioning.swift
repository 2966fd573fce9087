import Domain
import Foundation
import Cryptography
import Storage

/// Provisioning over SCIM 2.0 (RFC 7643/7644): the organisation's identity provider, holding a bearer token an admin
/// made, creates its people's accounts, changes their email, turns them off (ending their sessions) and deletes them.
/// Only what an account is, is kept: the email (SCIM's userName), the provider's id, and whether it is on. Names,
/// titles and the rest a provider may send are not stored.
/// The token manages members only: an admin's or moderator's account is read but never changed or deleted through it.
public struct Provisioning: Sendable {
    let database: AppDatabase
    let mailer: any Mailer
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, mailer: any Mailer, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.mailer = mailer
        self.clock = clock
    }

    /// What a SCIM request can go wrong with, as RFC 7644 §3.12 names it.
    public enum Problem: Error, Equatable, Sendable {
        case notFound
        case uniqueness
        case invalidValue(String)
        case lastAdmin
        /// An admin or moderator, changed only in Resett.
        case staff
    }

    /// Whether `bearer` is one of this tenant's live tokens.
    public func authorises(_ scope: Scope, bearer: String) throws -> Bool {
        guard Hex.isLowercase(bearer, length: 64) else { return false }
        return try database.provisioningTokenIsLive(tenantID: scope.tenantID, tokenHash: Digest.sha256Hex(bearer), now: clock())
    }

    static let provider = "Provisioning (SCIM)"

    func entry(_ action: String) -> AuditEntry { AuditEntry(actor: Self.provider, actorID: nil, action: action, at: clock()) }

    public func list(_ scope: Scope, userName: String?, externalID: String?, startIndex: Int, count: Int) throws -> (total: Int, users: [ProvisionedUser]) {
        try database.provisionedUsers(tenantID: scope.tenantID, userName: userName, externalID: externalID, startIndex: startIndex, count: count)
    }

    /// The account's email and the userName kept beside it: the email sent in `emails` if there is one, else the
    /// userName, which must then be an email address; the userName is kept only when it differs from the email.
    static func identity(userName: String, email: String?) throws -> (email: String, userName: String?) {
        guard (1...256).contains(userName.count) else { throw Problem.invalidValue("userName is 1 to 256 characters.") }
        guard let address = EmailAddress(email ?? userName) else {
            throw Problem.invalidValue("An email address is needed: in emails, or as the userName.")
        }
        return (address.value, userName.lowercased() == address.value ? nil : userName)
    }

    public func user(_ scope: Scope, id: String) throws -> ProvisionedUser {
        guard AccountID(id) != nil, let user = try database.provisionedUser(tenantID: scope.tenantID, id: id) else { throw Problem.notFound }
        return user
    }

    public func create(_ scope: Scope, userName: String, email: String?, externalID: String?, active: Bool) throws -> ProvisionedUser {
        let identity = try Self.identity(userName: userName, email: email)
        try check(externalID)
        let unusable = UnusablePassword.hash()
        switch try database.createProvisionedUser(tenantID: scope.tenantID, email: identity.email, userName: identity.userName, externalID: externalID, active: active,
                                                  unusableHash: unusable, now: clock(), audit: entry("Provisioned an account")) {
        case .done(let user): return user
        case .emailTaken: throw Problem.uniqueness
        case .notFound: throw Problem.notFound
        case .staff: throw Problem.staff
        }
    }

    /// Saves `user` as changed by a PUT or PATCH (its id names the account): `userName` as SCIM has it now, and the
    /// email sent in `emails`, if any. A new email is told to the old address, and ends the account's sessions and links.
    public func update(_ scope: Scope, _ user: ProvisionedUser, userName: String, email: String?) throws -> ProvisionedUser {
        // Without an email sent, the account keeps its own unless the userName is now an address.
        let identity = try Self.identity(userName: userName, email: email ?? (EmailAddress(userName) == nil ? user.email : nil))
        try check(user.externalID)
        let before = user
        var user = user
        (user.email, user.userName) = identity
        let action = user.isActive ? "Changed a provisioned account" : "Turned off a provisioned account"
        switch try database.updateProvisionedUser(tenantID: scope.tenantID, user, now: clock(), audit: entry(action)) {
        case .done(let saved):
            if saved.email != before.email { try tellOldAddress(before.email, of: scope.tenant, new: saved.email) }
            return saved
        case .emailTaken: throw Problem.uniqueness
        case .notFound: throw Problem.notFound
        case .staff: throw Problem.staff
        }
    }

    /// The address an account had hears that it changed, so a change nobody expected is noticed.
    private func tellOldAddress(_ old: String, of tenant: Tenant, new: String) throws {
        try mailer.send(Mail(to: old, subject: "Your \(tenant.name) sign-in address changed", body: """
            Hello,

            \(tenant.name)'s identity provider changed the address you sign in to Resett with, from this one to \(new).
            You have been signed out; sign in again with the new address.

            If you did not expect this, please tell \(tenant.name)'s IT or people team.
            """))
    }

    /// Deletes the account and everything of theirs, as deleting it themselves would.
    public func delete(_ scope: Scope, id: String) throws {
        guard let accountID = AccountID(id) else { throw Problem.notFound }
        switch try database.deleteAccount(tenantID: scope.tenantID, accountID: accountID, membersOnly: true) {
        case .notFound: throw Problem.notFound
        case .lastAdmin: throw Problem.lastAdmin
        case .staff: throw Problem.staff
        case .deleted(let email): mailer.forget(recipient: email)
        }
    }

    private func check(_ externalID: String?) throws {
        if let externalID, !(1...256).contains(externalID.count) { throw Problem.invalidValue("externalId must be 1 to 256 characters.") }
    }

    // MARK: Tokens, for admins

    public func tokens(_ member: MemberScope) throws -> [ProvisioningToken] {
        try database.provisioningTokens(tenantID: try member.asAdmin().tenantID)
    }

    /// A new token for the identity provider, shown once.
    public func createToken(_ member: MemberScope, label: String) throws -> String {
        let admin = try member.asAdmin()
        let label = label.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...80).contains(label.count) else { throw UseCaseError.invalid("token_label", "Name the token (up to 80 characters), such as the identity provider it is for.") }
        let token = SecureRandom.hex(32)
        try database.createProvisioningToken(tenantID: admin.tenantID, tokenHash: Digest.sha256Hex(token), label: label, now: clock(),
                                             audit: admin.auditEntry("Made a provisioning (SCIM) token", note: label, at: clock()))
        return token
    }

    public func revokeToken(_ member: MemberScope, id: ProvisioningTokenID) throws {
        let admin = try member.asAdmin()
        guard try database.revokeProvisioningToken(tenantID: admin.tenantID, id: id.rawValue, now: clock(),
                                                   audit: admin.auditEntry("Revoked a provisioning (SCIM) token", at: clock()))
        else { throw UseCaseError.notFound }
    }

    /// For the operator's command: a token for the tenant, without an admin.
    public static func operatorToken(_ database: AppDatabase, tenantID: TenantID, now: Int) throws -> String {
        let token = SecureRandom.hex(32)
        try database.createProvisioningToken(tenantID: tenantID, tokenHash: Digest.sha256Hex(token), label: "Made with resett tenant scim-token",
                                             now: now, audit: nil)
        return token
    }
}
