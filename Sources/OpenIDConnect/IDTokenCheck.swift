import Cryptography
import Foundation
import JWTKit
import Outbound

/// Why an ID token was not accepted. Each is a separate case so the tests can prove each is caught, and so the log
/// can say which without saying anything about the person.
public enum IDTokenRejection: Error, Equatable, Sendable {
    case malformed
    /// `none`, an HMAC algorithm (a shared secret is not a provider's signature) or one we do not know.
    case algorithmNotAllowed
    /// No key in the provider's set has the token's `kid`, even after fetching the set again.
    case unknownKey
    case badSignature
    case wrongIssuer
    case wrongAudience
    case expired
    /// `iat` in the future, or so far in the past that the token is not from this sign-in.
    case issuedAtOutOfRange
    case wrongNonce
    case missingSubject
}

/// What a verified ID token says about the person.
public struct IDTokenClaims: Sendable, Equatable {
    public let subject: String
    public let email: String?
    /// nil when the provider does not say (Microsoft Entra ID sends no `email_verified`).
    public let emailVerified: Bool?
}

/// Checks an ID token as OpenID Connect Core §3.1.3.7 asks: the signature against the provider's key with the
/// token's `kid` (by vapor/jwt-kit; no cryptography is written here), then `iss`, `aud` (and `azp`), `exp`, `iat`
/// and `nonce`.
public struct IDTokenCheck: Sendable {
    public let issuer: String
    public let clientID: String
    public let nonce: String
    public let now: Int
    /// Clock difference allowed between the provider and us.
    public let leeway: Int
    /// How old an ID token may be when it arrives.
    public let maximumAge: Int

    public init(issuer: String, clientID: String, nonce: String, now: Int, leeway: Int = 60, maximumAge: Int = 600) {
        self.issuer = issuer
        self.clientID = clientID
        self.nonce = nonce
        self.now = now
        self.leeway = leeway
        self.maximumAge = maximumAge
    }

    /// Asymmetric algorithms only, with the key type each needs.
    static let allowedAlgorithms: [String: String] = [
        "RS256": "RSA", "RS384": "RSA", "RS512": "RSA", "PS256": "RSA", "PS384": "RSA", "PS512": "RSA",
        "ES256": "EC", "ES384": "EC", "ES512": "EC", "EdDSA": "OKP",
    ]

    /// The token's header, read before anything is trusted: which algorithm and which key.
    public static func header(of token: String) throws(IDTokenRejection) -> (algorithm: String, keyID: String?) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Base64URL.decode(String(parts[0])),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let algorithm = object["alg"] as? String else { throw .malformed }
        return (algorithm, object["kid"] as? String)
    }

    /// The key in `jwks` (a JWK Set's JSON) that may verify a token with this header: nil if there is none.
    public static func key(in jwks: [UInt8], algorithm: String, keyID: String?) -> [String: Any]? {
        guard let keyType = allowedAlgorithms[algorithm],
              let object = (try? JSONSerialization.jsonObject(with: Data(jwks))) as? [String: Any],
              let keys = object["keys"] as? [[String: Any]] else { return nil }
        let usable = keys.filter { key in
            key["kty"] as? String == keyType && (key["use"] == nil || key["use"] as? String == "sig")
                && (key["alg"] == nil || key["alg"] as? String == algorithm)
        }
        if let keyID { return usable.first { $0["kid"] as? String == keyID } }
        return usable.count == 1 ? usable[0] : nil  // no kid: only a set with one candidate is unambiguous
    }

    /// Verifies `token` with `key` (from `key(in:…)`), then checks its claims.
    public func claims(of token: String, key: [String: Any]) throws(IDTokenRejection) -> IDTokenClaims {
        let header = try Self.header(of: token)
        guard Self.allowedAlgorithms[header.algorithm] != nil else { throw .algorithmNotAllowed }
        var named = key
        if named["kid"] == nil { named["kid"] = "only" }  // jwt-kit files keys by kid
        guard let keyJSON = try? JSONSerialization.data(withJSONObject: named),
              let jwk = try? JSONDecoder().decode(JWK.self, from: keyJSON) else { throw .unknownKey }
        let payload: IDTokenPayload
        do {
            payload = try AsyncWork.wait {
                let keys = JWTKeyCollection()
                try await keys.add(jwk: jwk, isDefault: true)
                return try await keys.verify(token, as: IDTokenPayload.self)
            }
        } catch let error as JWTError where error.errorType == .malformedToken || error.errorType == .invalidHeaderField {
            throw .malformed
        } catch let error as JWTError where error.errorType == .unknownKID || error.errorType == .invalidJWK {
            throw .unknownKey
        } catch is DecodingError {
            throw .malformed
        } catch {
            throw .badSignature
        }
        guard payload.iss == issuer else { throw .wrongIssuer }
        guard let audience = payload.aud?.values, audience.contains(clientID) else { throw .wrongAudience }
        if let azp = payload.azp, azp != clientID { throw .wrongAudience }
        if audience.count > 1, payload.azp == nil { throw .wrongAudience }
        guard let expiry = payload.exp, expiry.isFinite, Double(now - leeway) < expiry else { throw .expired }
        guard let issuedAt = payload.iat, issuedAt.isFinite, issuedAt <= Double(now + leeway),
              issuedAt >= Double(now - maximumAge - leeway) else { throw .issuedAtOutOfRange }
        guard let tokenNonce = payload.nonce, Self.constantTimeEqual(tokenNonce, nonce) else { throw .wrongNonce }
        guard let subject = payload.sub, (1...255).contains(subject.utf8.count) else { throw .missingSubject }
        return IDTokenClaims(subject: subject, email: payload.email, emailVerified: payload.email_verified?.value)
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// The claims read from an ID token; every one optional so a missing claim is our rejection, not a decoding error.
struct IDTokenPayload: JWTPayload {
    let iss: String?
    let sub: String?
    let aud: Audience?
    let azp: String?
    let exp: Double?
    let iat: Double?
    let nonce: String?
    let email: String?
    let email_verified: LenientBool?

    /// Claims are checked by `IDTokenCheck` itself, each with its own rejection.
    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// `aud` is a string or an array of strings.
    struct Audience: Codable, Sendable {
        let values: [String]
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) { values = [one] } else { values = try container.decode([String].self) }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(values)
        }
    }

    /// Some providers send `email_verified` as the string "true".
    struct LenientBool: Codable, Sendable {
        let value: Bool
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) { value = flag } else { value = try container.decode(String.self) == "true" }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}
