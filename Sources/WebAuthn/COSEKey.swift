/// A credential's public key as the authenticator gives it (a COSE_Key, RFC 9052), for the two algorithms we
/// accept: ES256 (ECDSA on P-256 with SHA-256) and RS256 (RSASSA-PKCS1-v1_5 with SHA-256). Kept as the
/// SubjectPublicKeyInfo DER that libcrypto reads, so a stored key needs no COSE again.
public struct COSEKey: Sendable, Equatable {
    public enum Algorithm: Int, Sendable, CaseIterable {
        case es256 = -7
        case rs256 = -257
    }

    public let algorithm: Algorithm
    /// SubjectPublicKeyInfo, DER.
    public let subjectPublicKeyInfo: [UInt8]

    public init(algorithm: Algorithm, subjectPublicKeyInfo: [UInt8]) {
        self.algorithm = algorithm
        self.subjectPublicKeyInfo = subjectPublicKeyInfo
    }

    public enum Problem: Error, Equatable { case unsupportedAlgorithm, malformed }

    public init(_ key: CBOR) throws(Problem) {
        guard let alg = key[3]?.int, let algorithm = Algorithm(rawValue: alg) else { throw .unsupportedAlgorithm }
        switch algorithm {
        case .es256:
            // kty 2 (EC2), crv 1 (P-256), x and y of 32 bytes each.
            guard key[1]?.int == 2, key[-1]?.int == 1, let x = key[-2]?.byteString, let y = key[-3]?.byteString,
                  x.count == 32, y.count == 32 else { throw .malformed }
            self.init(algorithm: .es256, subjectPublicKeyInfo: Self.p256Prefix + [0x04] + x + y)
        case .rs256:
            // kty 3 (RSA), a modulus of 2048 to 4096 bits and a public exponent of at most 4 bytes.
            guard key[1]?.int == 3, var n = key[-1]?.byteString, let e = key[-2]?.byteString,
                  !e.isEmpty, e.count <= 4 else { throw .malformed }
            while n.first == 0 { n.removeFirst() }
            guard (256...512).contains(n.count) else { throw .malformed }
            let rsaPublicKey = DER.sequence(DER.integer(n) + DER.integer(e))
            let algorithmIdentifier = DER.sequence(Self.rsaEncryptionOID + [0x05, 0x00])
            self.init(algorithm: .rs256, subjectPublicKeyInfo: DER.sequence(algorithmIdentifier + DER.bitString(rsaPublicKey)))
        }
    }

    /// SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING (65 bytes follow: 04 || x || y) }.
    static let p256Prefix: [UInt8] = [0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06,
                                      0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00]
    /// OBJECT IDENTIFIER 1.2.840.113549.1.1.1 (rsaEncryption).
    static let rsaEncryptionOID: [UInt8] = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]
}

/// The few DER encodings a SubjectPublicKeyInfo for RSA needs.
enum DER {
    static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var remaining = count
        while remaining > 0 {
            bytes.insert(UInt8(remaining & 0xff), at: 0)
            remaining >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    static func sequence(_ content: [UInt8]) -> [UInt8] { [0x30] + length(content.count) + content }
    static func bitString(_ content: [UInt8]) -> [UInt8] { [0x03] + length(content.count + 1) + [0x00] + content }

    /// A non-negative INTEGER from big-endian bytes: leading zeros dropped, one added back when the top bit is set.
    static func integer(_ bytes: [UInt8]) -> [UInt8] {
        var value = Array(bytes.drop { $0 == 0 })
        if value.isEmpty { value = [0] }
        if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
        return [0x02] + length(value.count) + value
    }
}
