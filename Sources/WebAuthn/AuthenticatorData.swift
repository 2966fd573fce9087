/// What an authenticator signs (WebAuthn §6.1): the RP ID's hash, its flags, a signature counter and, at
/// registration, the new credential. Read with every length checked against what remains.
public struct AuthenticatorData: Sendable, Equatable {
    public let rpIDHash: [UInt8]
    public let flags: UInt8
    public let signCount: UInt32
    public let credential: AttestedCredential?

    public struct AttestedCredential: Sendable, Equatable {
        public let aaguid: [UInt8]
        public let id: [UInt8]
        public let publicKey: CBOR
    }

    public var userPresent: Bool { flags & 0x01 != 0 }
    public var userVerified: Bool { flags & 0x04 != 0 }
    public var backupEligible: Bool { flags & 0x08 != 0 }
    public var backedUp: Bool { flags & 0x10 != 0 }

    /// WebAuthn allows credential ids of up to 1023 bytes.
    public static let maximumCredentialIDLength = 1023
    /// Far more than any authenticator writes (a P-256 key makes about 165 bytes; RSA-4096 under 600).
    public static let maximumLength = 4096

    public init(_ bytes: [UInt8]) throws(WebAuthnError) {
        guard bytes.count >= 37, bytes.count <= Self.maximumLength else { throw .malformed("authenticator data") }
        rpIDHash = Array(bytes[0..<32])
        flags = bytes[32]
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        var rest = bytes[37...]
        if flags & 0x40 != 0 {
            guard rest.count >= 18 else { throw .malformed("authenticator data") }
            let aaguid = Array(rest.prefix(16))
            let length = Int(rest[rest.startIndex + 16]) << 8 | Int(rest[rest.startIndex + 17])
            rest = rest.dropFirst(18)
            guard length > 0, length <= Self.maximumCredentialIDLength, length <= rest.count else { throw .malformed("credential id") }
            let id = Array(rest.prefix(length))
            rest = rest.dropFirst(length)
            guard let (key, used) = try? CBOR.decodePrefix(rest) else { throw .malformed("credential public key") }
            rest = rest.dropFirst(used)
            credential = AttestedCredential(aaguid: aaguid, id: id, publicKey: key)
        } else {
            credential = nil
        }
        if flags & 0x80 != 0 {
            // Extensions: one CBOR map, which we read only to know where it ends.
            guard let (extensions, used) = try? CBOR.decodePrefix(rest), case .map = extensions else { throw .malformed("extensions") }
            rest = rest.dropFirst(used)
        }
        guard rest.isEmpty else { throw .malformed("authenticator data") }
        // Backed up but not eligible for backup is a contradiction the spec tells us to refuse.
        guard backupEligible || !backedUp else { throw .malformed("backup flags") }
    }
}
