import Cryptography
import Foundation
import OpenIDConnect

/// What the browser's `PublicKeyCredential` sends back, as our script posts it (its `toJSON()` form: byte fields in
/// base64url). Read with its size bounded first; every byte field decoded and bounded before WebAuthn reads it.
public struct PasskeyResponse: Sendable, Equatable {
    public let credentialID: [UInt8]
    public let clientDataJSON: [UInt8]
    /// Registration only.
    public let attestationObject: [UInt8]?
    /// Sign-in and unlocking only.
    public let authenticatorData: [UInt8]?
    public let signature: [UInt8]?
    public let userHandle: [UInt8]?

    /// Far more than any credential's JSON (an RSA-4096 registration is under 2 KB); the form's field is cut here.
    public static let maximumLength = 16_384

    private struct Wire: Decodable {
        let id: String
        let rawId: String?
        let type: String
        let response: Response
        struct Response: Decodable {
            let clientDataJSON: String
            let attestationObject: String?
            let authenticatorData: String?
            let signature: String?
            let userHandle: String?
        }
    }

    /// nil for anything that is not a public-key credential's JSON within the bounds.
    public init?(json: String) {
        guard !json.isEmpty, json.utf8.count <= Self.maximumLength,
              let wire = try? JSONDecoder().decode(Wire.self, from: Data(json.utf8)), wire.type == "public-key",
              let id = Self.bytes(wire.id, limit: 1023), wire.rawId.map({ $0 == wire.id }) ?? true,
              let clientData = Self.bytes(wire.response.clientDataJSON, limit: 4096) else { return nil }
        credentialID = id
        clientDataJSON = clientData
        attestationObject = wire.response.attestationObject.flatMap { Self.bytes($0, limit: 8192) }
        authenticatorData = wire.response.authenticatorData.flatMap { Self.bytes($0, limit: 4096) }
        signature = wire.response.signature.flatMap { Self.bytes($0, limit: 1024) }
        userHandle = wire.response.userHandle.flatMap { $0.isEmpty ? nil : Self.bytes($0, limit: 64) }
    }

    static func bytes(_ text: String, limit: Int) -> [UInt8]? {
        guard let data = Base64URL.decode(text), !data.isEmpty, data.count <= limit else { return nil }
        return Array(data)
    }

    public var credentialIDText: String { Base64URL.encode(credentialID) }
}
