import CCrypto
import Cryptography
import Foundation

/// What a browser's `PushSubscription` gives us (the Push API's `toJSON()`): the push service's endpoint for that one
/// browser, its P-256 public key (`p256dh`) and a 16-byte authentication secret (`auth`). Checked before anything is
/// kept: the key must be a point on the curve, the secret 16 bytes, the endpoint an https URL of bounded length (the
/// caller checks it names a public host, as it does for any server it calls).
public struct PushSubscription: Sendable, Equatable {
    public let endpoint: URL
    public let publicKey: [UInt8]
    public let authSecret: [UInt8]

    public static let maximumEndpointLength = 1024

    public enum Problem: Error, Equatable, Sendable {
        case endpoint
        case publicKey
        case authSecret
    }

    public init(endpoint: String, publicKey: [UInt8], authSecret: [UInt8], allowsLoopbackHTTP: Bool = false) throws(Problem) {
        guard endpoint.utf8.count <= Self.maximumEndpointLength, let url = URL(string: endpoint),
              url.scheme == "https" || (allowsLoopbackHTTP && url.scheme == "http"), url.host?.isEmpty == false else { throw .endpoint }
        guard authSecret.count == 16 else { throw .authSecret }
        guard Self.isCurvePoint(publicKey) else { throw .publicKey }
        self.endpoint = url
        self.publicKey = publicKey
        self.authSecret = authSecret
    }

    /// From the base64url text the Push API hands out.
    public init(endpoint: String, p256dh: String, auth: String, allowsLoopbackHTTP: Bool = false) throws(Problem) {
        guard p256dh.utf8.count <= 100, let key = Base64URL.decode(p256dh).map(Array.init) else { throw .publicKey }
        guard auth.utf8.count <= 40, let secret = Base64URL.decode(auth).map(Array.init) else { throw .authSecret }
        try self.init(endpoint: endpoint, publicKey: key, authSecret: secret, allowsLoopbackHTTP: allowsLoopbackHTTP)
    }

    /// 65 bytes, uncompressed, and on P-256 (libcrypto checks the point).
    static func isCurvePoint(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 65, bytes[0] == 0x04 else { return false }
        guard let key = bytes.withUnsafeBufferPointer({ resett_p256_key(nil, $0.baseAddress, $0.count) }) else { return false }
        EVP_PKEY_free(key)
        return true
    }

    /// Where a VAPID token's `aud` points: the endpoint's origin (RFC 8292 §2).
    public var origin: String {
        var components = URLComponents()
        components.scheme = endpoint.scheme
        components.host = endpoint.host
        components.port = endpoint.port
        return components.string ?? ""
    }
}
