import Domain
import Foundation
import Cryptography
import OpenIDConnect
import SAML
import Storage

/// Signing in through the organisation's identity provider (OpenID Connect): the authorization-code flow with PKCE.
/// `begin` keeps the sign-in's nonce and PKCE verifier under a hash of a random `state`, which also goes into a
/// cookie in this browser; `finish` accepts a callback only with the same state in the query and the cookie, spends
/// the sign-in (once, on any node), exchanges the code and checks the ID token in full, then finds the account by
/// the provider's subject, links one by verified email, or makes one.
public struct SingleSignOn: Sendable {
    let services: AccountServices
    let relyingParty: RelyingParty
    /// The callback's absolute URL for a tenant, from configuration (never from the request).
    let callbackURL: @Sendable (Tenant) -> String
    /// SAML: our Assertion Consumer Service's absolute URL for a tenant, and our entity id (our metadata's URL), from
    /// configuration.
    let assertionConsumerURL: @Sendable (Tenant) -> String
    let serviceProviderEntityID: @Sendable (Tenant) -> String
    let vault: DataVault
    let outbound: OutboundCalls
    static let attemptLifetime = 10 * 60

    public init(services: AccountServices, relyingParty: RelyingParty, vault: DataVault, outbound: OutboundCalls,
                callbackURL: @escaping @Sendable (Tenant) -> String, assertionConsumerURL: @escaping @Sendable (Tenant) -> String,
                serviceProviderEntityID: @escaping @Sendable (Tenant) -> String) {
        self.assertionConsumerURL = assertionConsumerURL
        self.serviceProviderEntityID = serviceProviderEntityID
        self.services = services
        self.relyingParty = relyingParty
        self.vault = vault
        self.outbound = outbound
        self.callbackURL = callbackURL
    }

    /// What the log-in and sign-up pages offer.
    public struct Offer: Sendable, Equatable {
        public let providerID: String
        public let displayName: String
        /// Members must use it: no password sign-up or log-in.
        public let isRequired: Bool
        /// Where its sign-in form leads (for the page's Content-Security-Policy).
        public let authorizationOrigin: String
    }

    public func offer(_ scope: Scope) throws -> Offer? {
        try services.database.identityProvider(tenantID: scope.tenantID).map {
            Offer(providerID: $0.id, displayName: $0.displayName, isRequired: $0.isRequired, authorizationOrigin: $0.authorizationOrigin)
        }
    }

    public struct Start: Sendable {
        /// Where to send the browser.
        public let authorizationURL: String
        /// For the cookie that ties the callback to this browser.
        public let state: String
    }

    public func begin(_ scope: Scope, providerID: String, returnTo: String, clientAddress: String) throws -> Start {
        guard AccountID(providerID) != nil, let provider = try services.database.identityProvider(tenantID: scope.tenantID, id: providerID) else {
            throw UseCaseError.notFound
        }
        let now = services.clock()
        let addressKey = "\(scope.tenantID):\(clientAddress)"
        if let wait = try services.throttles.signOnStartsPerAddress.retryAfter(addressKey, now: now) { throw UseCaseError.tooManyRequests(retryAfter: wait) }
        try services.throttles.signOnStartsPerAddress.record(addressKey, now: now)
        if provider.kind == "saml" { return try beginSAML(scope, provider, returnTo: returnTo, now: now) }
        let metadata: ProviderMetadata
        do { metadata = try outbound.run(tenant: scope.tenantID) { try relyingParty.metadata(issuer: provider.issuer) } } catch let error as RelyingParty.Failure {
            throw SingleSignOnRefusal.providerUnavailable(Self.reason(error))
        } catch { throw SingleSignOnRefusal.busy }
        // The page's Content-Security-Policy let its form lead to the origin saved with the provider, and no other.
        guard metadata.authorizationOrigin == provider.authorizationOrigin else {
            throw SingleSignOnRefusal.providerUnavailable("its sign-in address has changed; an admin needs to save the single sign-on settings again")
        }
        let state = SecureRandom.hex(32), nonce = SecureRandom.hex(32), verifier = SecureRandom.hex(32)
        let challenge = Base64URL.encode(Digest.sha256(Array(verifier.utf8)))
        guard let url = relyingParty.authorizationURL(metadata, clientID: provider.clientID, redirectURI: callbackURL(scope.tenant),
                                                      state: state, nonce: nonce, codeChallenge: challenge) else {
            throw SingleSignOnRefusal.providerUnavailable("its authorization endpoint is not a usable address")
        }
        try services.database.createSignOnAttempt(
            tenantID: scope.tenantID, stateHash: Digest.sha256Hex(state),
            AppDatabase.SignOnAttempt(providerID: provider.id, nonce: nonce, codeVerifier: verifier, returnTo: String(returnTo.prefix(500))),
            expiresAt: now + Self.attemptLifetime)
        return Start(authorizationURL: url.absoluteString, state: state)
    }

    /// Where a sign-in with the provider ends: signed in, or waiting for an existing account's owner to confirm it is
    /// theirs (`SingleSignOn+Connect.swift`), with the token the page's password form carries.
    public enum Outcome: Sendable {
        case signedIn(Account, returnTo: String)
        case ownerMustConfirm(pageToken: String)
    }

    /// The callback: `state` and `code` (or the provider's `error`) from the query, `browserState` from the cookie.
    public func finish(_ scope: Scope, state: String?, code: String?, providerError: String?, browserState: String?) throws -> Outcome {
        guard let state, Hex.isLowercase(state, length: 64) else { throw SingleSignOnRefusal.expired }
        guard let browserState, Digest.constantTimeEqual(state, browserState) else { throw SingleSignOnRefusal.stateMismatch }
        let now = services.clock()
        guard let attempt = try services.database.takeSignOnAttempt(tenantID: scope.tenantID, stateHash: Digest.sha256Hex(state), now: now),
              let provider = try services.database.identityProvider(tenantID: scope.tenantID, id: attempt.providerID) else {
            throw SingleSignOnRefusal.expired
        }
        if provider.kind == "saml" {
            // The Assertion Consumer Service recorded the checked Response on this sign-in; this browser began it.
            guard let subject = attempt.answerSubject else { throw SingleSignOnRefusal.expired }
            return try signIn(scope, provider, subject: subject, email: attempt.answerEmail, emailVerified: true, attempt: attempt, now: now)
        }
        if providerError != nil { throw SingleSignOnRefusal.cancelled }
        guard let code, (1...2048).contains(code.utf8.count) else { throw SingleSignOnRefusal.expired }
        let secret: String
        do {
            secret = try vault.open(provider.sealedSecret, keyID: provider.secretKeyID, tenantID: scope.tenantID,
                                    context: SingleSignOnSettings.secretContext(provider.id))
        } catch { throw SingleSignOnRefusal.providerUnavailable("its client secret cannot be opened on this server") }
        let claims: IDTokenClaims
        do {
            claims = try outbound.run(tenant: scope.tenantID) {
                try relyingParty.claims(issuer: provider.issuer, clientID: provider.clientID, clientSecret: secret,
                                        redirectURI: callbackURL(scope.tenant), code: code, codeVerifier: attempt.codeVerifier,
                                        nonce: attempt.nonce)
            }
        } catch let error as RelyingParty.Failure {
            if case .idToken(let rejection) = error { throw SingleSignOnRefusal.idTokenRejected(rejection) }
            throw SingleSignOnRefusal.providerUnavailable(Self.reason(error))
        } catch { throw SingleSignOnRefusal.busy }
        return try signIn(scope, provider, subject: claims.subject, email: claims.email, emailVerified: claims.emailVerified, attempt: attempt, now: now)
    }

    /// The account for the provider's subject, as both protocols find it: linked before, or linked now by an email the
    /// provider vouches for, or made.
    func signIn(_ scope: Scope, _ provider: AppDatabase.IdentityProvider, subject: String, email typed: String?, emailVerified: Bool?,
                attempt: AppDatabase.SignOnAttempt, now: Int) throws -> Outcome {
        // The email links or makes an account only if the provider vouches for it: `email_verified` true, or (for
        // providers that do not send it, such as Entra ID) an address at one of the domains the admin listed.
        var email: EmailAddress?
        if let typed, let address = EmailAddress(typed) {
            if emailVerified == false { throw SingleSignOnRefusal.emailUnverified }
            let domains = SignUpPolicy(rule: .domains, domains: provider.allowedDomains)
            if !provider.allowedDomains.isEmpty, !domains.admits(address) { throw SingleSignOnRefusal.emailNotAllowed }
            if emailVerified == nil, provider.allowedDomains.isEmpty { throw SingleSignOnRefusal.emailUnverified }
            email = address
        }
        switch try services.database.accountForSingleSignOn(tenantID: scope.tenantID, providerID: provider.id, subject: subject,
                                                            email: email, mayCreate: true, unusableHash: UnusablePassword.hash(),
                                                            unusableHashPrefix: UnusablePassword.prefix, now: now) {
        case .linked(let account), .newlyLinked(let account), .created(let account):
            return .signedIn(account, returnTo: attempt.returnTo)
        case .ownerMustConfirm(let account):
            return .ownerMustConfirm(pageToken: try askOwner(scope, account, provider, subject: subject, returnTo: attempt.returnTo, now: now))
        case .inactive: throw SingleSignOnRefusal.inactive
        case .noAccount: throw SingleSignOnRefusal.noEmail
        case .notEligible: throw SingleSignOnRefusal.notEligible
        case .staffAccount: throw SingleSignOnRefusal.staffAccount
        }
    }

    static func reason(_ failure: RelyingParty.Failure) -> String {
        switch failure {
        case .discovery(let reason), .tokenExchange(let reason): reason
        case .idToken(let rejection): SingleSignOnRefusal.words(rejection)
        }
    }
}

/// Why a single sign-on did not sign someone in. Each has its own kind words on the page; `reference` is for the
/// organisation's IT team (nothing in it is about the person).
public enum SingleSignOnRefusal: Error, Equatable, Sendable {
    /// No sign-in under way with that state here: too old, used already, or never begun.
    case expired
    /// The state in the callback is not the one this browser was given.
    case stateMismatch
    /// The person stopped at the provider, or it refused them.
    case cancelled
    case providerUnavailable(String)
    case idTokenRejected(IDTokenRejection)
    /// SAML: the Response was not accepted (its signature, audience, times, or the request it answers).
    case responseRejected(SAMLRejection)
    /// SAML: this Assertion was accepted once already.
    case replayed
    case emailUnverified
    case emailNotAllowed
    case noEmail
    case inactive
    /// No account yet, and who may join does not admit this person (invitations only, or another domain).
    case notEligible
    /// The email is a staff account's, which an identity provider may not sign in to by email.
    case staffAccount
    /// Too many sign-ins of this organisation are already waiting on its provider: come back in a moment.
    case busy

    public var reference: String {
        switch self {
        case .expired: "no sign-in under way with that state"
        case .stateMismatch: "the state did not match this browser's"
        case .cancelled: "the provider returned an error"
        case .providerUnavailable(let reason): "provider unavailable: " + reason
        case .idTokenRejected(let rejection): "ID token refused: " + Self.words(rejection)
        case .responseRejected(let rejection): "SAML Response refused: \(rejection)"
        case .replayed: "SAML Assertion already used"
        case .emailUnverified: "the provider did not verify the email address"
        case .emailNotAllowed: "the email address is not at an allowed domain"
        case .noEmail: "the provider sent no email address"
        case .inactive: "the account is turned off"
        case .notEligible: "no account, and who may join does not admit the email"
        case .staffAccount: "the email is a staff account's; staff are not signed in by email through single sign-on"
        case .busy: "too many sign-ins waiting on the provider"
        }
    }

    static func words(_ rejection: IDTokenRejection) -> String {
        switch rejection {
        case .malformed: "malformed"
        case .algorithmNotAllowed: "algorithm not allowed"
        case .unknownKey: "unknown signing key (kid)"
        case .badSignature: "signature did not verify"
        case .wrongIssuer: "wrong issuer"
        case .wrongAudience: "wrong audience"
        case .expired: "expired"
        case .issuedAtOutOfRange: "issued-at time out of range"
        case .wrongNonce: "nonce did not match"
        case .missingSubject: "no subject"
        }
    }
}
