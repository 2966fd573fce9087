import Cryptography

/// One tenant's side of WebAuthn: its RP ID (the host its members use) and the origin their browsers must name.
/// Checks a registration (§7.1) and an assertion (§7.2); the caller keeps the challenges and the credentials.
public struct RelyingParty: Sendable {
    public let id: String
    public let origin: String

    public init(id: String, origin: String) {
        self.id = id
        self.origin = origin
    }

    /// What a registration leaves to keep.
    public struct NewCredential: Sendable, Equatable {
        public let id: [UInt8]
        public let publicKey: COSEKey
        public let signCount: UInt32
        public let backupEligible: Bool
        public let backedUp: Bool
    }

    /// Checks a new credential's client data and attestation object, which must use attestation format "none"
    /// (we ask for none: a person's passkey is theirs, and which make it is tells us nothing we need).
    public func register(clientDataJSON: [UInt8], attestationObject: [UInt8], challenge: [UInt8]) throws(WebAuthnError) -> NewCredential {
        try ClientData.read(clientDataJSON).check(type: "webauthn.create", challenge: challenge, origin: origin)
        guard attestationObject.count <= AuthenticatorData.maximumLength + 512,
              let object = try? CBOR.decode(attestationObject) else { throw .malformed("attestation object") }
        guard let format = object["fmt"]?.string, let authData = object["authData"]?.byteString,
              case .map(let statement)? = object["attStmt"] else { throw .malformed("attestation object") }
        guard format == "none", statement.isEmpty else { throw .unsupportedAttestation }
        let data = try AuthenticatorData(authData)
        try checkCommon(data)
        guard let credential = data.credential else { throw .malformed("credential") }
        let key: COSEKey
        do { key = try COSEKey(credential.publicKey) } catch .unsupportedAlgorithm { throw .unsupportedAlgorithm } catch { throw .malformed("credential public key") }
        return NewCredential(id: credential.id, publicKey: key, signCount: data.signCount, backupEligible: data.backupEligible,
                             backedUp: data.backedUp)
    }

    /// A credential as kept, for checking an assertion with it.
    public struct KnownCredential: Sendable {
        public let publicKey: COSEKey
        public let signCount: UInt32
        public let backupEligible: Bool

        public init(publicKey: COSEKey, signCount: UInt32, backupEligible: Bool) {
            self.publicKey = publicKey
            self.signCount = signCount
            self.backupEligible = backupEligible
        }
    }

    /// What a good assertion changes: the counter to keep and whether the passkey is now backed up.
    public struct Assertion: Sendable, Equatable {
        public let signCount: UInt32
        public let backedUp: Bool
    }

    public func authenticate(clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8], challenge: [UInt8],
                             credential: KnownCredential) throws(WebAuthnError) -> Assertion {
        try ClientData.read(clientDataJSON).check(type: "webauthn.get", challenge: challenge, origin: origin)
        let data = try AuthenticatorData(authenticatorData)
        try checkCommon(data)
        guard data.backupEligible == credential.backupEligible else { throw .backupEligibilityChanged }
        let signed = authenticatorData + Digest.sha256(clientDataJSON)
        guard SignatureCheck.verify(credential.publicKey, message: signed, signature: signature) else { throw .badSignature }
        // Authenticators that keep no counter send 0 every time (passkeys that sync do); one that keeps one must go up.
        if data.signCount != 0 || credential.signCount != 0, data.signCount <= credential.signCount { throw .counterNotIncreased }
        return Assertion(signCount: data.signCount, backedUp: data.backedUp)
    }

    private func checkCommon(_ data: AuthenticatorData) throws(WebAuthnError) {
        guard ConstantTime.equal(data.rpIDHash, Digest.sha256(Array(id.utf8))) else { throw .wrongRelyingParty }
        guard data.userPresent else { throw .userNotPresent }
        guard data.userVerified else { throw .userNotVerified }
    }
}
