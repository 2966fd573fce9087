import CZlib
import Cryptography
import Foundation

/// Our AuthnRequest (SAML Core §3.4.1) and where it goes by the HTTP-Redirect binding (Bindings §3.4): the XML, raw
/// DEFLATE, base64, into the identity provider's sign-on URL with a RelayState. Unsigned: our metadata says so, and the
/// Response is what is checked; its InResponseTo must name this request's ID, which we keep and spend once.
public struct AuthnRequest: Sendable, Equatable {
    public let id: String
    public let xml: String

    /// `id` must be an NCName (it starts with a letter or underscore): ours are "_" and 32 hex digits.
    public init(id: String, issueInstant: Int, destination: String, assertionConsumerURL: String, serviceProviderEntityID: String) {
        self.id = id
        xml = """
            <samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" \
            ID="\(XMLText.escaped(id))" Version="2.0" IssueInstant="\(SAMLTime.text(issueInstant))" Destination="\(XMLText.escaped(destination))" \
            AssertionConsumerServiceURL="\(XMLText.escaped(assertionConsumerURL))" ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST">\
            <saml:Issuer>\(XMLText.escaped(serviceProviderEntityID))</saml:Issuer>\
            <samlp:NameIDPolicy AllowCreate="true"/></samlp:AuthnRequest>
            """
    }

    /// A new request ID: "_" and 128 random bits.
    public static func newID() -> String { "_" + SecureRandom.hex(16) }

    /// The sign-on URL with `SAMLRequest` and `RelayState` added to whatever query it has.
    public func redirectURL(to singleSignOnURL: String, relayState: String) -> String? {
        let bytes = Array(xml.utf8)
        var out = [UInt8](repeating: 0, count: bytes.count + 1024)
        let length = resett_deflate_raw(bytes, UInt(bytes.count), &out, UInt(out.count))
        guard length > 0, var components = URLComponents(string: singleSignOnURL) else { return nil }
        let encoded = Data(out[0..<Int(length)]).base64EncodedString()
        var items = components.percentEncodedQueryItems ?? []
        items.append(URLQueryItem(name: "SAMLRequest", value: Self.percentEncoded(encoded)))
        items.append(URLQueryItem(name: "RelayState", value: Self.percentEncoded(relayState)))
        components.percentEncodedQueryItems = items
        return components.string
    }

    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ""
    }
}

/// Text and attribute values escaped for XML we write.
enum XMLText {
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
