import Foundation
import Outbound
import Synchronization

/// Resett as an OpenID Connect relying party: the authorization-code flow with PKCE, `state` and `nonce` (the caller
/// makes and keeps those), discovery and the provider's keys cached per node, and the ID token checked in full.
/// Works with any provider that publishes discovery (Microsoft Entra ID, Okta, Google Workspace, Keycloak) by
/// configuration alone.
public final class RelyingParty: Sendable {
    public enum Failure: Error, Equatable, Sendable {
        /// The issuer's discovery document could not be fetched or was not acceptable.
        case discovery(String)
        /// The token endpoint refused the code or did not answer with an ID token.
        case tokenExchange(String)
        case idToken(IDTokenRejection)
    }

    let http: OutboundHTTP
    let clock: @Sendable () -> Int
    /// How long discovery is trusted before it is fetched again.
    let metadataLifetime = 3600
    /// A token whose `kid` is not in the cached key set makes the set be fetched again (the provider has rotated its
    /// keys), but not more often than this, so bad tokens cannot make us fetch without end.
    let keyRefetchInterval: Int
    private let metadataCache = Mutex<[String: (metadata: ProviderMetadata, fetchedAt: Int)]>([:])
    private let keySets = Mutex<[URL: (json: [UInt8], fetchedAt: Int)]>([:])

    public init(http: OutboundHTTP, clock: @escaping @Sendable () -> Int, keyRefetchInterval: Int = 5) {
        self.http = http
        self.clock = clock
        self.keyRefetchInterval = keyRefetchInterval
    }

    /// Whether the server may call this issuer at all (https, or loopback http in tests).
    public func permits(issuer: String) -> Bool {
        guard let url = URL(string: issuer) else { return false }
        return http.permits(url)
    }

    /// The provider's discovery document, from the cache if fresh.
    public func metadata(issuer: String, refresh: Bool = false) throws(Failure) -> ProviderMetadata {
        let now = clock()
        if !refresh, let cached = metadataCache.withLock({ $0[issuer] }), now - cached.fetchedAt < metadataLifetime { return cached.metadata }
        guard let url = ProviderMetadata.discoveryURL(for: issuer), http.permits(url) else {
            throw .discovery("the issuer must be an https address")
        }
        let answer: OutboundHTTP.Answer
        do { answer = try http.get(url) } catch { throw .discovery(error.description) }
        guard answer.status == 200 else { throw .discovery("discovery answered \(answer.status)") }
        let metadata: ProviderMetadata
        do { metadata = try ProviderMetadata(json: answer.body, expectedIssuer: issuer, http: http) } catch {
            let reason = switch error {
            case .notJSON: "discovery did not answer with JSON"
            case .issuerMismatch: "discovery names a different issuer"
            case .missingEndpoint(let name): "discovery has no \(name)"
            case .endpointNotAllowed(let name): "the \(name) is not an https address"
            case .noCodeFlow: "the provider does not offer the authorization-code flow"
            }
            throw .discovery(reason)
        }
        metadataCache.withLock { $0[issuer] = (metadata, now) }
        return metadata
    }

    /// Where to send the person: the provider's authorization endpoint with our client id, the callback, PKCE's
    /// S256 challenge, `state` and `nonce`.
    public func authorizationURL(_ metadata: ProviderMetadata, clientID: String, redirectURI: String, state: String, nonce: String,
                                 codeChallenge: String) -> URL? {
        guard var components = URLComponents(url: metadata.authorizationEndpoint, resolvingAgainstBaseURL: false) else { return nil }
        components.percentEncodedQueryItems = (components.percentEncodedQueryItems ?? []) + [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI), ("scope", "openid email"),
            ("state", state), ("nonce", nonce), ("code_challenge", codeChallenge), ("code_challenge_method", "S256"),
        ].map { URLQueryItem(name: $0.0, value: OutboundHTTP.formComponent($0.1)) }
        return components.url
    }

    /// Exchanges the code for tokens and checks the ID token: the person's claims, or why not.
    public func claims(issuer: String, clientID: String, clientSecret: String, redirectURI: String, code: String,
                       codeVerifier: String, nonce: String) throws(Failure) -> IDTokenClaims {
        let metadata = try metadata(issuer: issuer)
        var form = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", codeVerifier)]
        if metadata.prefersSecretInForm { form += [("client_id", clientID), ("client_secret", clientSecret)] }
        let answer: OutboundHTTP.Answer
        do {
            answer = try http.post(metadata.tokenEndpoint, form: form,
                                   basicCredentials: metadata.prefersSecretInForm ? nil : (clientID, clientSecret))
        } catch { throw .tokenExchange(error.description) }
        guard answer.status == 200,
              let object = (try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any] else {
            let reason = ((try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any])?["error"] as? String
            throw .tokenExchange("the token endpoint answered \(answer.status)" + (reason.map { " (\(Self.printable($0)))" } ?? ""))
        }
        guard let idToken = object["id_token"] as? String else { throw .tokenExchange("the answer had no ID token") }

        let check = IDTokenCheck(issuer: issuer, clientID: clientID, nonce: nonce, now: clock())
        do {
            let header = try IDTokenCheck.header(of: idToken)
            guard IDTokenCheck.allowedAlgorithms[header.algorithm] != nil else { throw IDTokenRejection.algorithmNotAllowed }
            let key = try key(metadata.jwksURI, algorithm: header.algorithm, keyID: header.keyID)
            return try check.claims(of: idToken, key: key)
        } catch let rejection as IDTokenRejection {
            throw .idToken(rejection)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .idToken(.malformed)
        }
    }

    /// The provider's key for this header, fetching the key set again once if the key is not in the cached one.
    private func key(_ jwksURI: URL, algorithm: String, keyID: String?) throws -> [String: Any] {
        let now = clock()
        if let cached = keySets.withLock({ $0[jwksURI] }) {
            if let key = IDTokenCheck.key(in: cached.json, algorithm: algorithm, keyID: keyID) { return key }
            guard now - cached.fetchedAt >= keyRefetchInterval else { throw IDTokenRejection.unknownKey }
        }
        let answer: OutboundHTTP.Answer
        do { answer = try http.get(jwksURI) } catch { throw Failure.tokenExchange("the provider's keys could not be fetched: \(error.description)") }
        guard answer.status == 200 else { throw Failure.tokenExchange("the provider's keys answered \(answer.status)") }
        keySets.withLock { $0[jwksURI] = (answer.body, now) }
        guard let key = IDTokenCheck.key(in: answer.body, algorithm: algorithm, keyID: keyID) else { throw IDTokenRejection.unknownKey }
        return key
    }

    /// A provider's error code, kept to what a log line may carry.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || $0 == "-") }.prefix(40).map(Character.init))
    }
}
