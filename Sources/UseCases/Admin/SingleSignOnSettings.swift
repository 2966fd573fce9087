import Domain
import Foundation
import Cryptography
import Logging
import OpenIDConnect
import Outbound
import Storage

/// An organisation's single sign-on provider, set by its admins: checked by fetching its discovery document before it
/// is saved, its client secret sealed with the tenant's data key and never shown again, each change audited.
public struct SingleSignOnSettings: Sendable {
    let database: AppDatabase
    let relyingParty: RelyingParty
    let vault: DataVault
    let logger: Logger
    let outbound: OutboundCalls
    let clock: @Sendable () -> Int
    /// SAML: fetches an IdP's metadata from the address an admin gives (public addresses only, with a deadline).
    let http: OutboundHTTP
    /// SAML: our entity id for a tenant, from configuration.
    let serviceProviderEntityID: @Sendable (Tenant) -> String

    public init(database: AppDatabase, relyingParty: RelyingParty, vault: DataVault, logger: Logger, outbound: OutboundCalls,
                clock: @escaping @Sendable () -> Int, http: OutboundHTTP, serviceProviderEntityID: @escaping @Sendable (Tenant) -> String) {
        self.http = http
        self.serviceProviderEntityID = serviceProviderEntityID
        self.database = database
        self.relyingParty = relyingParty
        self.vault = vault
        self.logger = logger
        self.outbound = outbound
        self.clock = clock
    }

    /// One answer whatever went wrong, so the page is no oracle for what sits at an address (a status, JSON or not, a
    /// refused address); what went wrong is in the server's log for the operator.
    public static let unreachable = "The provider could not be reached or did not answer as an OpenID provider. Check the issuer address."

    /// What the settings page shows: never the secret.
    public struct Summary: Sendable, Equatable {
        public let providerID: String
        /// "oidc" or "saml".
        public let kind: String
        public let displayName: String
        public let issuer: String
        public let clientID: String
        public let allowedDomains: [String]
        public let isRequired: Bool
        /// How many accounts have signed in with it (a count, never who).
        public let linkedAccounts: Int
    }

    /// What an admin typed.
    public struct Form: Sendable, Equatable {
        public var displayName: String
        public var issuer: String
        public var clientID: String
        /// Empty keeps the secret already saved.
        public var clientSecret: String
        public var domains: [String]
        public var isRequired: Bool

        public init(displayName: String, issuer: String, clientID: String, clientSecret: String, domains: [String], isRequired: Bool) {
            self.displayName = displayName
            self.issuer = issuer
            self.clientID = clientID
            self.clientSecret = clientSecret
            self.domains = domains
            self.isRequired = isRequired
        }
    }

    public func summary(_ member: MemberScope) throws -> Summary? {
        let admin = try member.asAdmin()
        guard let provider = try database.identityProvider(tenantID: admin.tenantID) else { return nil }
        return Summary(providerID: provider.id, kind: provider.kind, displayName: provider.displayName, issuer: provider.issuer, clientID: provider.clientID,
                       allowedDomains: provider.allowedDomains, isRequired: provider.isRequired,
                       linkedAccounts: try database.identityLinkCount(tenantID: admin.tenantID, providerID: provider.id))
    }

    /// Saves the provider; `.conflict` with what to change when something is not right, including a provider whose
    /// discovery cannot be read.
    public func save(_ member: MemberScope, _ form: Form) throws {
        let admin = try member.asAdmin()
        // A SAML provider in use is replaced (in the same transaction as this one is saved).
        let current = try database.identityProvider(tenantID: admin.tenantID)
        let existing = current?.kind == "oidc" ? current : nil, replacing = current?.kind == "oidc" ? nil : current?.id
        let name = form.displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        let issuer = form.issuer.trimmingCharacters(in: .whitespacesAndNewlines)
        let clientID = form.clientID.trimmingCharacters(in: .whitespacesAndNewlines)
        let secret = form.clientSecret.trimmingCharacters(in: .whitespacesAndNewlines)
        // Every field's problem at once, each beside its field, so one correction is not followed by the next refusal.
        var problems: [FieldError] = []
        if let problem = Self.nameProblem(name, field: "display_name") { problems.append(problem) }
        if !(8...500).contains(issuer.utf8.count) || !relyingParty.permits(issuer: issuer) {
            problems.append(FieldError("issuer", "The issuer is the provider’s https address, like https://login.example.com/tenant."))
        }
        if !(1...500).contains(clientID.utf8.count) || clientID.hasControlCharacters {
            problems.append(FieldError("client_id", "Copy the client ID from your provider’s app registration."))
        }
        if secret.utf8.count > 500 || secret.hasControlCharacters {
            problems.append(FieldError("client_secret", "That client secret is too long."))
        } else if existing == nil, secret.isEmpty {
            problems.append(FieldError("client_secret", "Copy the client secret from your provider’s app registration."))
        }
        var unique: [String] = []
        do { unique = try Joining.domains(form.domains) } catch UseCaseError.invalid(let domainProblems) { problems += domainProblems }
        guard problems.isEmpty else { throw UseCaseError.invalid(problems) }
        let metadata: ProviderMetadata
        do { metadata = try outbound.run(tenant: admin.tenantID) { try relyingParty.metadata(issuer: issuer, refresh: true) } } catch is OutboundCalls.Busy {
            throw UseCaseError.tooManyRequests(retryAfter: 10)
        } catch let error as RelyingParty.Failure {
            logger.warning("single sign-on settings: provider refused", metadata: ["tenant": .string(admin.tenant.slug), "reason": .string(SingleSignOn.reason(error))])
            throw UseCaseError.conflict(Self.unreachable)
        }

        let id = existing?.id ?? SecureRandom.hex(16)
        var sealed = (keyID: existing?.secretKeyID ?? "", sealed: existing?.sealedSecret ?? "")
        if !secret.isEmpty { sealed = try vault.seal(secret, tenantID: admin.tenantID, context: Self.secretContext(id)) }
        let now = clock()
        let provider = AppDatabase.IdentityProvider(id: id, displayName: name, issuer: issuer, clientID: clientID,
                                                    authorizationOrigin: metadata.authorizationOrigin, sealedSecret: sealed.sealed,
                                                    secretKeyID: sealed.keyID, allowedDomains: unique, isRequired: form.isRequired)
        let words = (existing == nil ? "Set up single sign-on with " : "Changed single sign-on with ") + issuer
            + (form.isRequired ? " (single sign-on only)" : "")
        try database.saveIdentityProvider(tenantID: admin.tenantID, provider, replacing: replacing, now: now, audit: admin.auditEntry(words, at: now))
    }

    public func remove(_ member: MemberScope) throws {
        let admin = try member.asAdmin()
        guard let provider = try database.identityProvider(tenantID: admin.tenantID),
              try database.removeIdentityProvider(tenantID: admin.tenantID, id: provider.id,
                                                  audit: admin.auditEntry("Turned off single sign-on with " + provider.issuer, at: clock()))
        else { throw UseCaseError.notFound }
    }

    /// The button's name: one line of up to 60 characters.
    static func nameProblem(_ name: String, field: String) -> FieldError? {
        (1...60).contains(name.count) && !name.hasControlCharacters ? nil
            : FieldError(field, "Give the sign-in a name of up to 60 characters, like your organisation’s.")
    }

    /// What the sealed secret is bound to, so it opens only as this provider's secret.
    static func secretContext(_ providerID: String) -> String { "identity provider secret\u{0}" + providerID }
}
