import Cryptography
import CCrypto
import Foundation
import OpenIDConnect

/// A passkey held in memory, for the journeys over sockets: a P-256 key from libcrypto, and the bytes a browser and
/// its authenticator would send, written from WebAuthn's definitions (not from our server's code). The independent
/// client is python-fido2 in Tests/Browser; this one lets the Swift suites make passkeys the way people do.
final class SoftwareAuthenticator {
    let rpID: String
    let origin: String
    let credentialID: [UInt8]
    var counter: UInt32 = 0
    var userHandle: [UInt8] = []
    /// Flags for what it reports: user present and verified, eligible for backup and backed up (a synced passkey).
    var flags: UInt8 = 0x1d
    private let key: OpaquePointer

    init(rpID: String = "localhost", origin: String = "http://localhost") {
        self.rpID = rpID
        self.origin = origin
        credentialID = (0..<16).map { _ in UInt8.random(in: 0...255) }
        let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil)!
        defer { EVP_PKEY_CTX_free(context) }
        var made: OpaquePointer?
        precondition(EVP_PKEY_keygen_init(context) == 1 && EVP_PKEY_CTX_set_group_name(context, "P-256") == 1
                     && EVP_PKEY_keygen(context, &made) == 1)
        key = made!
    }

    deinit { EVP_PKEY_free(key) }

    /// SubjectPublicKeyInfo: its last 64 bytes are x and y.
    var subjectPublicKeyInfo: [UInt8] {
        var pointer: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(key, &pointer)
        defer { CRYPTO_free(pointer, #file, #line) }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(length)))
    }

    /// The COSE_Key (RFC 9052): {1: 2, 3: -7, -1: 1, -2: x, -3: y}.
    var coseKey: [UInt8] {
        let spki = subjectPublicKeyInfo
        let x = Array(spki[spki.count - 64..<spki.count - 32]), y = Array(spki.suffix(32))
        return [0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20] + x + [0x22, 0x58, 0x20] + y
    }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        _ = SHA256(bytes, bytes.count, &digest)
        return digest
    }

    func clientData(_ type: String, challenge: String, origin: String? = nil) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(challenge)","origin":"\#(origin ?? self.origin)","crossOrigin":false}"#.utf8)
    }

    func authenticatorData(attested: Bool, rpID: String? = nil) -> [UInt8] {
        var data = Self.sha256(Array((rpID ?? self.rpID).utf8)) + [flags | (attested ? 0x40 : 0)]
        data += withUnsafeBytes(of: counter.bigEndian, Array.init)
        if attested {
            data += [UInt8](repeating: 0, count: 16) + [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xff)] + credentialID + coseKey
        }
        return data
    }

    /// `navigator.credentials.create()`'s answer as our script posts it, for the options' challenge.
    func register(challenge: String, origin: String? = nil) -> String {
        let authData = authenticatorData(attested: true)
        // {"fmt": "none", "attStmt": {}, "authData": bytes}
        let attestation: [UInt8] = [0xa3, 0x63] + Array("fmt".utf8) + [0x64] + Array("none".utf8) + [0x67] + Array("attStmt".utf8) + [0xa0]
            + [0x68] + Array("authData".utf8) + [0x59, UInt8(authData.count >> 8), UInt8(authData.count & 0xff)] + authData
        return json(["clientDataJSON": clientData("webauthn.create", challenge: challenge, origin: origin), "attestationObject": attestation])
    }

    /// `navigator.credentials.get()`'s answer, signed; the counter goes up first, as a real authenticator's does.
    func assert(challenge: String, origin: String? = nil, rpID: String? = nil, countUp: Bool = true) -> String {
        if countUp { counter += 1 }
        let client = clientData("webauthn.get", challenge: challenge, origin: origin)
        let authData = authenticatorData(attested: false, rpID: rpID)
        return json(["clientDataJSON": client, "authenticatorData": authData, "signature": sign(authData + Self.sha256(client)),
                     "userHandle": userHandle])
    }

    private func sign(_ message: [UInt8]) -> [UInt8] {
        let context = EVP_MD_CTX_new()!
        defer { EVP_MD_CTX_free(context) }
        precondition(EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1)
        var length = 0
        precondition(EVP_DigestSign(context, nil, &length, message, message.count) == 1)
        var signature = [UInt8](repeating: 0, count: length)
        precondition(EVP_DigestSign(context, &signature, &length, message, message.count) == 1)
        return Array(signature.prefix(length))
    }

    private func json(_ response: [String: [UInt8]]) -> String {
        let id = Base64URL.encode(credentialID)
        let fields = response.filter { !$0.value.isEmpty }.map { "\"\($0.key)\":\"\(Base64URL.encode($0.value))\"" }.sorted()
        return #"{"id":"\#(id)","rawId":"\#(id)","type":"public-key","response":{\#(fields.joined(separator: ","))}}"#
    }
}

extension Browser {
    /// The `publicKey` object of a passkey options answer, and its challenge (nil when the answer is not one).
    static func passkeyOptions(_ answer: RawClient.Answer) -> (json: [String: Any], challenge: String)? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any],
              let publicKey = object["publicKey"] as? [String: Any], let challenge = publicKey["challenge"] as? String else { return nil }
        return (publicKey, challenge)
    }

    /// Adds a passkey held by `authenticator` from the security page, as its script does: options, then the credential.
    func addPasskey(_ authenticator: SoftwareAuthenticator, name: String = "") throws -> RawClient.Answer {
        guard let (_, challenge) = Self.passkeyOptions(try post("/account/passkeys/options", [])) else {
            throw JourneyFailure.noLink("no passkey options")
        }
        return try post("/account/passkeys", [("name", name), ("credential", authenticator.register(challenge: challenge))])
    }
}
