import Foundation

/// What an identity provider's SAML metadata (an `md:EntityDescriptor`) tells us: its entity id, where its single
/// sign-on service takes an AuthnRequest by HTTP-Redirect (https only), and the certificates it signs with.
public struct IdentityProviderMetadata: Sendable, Equatable {
    public let entityID: String
    public let singleSignOnURL: String
    /// PEM, one per signing certificate the metadata names.
    public let signingCertificates: [String]

    public enum Problem: Error, Equatable, Sendable {
        /// Not XML we read (or it has a DOCTYPE).
        case notXML
        case notAnIdentityProvider
        case noRedirectSignOn
        case noSigningCertificate
    }

    static let redirectBinding = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"

    /// `allowsLoopbackHTTP`: an `http://` sign-on service on this machine is taken too (the tests' identity provider).
    public init(xml: [UInt8], allowsLoopbackHTTP: Bool = false) throws(Problem) {
        guard let document = SAMLXML(xml) else { throw .notXML }
        let root = document.root
        guard root.is("EntityDescriptor", in: .metadata), let entityID = root.attribute("entityID"), (1...500).contains(entityID.utf8.count),
              let descriptor = root.child("IDPSSODescriptor", in: .metadata) else { throw .notAnIdentityProvider }
        guard let service = descriptor.children("SingleSignOnService", in: .metadata).first(where: { $0.attribute("Binding") == Self.redirectBinding }),
              let location = service.attribute("Location"), location.utf8.count <= 500, let url = URLComponents(string: location),
              url.scheme == "https" || (allowsLoopbackHTTP && url.scheme == "http" && ["127.0.0.1", "localhost", "[::1]", "::1"].contains(url.host ?? "")),
              url.host?.isEmpty == false else { throw .noRedirectSignOn }
        let certificates = descriptor.children("KeyDescriptor", in: .metadata)
            .filter { $0.attribute("use") == nil || $0.attribute("use") == "signing" }
            .compactMap { $0.child("KeyInfo", in: .signature)?.child("X509Data", in: .signature)?.child("X509Certificate", in: .signature)?.text }
            .compactMap(Self.pem)
        guard !certificates.isEmpty else { throw .noSigningCertificate }
        self.entityID = entityID
        singleSignOnURL = location
        signingCertificates = Array(certificates.prefix(4))
    }

    /// A base64 certificate (as metadata carries it, line breaks and all) as PEM; nil when it is not base64.
    static func pem(_ base64: String) -> String? {
        let compact = base64.filter { !$0.isWhitespace }
        guard (100...16_384).contains(compact.utf8.count), let der = Data(base64Encoded: compact) else { return nil }
        let lines = der.base64EncodedString().chunked(64)
        return "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\n") + "\n-----END CERTIFICATE-----\n"
    }
}

extension String {
    func chunked(_ size: Int) -> [String] {
        var lines: [String] = [], rest = Substring(self)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        return lines
    }
}
