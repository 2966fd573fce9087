import Foundation
import Testing
import Cryptography
@testable import WebAuthn

/// WebAuthn's checks against examples other people published from real authenticators (they were not made by our
/// code): an ES256 assertion from passport-webauthn's tests (a security key, UP only) and a passkey's COSE key with
/// its SubjectPublicKeyInfo and authenticator data from Corbado's passkeys cheat sheet. The full round trip, with
/// keys we do not hold, is Tests/Browser/test_passkeys_client.py (python-fido2) and the Chromium journey.
@Suite("WebAuthn: CBOR, authenticator data, COSE keys, signatures")
struct WebAuthnTests {
    static func bytes(_ base64url: String) -> [UInt8] {
        var text = base64url.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return Array(Data(base64Encoded: text)!)
    }

    // passport-webauthn, test/strategy.test.js: an assertion for RP ID "localhost", origin http://localhost:3000.
    static let passportKey = bytes("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE/6j9N8S3dBWutrvVJBB3MrU5uipVD8+rZ0GboVEJMPT3HZmICG/06CAPSqcDchP+qLa0N8Tvp9FSmguCnvLtZg==")
    static let passportAuthData = bytes("SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MBAAAANw")
    static let passportSignature = bytes("MEYCIQDfGFxZvtHzGZUzfgxIjD4BaF1YF8BKOSGwk-rVkydv3wIhAOZn4lufNS5zptLpfHf-6YPcauXW5MJW_UVnVIHvPzGD")
    static let passportClientData = bytes("eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiTlRZM09BIiwib3JpZ2luIjoiaHR0cDovL2xvY2FsaG9zdDozMDAwIiwiY3Jvc3NPcmlnaW4iOmZhbHNlLCJvdGhlcl9rZXlzX2Nhbl9iZV9hZGRlZF9oZXJlIjoiZG8gbm90IGNvbXBhcmUgY2xpZW50RGF0YUpTT04gYWdhaW5zdCBhIHRlbXBsYXRlLiBTZWUgaHR0cHM6Ly9nb28uZ2wveWFiUGV4In0")
    static let passportCredential = RelyingParty.KnownCredential(
        publicKey: COSEKey(algorithm: .es256, subjectPublicKeyInfo: passportKey), signCount: 0, backupEligible: false)

    // Corbado, "passkeys cheat sheet" §2.3: a passkey's COSE key, its SPKI, and the registration's authenticator data.
    static let corbadoCOSE = bytes("pQECAyYgASFYIPWLalDzyxIDmAADvfK8iNM5To50kh7TyPH-teEz8RMdIlgg3D7bPIWQJ8z-WFn3zdYZzJw9c7mhPdmflQqD9vV7efA")
    static let corbadoSPKI = bytes("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE9YtqUPPLEgOYAAO98ryI0zlOjnSSHtPI8f614TPxEx3cPts8hZAnzP5YWffN1hnMnD1zuaE92Z-VCoP29Xt58A")
    static let corbadoAuthData = bytes("PpZrl-Wqt-OFfBpyy2SraN1m7LT0GZORwGA7-6ujYkNdAAAAAPv8MAcVTk7MjAtuAgVX170AFCSmW4sVHyjf2mbYpnn2E_jox-XcpQECAyYgASFYIPWLalDzyxIDmAADvfK8iNM5To50kh7TyPH-teEz8RMdIlgg3D7bPIWQJ8z-WFn3zdYZzJw9c7mhPdmflQqD9vV7efA")

    @Test func aPublishedES256SignatureVerifiesAndAChangedByteDoesNot() {
        let signed = Self.passportAuthData + Digest.sha256(Self.passportClientData)
        let key = Self.passportCredential.publicKey
        #expect(SignatureCheck.verify(key, message: signed, signature: Self.passportSignature))
        var tampered = signed
        tampered[33] ^= 0x01
        #expect(!SignatureCheck.verify(key, message: tampered, signature: Self.passportSignature))
        var badSignature = Self.passportSignature
        badSignature[10] ^= 0x01
        #expect(!SignatureCheck.verify(key, message: signed, signature: badSignature))
        #expect(!SignatureCheck.verify(key, message: signed, signature: []))
        #expect(!SignatureCheck.verify(COSEKey(algorithm: .es256, subjectPublicKeyInfo: [0x30, 0x00]), message: signed,
                                       signature: Self.passportSignature))
    }

    @Test func thatAssertionPassesEveryCheckButUserVerification() {
        let rp = RelyingParty(id: "localhost", origin: "http://localhost:3000")
        let challenge = Array("5678".utf8) // "NTY3OA"
        func attempt(_ rp: RelyingParty, challenge: [UInt8] = challenge) -> WebAuthnError? {
            do {
                _ = try rp.authenticate(clientDataJSON: Self.passportClientData, authenticatorData: Self.passportAuthData,
                                        signature: Self.passportSignature, challenge: challenge, credential: Self.passportCredential)
                return nil
            } catch { return error }
        }
        // A security key touched but not unlocked: we require user verification, so it is refused for that alone.
        #expect(attempt(rp) == .userNotVerified)
        #expect(attempt(rp, challenge: Array("5679".utf8)) == .wrongChallenge)
        #expect(attempt(RelyingParty(id: "localhost", origin: "https://localhost:3000")) == .wrongOrigin)
        #expect(attempt(RelyingParty(id: "example.com", origin: "http://localhost:3000")) == .wrongRelyingParty)
    }

    @Test func aPasskeysCOSEKeyBecomesItsPublishedSubjectPublicKeyInfo() throws {
        let key = try COSEKey(try CBOR.decode(Self.corbadoCOSE))
        #expect(key.algorithm == .es256)
        #expect(key.subjectPublicKeyInfo == Self.corbadoSPKI)
    }

    @Test func registrationAuthenticatorDataIsReadWithItsFlagsAndCredential() throws {
        let data = try AuthenticatorData(Self.corbadoAuthData)
        #expect(data.userPresent && data.userVerified && data.backupEligible && data.backedUp)
        #expect(data.signCount == 0)
        #expect(data.credential?.id.count == 20)
        #expect(data.credential?.publicKey == (try CBOR.decode(Self.corbadoCOSE)))
        // One byte more, one byte fewer, or a credential id longer than what follows: refused, never read past the end.
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(Self.corbadoAuthData + [0]) }
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(Array(Self.corbadoAuthData.dropLast())) }
        var longID = Self.corbadoAuthData
        longID[53] = 0xff
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(longID) }
        // Backed up without being eligible is a contradiction.
        var contradiction = Self.corbadoAuthData
        contradiction[32] = 0x55
        #expect(throws: WebAuthnError.malformed("backup flags")) { try AuthenticatorData(contradiction) }
    }

    @Test func hostileCBORIsRefusedBeforeAnythingIsAllocated() throws {
        // A byte string claiming 2^63 bytes, an array claiming 2^32 items, nesting 100 deep, indefinite lengths, tags.
        let hostile: [[UInt8]] = [
            [0x5b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
            [0x9a, 0xff, 0xff, 0xff, 0xff],
            [UInt8](repeating: 0x81, count: 100) + [0x00],
            [0x5f, 0x41, 0x00, 0xff],
            [0xc0, 0x00],
            [0x63, 0xff, 0xfe, 0xfd],
            [0xa1, 0x01],
            [],
        ]
        for input in hostile { #expect(throws: CBOR.DecodingError.self) { try CBOR.decode(input) } }
        #expect(throws: CBOR.DecodingError.trailingBytes) { try CBOR.decode([0x01, 0x02]) }
        #expect(try CBOR.decode([0xa2, 0x01, 0x02, 0x20, 0x41, 0x07]) == .map([(.unsigned(1), .unsigned(2)), (.negative(0), .bytes([7]))]))
    }

    @Test func coseKeysOfOtherKindsOrSizesAreRefused() throws {
        // EdDSA (alg -8) is not one we accept; nor P-256 with a short coordinate; nor RSA under 2048 bits.
        let eddsa = CBOR.map([(.integer(1), .integer(1)), (.integer(3), .integer(-8))])
        #expect(throws: COSEKey.Problem.unsupportedAlgorithm) { try COSEKey(eddsa) }
        let shortX = CBOR.map([(.integer(1), .integer(2)), (.integer(3), .integer(-7)), (.integer(-1), .integer(1)),
                               (.integer(-2), .bytes([UInt8](repeating: 1, count: 31))), (.integer(-3), .bytes([UInt8](repeating: 1, count: 32)))])
        #expect(throws: COSEKey.Problem.malformed) { try COSEKey(shortX) }
        let smallRSA = CBOR.map([(.integer(1), .integer(3)), (.integer(3), .integer(-257)),
                                 (.integer(-1), .bytes([UInt8](repeating: 0xc1, count: 128))), (.integer(-2), .bytes([1, 0, 1]))])
        #expect(throws: COSEKey.Problem.malformed) { try COSEKey(smallRSA) }
        let rsa = CBOR.map([(.integer(1), .integer(3)), (.integer(3), .integer(-257)),
                            (.integer(-1), .bytes([UInt8](repeating: 0xc1, count: 256))), (.integer(-2), .bytes([1, 0, 1]))])
        let key = try COSEKey(rsa)
        // SEQUENCE, long length of two bytes, then the rsaEncryption identifier; the modulus gains its leading zero.
        #expect(Array(key.subjectPublicKeyInfo.prefix(4)) == [0x30, 0x82, 0x01, 0x22])
        #expect(key.subjectPublicKeyInfo.count == 294)
    }
}
