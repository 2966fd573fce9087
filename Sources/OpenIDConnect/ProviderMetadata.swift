import Foundation
import Outbound

/// What discovery (`/.well-known/openid-configuration`) tells about a provider, checked before use: the issuer it
/// names must be the one configured (OpenID Connect Discovery §4.3), and every endpoint must be one the server may call.
public struct ProviderMetadata: Sendable, Equatable {
    public let issuer: String
    public let authorizationEndpoint: URL
    public let tokenEndpoint: URL
    public let jwksURI: URL
    /// Whether the token endpoint takes the client secret as form fields rather than HTTP Basic (the default).
    public let prefersSecretInForm: Bool

    public enum Problem: Error, Equatable, Sendable {
        case notJSON
        case issuerMismatch
        case missingEndpoint(String)
        case endpointNotAllowed(String)
        case noCodeFlow
    }

    public init(json: [UInt8], expectedIssuer: String, http: OutboundHTTP) throws(Problem) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any] else { throw .notJSON }
        guard let issuer = object["issuer"] as? String, issuer == expectedIssuer else { throw .issuerMismatch }
        func endpoint(_ name: String) throws(Problem) -> URL {
            guard let text = object[name] as? String, let url = URL(string: text) else { throw .missingEndpoint(name) }
            guard http.permits(url) else { throw .endpointNotAllowed(name) }
            return url
        }
        if let types = object["response_types_supported"] as? [String], !types.contains("code") { throw .noCodeFlow }
        self.issuer = issuer
        authorizationEndpoint = try endpoint("authorization_endpoint")
        tokenEndpoint = try endpoint("token_endpoint")
        jwksURI = try endpoint("jwks_uri")
        let methods = object["token_endpoint_auth_methods_supported"] as? [String] ?? ["client_secret_basic"]
        prefersSecretInForm = !methods.contains("client_secret_basic") && methods.contains("client_secret_post")
    }

    /// scheme://host[:port] of the authorization endpoint, for a Content-Security-Policy's form-action.
    public var authorizationOrigin: String {
        guard let components = URLComponents(url: authorizationEndpoint, resolvingAgainstBaseURL: false), let scheme = components.scheme,
              let host = components.host else { return "" }
        return scheme + "://" + (host.contains(":") ? "[\(host)]" : host) + (components.port.map { ":\($0)" } ?? "")
    }

    /// Where discovery lives for `issuer` (Discovery §4: the issuer with its trailing slash removed, then the path).
    public static func discoveryURL(for issuer: String) -> URL? {
        var base = issuer
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + "/.well-known/openid-configuration")
    }
}
