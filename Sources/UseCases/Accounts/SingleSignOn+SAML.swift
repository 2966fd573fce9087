import Cryptography
import Domain
import Foundation
import SAML
import Storage

/// Signing in with an organisation's SAML 2.0 identity provider: `beginSAML` keeps a hash of our AuthnRequest's ID on
/// a sign-in under way (under its `state`, also in this browser's cookie and sent as RelayState) and sends the browser
/// to the IdP by HTTP-Redirect; `receive` (the Assertion Consumer Service: a cross-site POST, so no cookie) checks the
/// Response in full and records its answer on the sign-in it names, spending the Assertion; `finish`, back in this
/// browser with its cookie, signs in.
extension SingleSignOn {
    /// What the organisation gives its IdP: our entity id and Assertion Consumer Service.
    public func serviceProviderMetadata(_ scope: Scope) -> String {
        ServiceProviderMetadata.xml(entityID: serviceProviderEntityID(scope.tenant), assertionConsumerURL: assertionConsumerURL(scope.tenant))
    }

    func beginSAML(_ scope: Scope, _ provider: AppDatabase.IdentityProvider, returnTo: String, now: Int) throws -> Start {
        guard let signOnURL = provider.samlSignOnURL else { throw SingleSignOnRefusal.providerUnavailable("its sign-on address is missing") }
        let state = SecureRandom.hex(32)
        let request = AuthnRequest(id: AuthnRequest.newID(), issueInstant: now, destination: signOnURL,
                                   assertionConsumerURL: assertionConsumerURL(scope.tenant), serviceProviderEntityID: provider.clientID)
        guard let url = request.redirectURL(to: signOnURL, relayState: state) else {
            throw SingleSignOnRefusal.providerUnavailable("its sign-on address is not a usable address")
        }
        try services.database.createSignOnAttempt(
            tenantID: scope.tenantID, stateHash: Digest.sha256Hex(state),
            AppDatabase.SignOnAttempt(providerID: provider.id, nonce: Digest.sha256Hex(request.id), codeVerifier: SecureRandom.hex(32),
                                      returnTo: String(returnTo.prefix(500))),
            expiresAt: now + Self.attemptLifetime)
        return Start(authorizationURL: url, state: state)
    }

    /// The Assertion Consumer Service: `encoded` is the form's `SAMLResponse`. Returns the state to send the browser on
    /// with (the RelayState, when it is one of ours in form); the sign-in itself finishes there, with the cookie.
    public func receive(_ scope: Scope, encoded: String, relayState: String?) throws -> String {
        guard let provider = try services.database.identityProvider(tenantID: scope.tenantID), provider.kind == "saml" else {
            throw SingleSignOnRefusal.expired
        }
        let check = ResponseCheck(serviceProviderEntityID: provider.clientID, assertionConsumerURL: assertionConsumerURL(scope.tenant),
                                  identityProviderEntityID: provider.issuer, certificates: provider.samlCertificates)
        let now = services.clock()
        let assertion: SAMLAssertion
        do { assertion = try check.check(encoded: encoded, now: now) } catch { throw SingleSignOnRefusal.responseRejected(error) }
        switch try services.database.answerSAMLAttempt(
            tenantID: scope.tenantID, providerID: provider.id, requestHash: Digest.sha256Hex(assertion.inResponseTo), subject: assertion.subject,
            email: assertion.email, assertionHash: Digest.sha256Hex(provider.issuer + "\u{0}" + assertion.id),
            assertionExpiresAt: assertion.validUntil, now: now) {
        case .recorded: break
        case .replayed: throw SingleSignOnRefusal.replayed
        case .unknownRequest: throw SingleSignOnRefusal.responseRejected(.unsolicited)
        }
        guard let relayState, Hex.isLowercase(relayState, length: 64) else { throw SingleSignOnRefusal.expired }
        return relayState
    }
}
