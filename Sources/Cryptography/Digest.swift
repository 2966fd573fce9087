import CCrypto

/// SHA-256 and HMAC-SHA256 from libcrypto, and a comparison that takes the same time whatever differs.
public enum Digest {
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                resett_sha256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return digest
    }

    public static func sha256Hex(_ text: String) -> String {
        Hex.encode(sha256(Array(text.utf8)))
    }

    public static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        if let template = hmacTemplate {
            var digest = [UInt8](repeating: 0, count: 32)
            let ok = key.withUnsafeBufferPointer { keyBytes in
                message.withUnsafeBufferPointer { messageBytes in
                    digest.withUnsafeMutableBufferPointer { output in
                        resett_hmac_sha256(template, keyBytes.baseAddress, keyBytes.count, messageBytes.baseAddress,
                                           messageBytes.count, output.baseAddress)
                    }
                }
            }
            if ok == 1 { return digest }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        key.withUnsafeBufferPointer { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                digest.withUnsafeMutableBufferPointer { output in
                    _ = HMAC(EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), messageBytes.baseAddress,
                             messageBytes.count, output.baseAddress, &length)
                }
            }
        }
        return Array(digest.prefix(Int(length)))
    }

    /// Made once and only ever copied (see `Sources/CCrypto/shim.h`), so sharing it between threads is safe.
    nonisolated(unsafe) private static let hmacTemplate: OpaquePointer? = resett_hmac_sha256_template()

    /// Constant-time equality (CRYPTO_memcmp) for secrets such as CSRF tokens.
    public static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return x.withUnsafeBytes { left in
            y.withUnsafeBytes { right in CRYPTO_memcmp(left.baseAddress, right.baseAddress, x.count) == 0 }
        }
    }
}
