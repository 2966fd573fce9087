import Foundation
import Testing
@testable import SAML

/// Issue 38, SAML 2.0: a Response is accepted only when libxmlsec1 verifies the Assertion's own signature with the
/// configured certificate, and everything read is read from that signed Assertion. The fixtures are signed by signxml
/// (Fixtures/make_fixtures.py), not by us: one good Response and the known ways to forge one.
@Suite("SAML Responses")
struct ResponseCheckTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// 2026-11-26T12:01:00Z: a minute after the fixtures were issued.
    static let now = 1_795_694_460

    static func fixture(_ name: String) -> [UInt8] { Array(try! Data(contentsOf: fixtures.appendingPathComponent(name))) }
    static func text(_ name: String) -> String { String(decoding: fixture(name), as: UTF8.self) }

    static let check = ResponseCheck(serviceProviderEntityID: "https://resett.example/sso/saml/metadata",
                                     assertionConsumerURL: "https://resett.example/sso/saml/acs",
                                     identityProviderEntityID: "https://idp.uni.example.ac.uk/idp",
                                     certificates: [text("idp-certificate.pem")])

    @Test func aGoodResponseIsReadFromItsSignedAssertion() throws {
        let assertion = try Self.check.check(xml: Self.fixture("valid.xml"), now: Self.now)
        #expect(assertion.id == "_assertion1" && assertion.inResponseTo == "_request1")
        #expect(assertion.subject == "alex@uni.example.ac.uk" && assertion.email == "alex@uni.example.ac.uk")
        #expect(assertion.validUntil == 1_795_694_700 + 120)
        // As the HTTP-POST binding carries it: base64 in a form field.
        let encoded = Data(Self.fixture("valid.xml")).base64EncodedString()
        #expect(try Self.check.check(encoded: encoded, now: Self.now) == assertion)
    }

    @Test(arguments: [
        ("unsigned.xml", SAMLRejection.unsigned),
        ("other-key.xml", .badSignature),
        ("sha1.xml", .badSignature),
        ("wrapped.xml", .unsigned),
        ("wrapped-signature.xml", .badSignature),
        ("duplicate-id.xml", .malformed),
        ("two-assertions.xml", .notOneAssertion),
        ("xxe.xml", .malformed),
        ("expired.xml", .expired),
        ("not-yet.xml", .notYetValid),
        ("wrong-audience.xml", .wrongAudience),
        ("wrong-recipient.xml", .wrongRecipient),
        ("wrong-issuer.xml", .wrongIssuer),
        ("wrong-destination.xml", .wrongDestination),
        ("not-success.xml", .notSuccess),
        ("mismatched-request.xml", .unsolicited),
    ])
    func forgedOrStaleResponsesAreRefused(_ name: String, _ expected: SAMLRejection) {
        #expect(throws: expected, "\(name)") { try Self.check.check(xml: Self.fixture(name), now: Self.now) }
    }

    /// A NameID split by a comment is read whole: the signature covers "….evil.example", and so does what we read.
    @Test func aCommentInTheNameIDDoesNotShortenIt() throws {
        let assertion = try Self.check.check(xml: Self.fixture("comment.xml"), now: Self.now)
        #expect(assertion.subject == "alex@uni.example.ac.uk.evil.example")
    }

    /// The small skew allowed between clocks, and no more.
    @Test func timesAllowTwoMinutesOfSkewOnly() throws {
        #expect(throws: SAMLRejection.expired) { try Self.check.check(xml: Self.fixture("valid.xml"), now: 1_795_694_700 + 120) }
        _ = try Self.check.check(xml: Self.fixture("valid.xml"), now: 1_795_694_700 + 119)
        #expect(throws: SAMLRejection.notYetValid) { try Self.check.check(xml: Self.fixture("valid.xml"), now: 1_795_694_340 - 121) }
    }

    /// Only the configured certificate: a Response signed by the key in its own KeyInfo is not enough.
    @Test func onlyTheConfiguredCertificateCounts() {
        let other = ResponseCheck(serviceProviderEntityID: Self.check.serviceProviderEntityID, assertionConsumerURL: Self.check.assertionConsumerURL,
                                  identityProviderEntityID: Self.check.identityProviderEntityID, certificates: [Self.text("other-certificate.pem")])
        #expect(throws: SAMLRejection.badSignature) { try other.check(xml: Self.fixture("valid.xml"), now: Self.now) }
        let none = ResponseCheck(serviceProviderEntityID: Self.check.serviceProviderEntityID, assertionConsumerURL: Self.check.assertionConsumerURL,
                                 identityProviderEntityID: Self.check.identityProviderEntityID, certificates: ["not a certificate"])
        #expect(throws: SAMLRejection.badSignature) { try none.check(xml: Self.fixture("valid.xml"), now: Self.now) }
    }

    @Test func whatIsNotXMLIsMalformed() {
        for bytes in [[], Array("<".utf8), Array("not xml at all".utf8), [UInt8](repeating: 0x3c, count: 2_000_000)] {
            #expect(throws: SAMLRejection.malformed) { try Self.check.check(xml: bytes, now: Self.now) }
        }
        #expect(throws: SAMLRejection.malformed) { try Self.check.check(encoded: "%%%not base64", now: Self.now) }
    }
}

@Suite("SAML metadata and requests")
struct SAMLMetadataTests {
    @Test func anIdentityProvidersMetadataGivesItsEntityRedirectServiceAndCertificate() throws {
        let metadata = try IdentityProviderMetadata(xml: ResponseCheckTests.fixture("idp-metadata.xml"))
        #expect(metadata.entityID == "https://idp.uni.example.ac.uk/idp")
        #expect(metadata.singleSignOnURL == "https://idp.uni.example.ac.uk/idp/profile/SAML2/Redirect/SSO")
        #expect(metadata.signingCertificates == [ResponseCheckTests.text("idp-certificate.pem")])
        // The certificate read from metadata verifies the IdP's Response.
        let check = ResponseCheck(serviceProviderEntityID: "https://resett.example/sso/saml/metadata", assertionConsumerURL: "https://resett.example/sso/saml/acs",
                                  identityProviderEntityID: metadata.entityID, certificates: metadata.signingCertificates)
        #expect(try check.check(xml: ResponseCheckTests.fixture("valid.xml"), now: ResponseCheckTests.now).subject == "alex@uni.example.ac.uk")
    }

    @Test func metadataThatIsNotAnIdentityProvidersIsRefused() {
        let good = ResponseCheckTests.text("idp-metadata.xml")
        #expect(throws: IdentityProviderMetadata.Problem.notXML) { try IdentityProviderMetadata(xml: Array("<md:EntityDescriptor".utf8)) }
        #expect(throws: IdentityProviderMetadata.Problem.notXML) {
            try IdentityProviderMetadata(xml: Array(good.replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>").utf8))
        }
        #expect(throws: IdentityProviderMetadata.Problem.notAnIdentityProvider) {
            try IdentityProviderMetadata(xml: Array(good.replacingOccurrences(of: "IDPSSODescriptor", with: "SPSSODescriptor").utf8))
        }
        #expect(throws: IdentityProviderMetadata.Problem.noRedirectSignOn) {
            try IdentityProviderMetadata(xml: Array(good.replacingOccurrences(of: "https://idp.uni.example.ac.uk/idp/profile/SAML2/Redirect", with: "http://idp.uni.example.ac.uk/x").utf8))
        }
        #expect(throws: IdentityProviderMetadata.Problem.noSigningCertificate) {
            try IdentityProviderMetadata(xml: Array(good.replacingOccurrences(of: "use=\"signing\"", with: "use=\"encryption\"").utf8))
        }
    }

    @Test func theRequestGoesByRedirectDeflatedWithItsID() throws {
        let request = AuthnRequest(id: "_abc", issueInstant: ResponseCheckTests.now, destination: "https://idp.uni.example.ac.uk/sso",
                                   assertionConsumerURL: "https://resett.example/sso/saml/acs", serviceProviderEntityID: "https://resett.example/sso/saml/metadata")
        #expect(request.xml.contains("ID=\"_abc\"") && request.xml.contains("IssueInstant=\"2026-11-26T12:01:00Z\""))
        let url = try #require(request.redirectURL(to: "https://idp.uni.example.ac.uk/sso?x=1", relayState: "r&1"))
        let items = try #require(URLComponents(string: url)?.queryItems)
        #expect(items.first?.name == "x" && items.contains(URLQueryItem(name: "RelayState", value: "r&1")))
        #expect(try #require(items.first { $0.name == "SAMLRequest" }?.value).count > 100)
        #expect(AuthnRequest.newID().hasPrefix("_") && AuthnRequest.newID().count == 33)
        let metadata = ServiceProviderMetadata.xml(entityID: "https://r.example/m?a=1&b=2", assertionConsumerURL: "https://r.example/acs")
        #expect(metadata.contains("entityID=\"https://r.example/m?a=1&amp;b=2\"") && metadata.contains("WantAssertionsSigned=\"true\""))
    }
}
