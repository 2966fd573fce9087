import CCrypto

/// Verifies a signature with libcrypto: ES256 signatures come DER-encoded from authenticators, as libcrypto
/// wants them; RS256 uses PKCS #1 v1.5 padding, libcrypto's default for RSA.
enum SignatureCheck {
    static func verify(_ key: COSEKey, message: [UInt8], signature: [UInt8]) -> Bool {
        guard !signature.isEmpty, signature.count <= 1024 else { return false }
        return key.subjectPublicKeyInfo.withUnsafeBufferPointer { spki -> Bool in
            var cursor: UnsafePointer<UInt8>? = spki.baseAddress
            guard let publicKey = d2i_PUBKEY(nil, &cursor, spki.count) else { return false }
            defer { EVP_PKEY_free(publicKey) }
            guard let context = EVP_MD_CTX_new() else { return false }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, publicKey) == 1 else { return false }
            return signature.withUnsafeBufferPointer { sig in
                message.withUnsafeBufferPointer { msg in
                    EVP_DigestVerify(context, sig.baseAddress, sig.count, msg.baseAddress, msg.count) == 1
                }
            }
        }
    }
}
