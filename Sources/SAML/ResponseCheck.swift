import Foundation

/// Why a SAML Response was not accepted: one case each, so the tests can show each is caught and the log can say which
/// without saying anything about the person.
public enum SAMLRejection: Error, Equatable, Sendable {
    /// Not XML we read: malformed, a DOCTYPE (DTDs and entities are never read), duplicate IDs, too large.
    case malformed
    case notSuccess
    case wrongDestination
    /// Not exactly one plain Assertion (an encrypted one is not taken either).
    case notOneAssertion
    /// The Assertion carries no signature of its own.
    case unsigned
    /// The signature does not verify with the configured certificate, uses an algorithm we do not take, or is not
    /// over exactly the Assertion we read.
    case badSignature
    case wrongIssuer
    case wrongAudience
    case wrongRecipient
    case expired
    case notYetValid
    /// Not a reply to a request of ours (no InResponseTo, or it differs between the Response and the Assertion).
    case unsolicited
    case noSubject
}

/// What a verified Assertion says about the person, and what single use needs.
public struct SAMLAssertion: Sendable, Equatable {
    /// The Assertion's ID: never accepted twice.
    public let id: String
    /// The request it answers (our AuthnRequest's ID): it must be one we made, and it is spent.
    public let inResponseTo: String
    /// The NameID: the IdP's name for the person.
    public let subject: String
    /// An email attribute, when the IdP sends one (`mail`, `email`, the LDAP OID for mail or its older MACE name).
    public let email: String?
    /// Until when the Assertion's ID must be remembered.
    public let validUntil: Int
}

/// Checks a Response received at our Assertion Consumer Service (HTTP-POST binding), in full: libxmlsec1 verifies the
/// Assertion's own signature with the identity provider's configured certificate only, and everything read afterwards
/// is read from that same signed element (signature wrapping finds nothing to swap); then issuer, audience, recipient,
/// destination, times (with a small skew) and the request it answers.
public struct ResponseCheck: Sendable {
    public let serviceProviderEntityID: String
    public let assertionConsumerURL: String
    public let identityProviderEntityID: String
    public let certificates: [String]
    /// Seconds of clock difference allowed between us and the identity provider.
    public let skew: Int

    public init(serviceProviderEntityID: String, assertionConsumerURL: String, identityProviderEntityID: String, certificates: [String],
                skew: Int = 120) {
        self.serviceProviderEntityID = serviceProviderEntityID
        self.assertionConsumerURL = assertionConsumerURL
        self.identityProviderEntityID = identityProviderEntityID
        self.certificates = certificates
        self.skew = max(0, min(skew, 300))
    }

    /// `encoded` is the form's `SAMLResponse` (base64).
    public func check(encoded: String, now: Int) throws(SAMLRejection) -> SAMLAssertion {
        guard encoded.utf8.count <= 1_400_000, let bytes = Data(base64Encoded: encoded.filter { !$0.isWhitespace }) else { throw .malformed }
        return try check(xml: Array(bytes), now: now)
    }

    public func check(xml: [UInt8], now: Int) throws(SAMLRejection) -> SAMLAssertion {
        guard let document = SAMLXML(xml) else { throw .malformed }
        let response = document.root
        guard response.is("Response", in: .protocol_) else { throw .malformed }
        guard response.attribute("Destination") == assertionConsumerURL else { throw .wrongDestination }
        guard response.child("Status", in: .protocol_)?.child("StatusCode", in: .protocol_)?.attribute("Value")
                == "urn:oasis:names:tc:SAML:2.0:status:Success" else { throw .notSuccess }
        let assertions = response.children.filter { $0.namespace == SAMLElement.Namespace.assertion.rawValue
            && ($0.name == "Assertion" || $0.name == "EncryptedAssertion") }
        guard assertions.count == 1, let assertion = assertions.first, assertion.name == "Assertion" else { throw .notOneAssertion }

        // The signature first: nothing in the Assertion is believed until it verifies over this very element.
        guard let signature = assertion.child("Signature", in: .signature) else { throw .unsigned }
        guard certificates.contains(where: { document.verifies(signature, over: assertion, certificate: $0) }) else { throw .badSignature }

        guard assertion.child("Issuer", in: .assertion)?.text == identityProviderEntityID else { throw .wrongIssuer }
        if let issuer = response.child("Issuer", in: .assertion), issuer.text != identityProviderEntityID { throw .wrongIssuer }
        guard let id = assertion.attribute("ID"), (1...200).contains(id.utf8.count) else { throw .malformed }

        // Conditions: the window and our audience.
        guard let conditions = assertion.child("Conditions", in: .assertion) else { throw .wrongAudience }
        if let notBefore = conditions.attribute("NotBefore") {
            guard let time = SAMLTime.seconds(notBefore) else { throw .malformed }
            guard now + skew >= time else { throw .notYetValid }
        }
        guard let notOnOrAfterText = conditions.attribute("NotOnOrAfter"), let notOnOrAfter = SAMLTime.seconds(notOnOrAfterText) else { throw .expired }
        guard now - skew < notOnOrAfter else { throw .expired }
        let audiences = conditions.children("AudienceRestriction", in: .assertion)
        guard !audiences.isEmpty, audiences.allSatisfy({ restriction in
            restriction.children("Audience", in: .assertion).contains { $0.text == serviceProviderEntityID }
        }) else { throw .wrongAudience }

        // The subject, confirmed for us by bearer: to our ACS, in answer to our request, in time.
        guard let subject = assertion.child("Subject", in: .assertion), let nameID = subject.child("NameID", in: .assertion)?.text,
              (1...255).contains(nameID.utf8.count) else { throw .noSubject }
        let confirmations = subject.children("SubjectConfirmation", in: .assertion)
            .filter { $0.attribute("Method") == "urn:oasis:names:tc:SAML:2.0:cm:bearer" }
            .compactMap { $0.child("SubjectConfirmationData", in: .assertion) }
        guard let confirmation = confirmations.first(where: { $0.attribute("Recipient") == assertionConsumerURL }) else { throw .wrongRecipient }
        guard let confirmedUntil = SAMLTime.seconds(confirmation.attribute("NotOnOrAfter")), now - skew < confirmedUntil else { throw .expired }
        guard let inResponseTo = confirmation.attribute("InResponseTo"), (1...200).contains(inResponseTo.utf8.count),
              response.attribute("InResponseTo") == inResponseTo else { throw .unsolicited }

        return SAMLAssertion(id: id, inResponseTo: inResponseTo, subject: nameID, email: Self.email(in: assertion),
                             validUntil: max(notOnOrAfter, confirmedUntil) + skew)
    }

    static let emailAttributes: Set<String> = ["mail", "email", "emailaddress", "urn:oid:0.9.2342.19200300.100.1.3", "urn:mace:dir:attribute-def:mail",
                                               "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress"]

    static func email(in assertion: SAMLElement) -> String? {
        for statement in assertion.children("AttributeStatement", in: .assertion) {
            for attribute in statement.children("Attribute", in: .assertion)
            where emailAttributes.contains((attribute.attribute("Name") ?? "").lowercased()) {
                if let value = attribute.children("AttributeValue", in: .assertion).first?.text, (3...254).contains(value.utf8.count) {
                    return value
                }
            }
        }
        return nil
    }
}
