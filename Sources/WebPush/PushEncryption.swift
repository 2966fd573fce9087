import CCrypto
import Cryptography

/// Message encryption for Web Push (RFC 8291), so the push service carries a message it cannot read: ECDH between a
/// fresh P-256 key of ours and the browser's, mixed with the browser's authentication secret, gives a key and nonce
/// for one AES-128-GCM record in the `aes128gcm` content coding (RFC 8188). All from libcrypto.
public enum PushEncryption {
    public enum Failure: Error, Equatable, Sendable {
        /// More than fits in one record a push service must accept (RFC 8291 §4: 4096 bytes in all).
        case tooLong
        case cryptoFailed
    }

    /// The most plaintext one message may carry: 4096 bytes less the header (86), the delimiter (1) and the tag (16).
    public static let maximumPlaintext = 3993
    static let recordSize: UInt32 = 4096

    /// A message for `subscription`, with a new key pair and salt of its own.
    public static func encrypt(_ plaintext: [UInt8], for subscription: PushSubscription) throws(Failure) -> [UInt8] {
        guard let ephemeral = resett_p256_generate() else { throw .cryptoFailed }
        defer { EVP_PKEY_free(ephemeral) }
        return try encrypt(plaintext, for: subscription, serverKey: ephemeral, salt: SecureRandom.bytes(16))
    }

    /// With the sender's key and salt given: RFC 8291 Appendix A's example uses fixed ones.
    static func encrypt(_ plaintext: [UInt8], for subscription: PushSubscription, serverPrivateKey: [UInt8], serverPublicKey: [UInt8],
                        salt: [UInt8]) throws(Failure) -> [UInt8] {
        guard serverPrivateKey.count == 32,
              let key = serverPrivateKey.withUnsafeBufferPointer({ secret in
                  serverPublicKey.withUnsafeBufferPointer { resett_p256_key(secret.baseAddress, $0.baseAddress, $0.count) }
              }) else { throw .cryptoFailed }
        defer { EVP_PKEY_free(key) }
        return try encrypt(plaintext, for: subscription, serverKey: key, salt: salt)
    }

    static func encrypt(_ plaintext: [UInt8], for subscription: PushSubscription, serverKey: OpaquePointer, salt: [UInt8]) throws(Failure) -> [UInt8] {
        guard plaintext.count <= maximumPlaintext else { throw .tooLong }
        guard salt.count == 16 else { throw .cryptoFailed }
        var serverPublic = [UInt8](repeating: 0, count: 65)
        guard resett_p256_public_bytes(serverKey, &serverPublic) == 1,
              let browserKey = subscription.publicKey.withUnsafeBufferPointer({ resett_p256_key(nil, $0.baseAddress, $0.count) }) else {
            throw .cryptoFailed
        }
        defer { EVP_PKEY_free(browserKey) }
        var shared = [UInt8](repeating: 0, count: 32)
        guard resett_p256_shared_secret(serverKey, browserKey, &shared) == 1 else { throw .cryptoFailed }

        // §3.4: the input key mixes the shared secret with the browser's secret and both public keys.
        let keyInfo = Array("WebPush: info".utf8) + [0] + subscription.publicKey + serverPublic
        let inputKey = try hkdf(salt: subscription.authSecret, secret: shared, info: keyInfo, length: 32)
        // RFC 8188 §2.2 and §2.3: the content key and nonce from the input key and this message's salt.
        let contentKey = try hkdf(salt: salt, secret: inputKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0], length: 16)
        let nonce = try hkdf(salt: salt, secret: inputKey, info: Array("Content-Encoding: nonce".utf8) + [0], length: 12)

        // One record, and so the last: the plaintext then the delimiter 2, with no padding.
        let record = plaintext + [2]
        var sealed = [UInt8](repeating: 0, count: record.count)
        var tag = [UInt8](repeating: 0, count: 16)
        let ok = contentKey.withUnsafeBufferPointer { key in
            nonce.withUnsafeBufferPointer { nonce in
                record.withUnsafeBufferPointer { record in
                    sealed.withUnsafeMutableBufferPointer { sealed in
                        tag.withUnsafeMutableBufferPointer { tag in
                            resett_aesgcm_seal(GCMCipher.aes128, key.baseAddress, nonce.baseAddress, nil, 0, record.baseAddress,
                                               Int32(record.count), sealed.baseAddress, tag.baseAddress)
                        }
                    }
                }
            }
        }
        guard ok == 1 else { throw .cryptoFailed }
        // The header (RFC 8188 §2.1): salt, record size, and our public key as the key id (RFC 8291 §4).
        let size = withUnsafeBytes(of: recordSize.bigEndian) { Array($0) }
        return salt + size + [65] + serverPublic + sealed + tag
    }

    static func hkdf(salt: [UInt8], secret: [UInt8], info: [UInt8], length: Int) throws(Failure) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        let ok = salt.withUnsafeBufferPointer { salt in
            secret.withUnsafeBufferPointer { secret in
                info.withUnsafeBufferPointer { info in
                    out.withUnsafeMutableBufferPointer {
                        resett_hkdf_sha256(salt.baseAddress, salt.count, secret.baseAddress, secret.count, info.baseAddress, info.count,
                                           $0.baseAddress, length)
                    }
                }
            }
        }
        guard ok == 1 else { throw .cryptoFailed }
        return out
    }
}
