import CCrypto
import Cryptography
import Foundation

/// Voluntary application server identification (RFC 8292): our P-256 key pair, made once by `resett keys push` and kept
/// like the master key. Browsers subscribe with its public key (`applicationServerKey`), and a push service accepts a
/// message for that subscription only with a token signed by its private key: a JWT (ES256) for one push service's
/// origin, valid for twelve hours at most.
///
/// The token is put together here and signed with libcrypto rather than by jwt-kit: jwt-kit 5 signs only through an
/// async actor, and the push thread waiting on it deadlocked whenever the cooperative pool was busy with waiting work
/// (the tests found it). It is three base64url parts; the browser suite verifies one with `cryptography`.
public final class VAPIDKey: Sendable {
    /// libcrypto's key, read-only after loading (signing with a shared key from several threads is safe).
    nonisolated(unsafe) let key: OpaquePointer
    /// The 65 uncompressed bytes of the public point.
    public let publicKey: [UInt8]

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(String)
        case malformed(String)
        case exposed(String)
        case exists(String)
        case cannotWrite(String)
        case cryptoFailed

        public var description: String {
            switch self {
            case .unreadable(let path): "the push key file \(path) cannot be read"
            case .malformed(let path): "the push key file \(path) does not hold a P-256 private key (make one with `resett keys push`)"
            case .exposed(let path): "the push key file \(path) can be read by other users; make it its owner's alone with: chmod 600 \(path)"
            case .exists(let path): "\(path) already exists; a push key is never overwritten (every browser's subscription would stop working)"
            case .cannotWrite(let path): "cannot write a push key to \(path)"
            case .cryptoFailed: "libcrypto could not sign"
            }
        }
    }

    /// From PEM (what `create(at:)` writes: unencrypted PKCS#8).
    public init(pem: String) throws(Failure) {
        let bytes = Array(pem.utf8)
        guard let key = bytes.withUnsafeBufferPointer({ $0.withMemoryRebound(to: CChar.self) { resett_p256_from_pem($0.baseAddress, $0.count) } })
        else { throw .malformed("(given text)") }
        var point = [UInt8](repeating: 0, count: 65)
        guard resett_p256_public_bytes(key, &point) == 1 else {
            EVP_PKEY_free(key)
            throw .malformed("(given text)")
        }
        self.key = key
        publicKey = point
    }

    deinit { EVP_PKEY_free(key) }

    /// The file must be its owner's alone, as the master key's must.
    public static func load(path: String) throws(Failure) -> VAPIDKey {
        let data: Data
        do { data = try KeyFile.read(path) } catch { throw error == .exposed ? .exposed(path) : .unreadable(path) }
        do { return try VAPIDKey(pem: String(decoding: data, as: UTF8.self)) } catch { throw .malformed(path) }
    }

    /// A new key pair written to `path` (mode 0600); refuses a path that exists.
    public static func create(at path: String) throws(Failure) {
        guard let key = resett_p256_generate() else { throw .cannotWrite(path) }
        defer { EVP_PKEY_free(key) }
        var pem = [CChar](repeating: 0, count: 1024)
        let length = resett_private_key_pem(key, &pem, pem.count)
        guard length > 0 else { throw .cannotWrite(path) }
        do { try KeyFile.create(path, contents: pem[0..<length].map { UInt8(bitPattern: $0) }) } catch {
            throw error == .exists ? .exists(path) : .cannotWrite(path)
        }
    }

    /// What browsers subscribe with: the public key, base64url.
    public var applicationServerKey: String { Base64URL.encode(publicKey) }

    /// The `Authorization` header's value for a message to `subscription` (RFC 8292 §3): a token for the push service's
    /// origin, expiring in twelve hours, naming `contact` (our https address or a mailto:), and our public key.
    public func authorization(for subscription: PushSubscription, contact: String, now: Int) throws(Failure) -> String {
        struct Claims: Encodable { let aud: String; let exp: Int; let sub: String }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let claims = try? encoder.encode(Claims(aud: subscription.origin, exp: now + 12 * 3600, sub: contact)) else { throw .cryptoFailed }
        let signingInput = Base64URL.encode(Array(#"{"alg":"ES256","typ":"JWT"}"#.utf8)) + "." + Base64URL.encode(Array(claims))
        let message = Array(signingInput.utf8)
        var signature = [UInt8](repeating: 0, count: 64)
        guard message.withUnsafeBufferPointer({ resett_p256_sign(key, $0.baseAddress, $0.count, &signature) }) == 1 else { throw .cryptoFailed }
        return "vapid t=\(signingInput).\(Base64URL.encode(signature)), k=\(applicationServerKey)"
    }
}
