import Cryptography
import Domain
import Foundation
import Outbound
import SAML
import Storage

/// An organisation's SAML 2.0 identity provider, from its metadata: pasted, or fetched from the address an admin gives
/// under the rules OpenID Connect discovery follows (https, public addresses only, a deadline and a size limit).
extension SingleSignOnSettings {
    /// What an admin typed.
    public struct SAMLForm: Sendable, Equatable {
        public var displayName: String
        public var metadataXML: String
        public var metadataURL: String
        public var domains: [String]
        public var isRequired: Bool

        public init(displayName: String, metadataXML: String, metadataURL: String, domains: [String], isRequired: Bool) {
            self.displayName = displayName
            self.metadataXML = metadataXML
            self.metadataURL = metadataURL
            self.domains = domains
            self.isRequired = isRequired
        }
    }

    public func saveSAML(_ member: MemberScope, _ form: SAMLForm) throws {
        let admin = try member.asAdmin()
        let current = try database.identityProvider(tenantID: admin.tenantID)
        let name = form.displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        let xml = form.metadataXML.trimmingCharacters(in: .whitespacesAndNewlines)
        let address = form.metadataURL.trimmingCharacters(in: .whitespacesAndNewlines)
        var problems: [FieldError] = []
        if let problem = Self.nameProblem(name, field: "saml_display_name") { problems.append(problem) }
        if xml.isEmpty, address.isEmpty {
            problems.append(FieldError("metadata", "Paste your identity provider’s metadata, or give the address it is published at."))
        } else if xml.utf8.count > 512 * 1024 {
            problems.append(FieldError("metadata", "That metadata is longer than 512 KB. Paste the identity provider’s own entry only."))
        }
        var unique: [String] = []
        do { unique = try Joining.domains(form.domains) } catch UseCaseError.invalid(let domainProblems) {
            problems += domainProblems.map { FieldError("saml_domains", $0.message) }
        }
        guard problems.isEmpty else { throw UseCaseError.invalid(problems) }

        var bytes = Array(xml.utf8)
        if xml.isEmpty {
            guard address.utf8.count <= 500, let url = URL(string: address), http.permits(url) else {
                throw UseCaseError.invalid([FieldError("metadata", "The metadata address is an https address, like https://idp.example.ac.uk/metadata.")])
            }
            let answer: OutboundHTTP.Answer
            do { answer = try outbound.run(tenant: admin.tenantID) { try http.get(url) } } catch is OutboundCalls.Busy {
                throw UseCaseError.tooManyRequests(retryAfter: 10)
            } catch {
                logger.warning("single sign-on settings: metadata not fetched", metadata: ["tenant": .string(admin.tenant.slug), "reason": .string("\(error)")])
                throw UseCaseError.conflict(Self.metadataUnreachable)
            }
            guard answer.status == 200 else { throw UseCaseError.conflict(Self.metadataUnreachable) }
            bytes = answer.body
        }
        let metadata: IdentityProviderMetadata
        do { metadata = try IdentityProviderMetadata(xml: bytes, allowsLoopbackHTTP: http.allowsLoopbackHTTP) } catch {
            let words = switch error {
            case .notXML: "That isn’t metadata we can read: paste the XML your identity provider publishes (without a DOCTYPE)."
            case .notAnIdentityProvider: "That metadata doesn’t describe an identity provider (an IDPSSODescriptor with an entityID)."
            case .noRedirectSignOn: "That metadata has no https single sign-on service with the HTTP-Redirect binding."
            case .noSigningCertificate: "That metadata has no signing certificate."
            }
            throw UseCaseError.invalid([FieldError("metadata", words)])
        }
        let origin = URLComponents(string: metadata.singleSignOnURL).map { parts in
            (parts.scheme ?? "https") + "://" + (parts.host ?? "") + (parts.port.map { ":\($0)" } ?? "")
        } ?? ""
        let id = current?.kind == "saml" ? current!.id : SecureRandom.hex(16)
        let now = clock()
        let provider = AppDatabase.IdentityProvider(id: id, kind: "saml", displayName: name, issuer: metadata.entityID,
                                                    clientID: serviceProviderEntityID(admin.tenant), authorizationOrigin: origin, sealedSecret: "",
                                                    secretKeyID: "", allowedDomains: unique, isRequired: form.isRequired,
                                                    samlSignOnURL: metadata.singleSignOnURL, samlCertificates: metadata.signingCertificates)
        let words = (current?.kind == "saml" ? "Changed single sign-on (SAML) with " : "Set up single sign-on (SAML) with ") + metadata.entityID
            + (form.isRequired ? " (single sign-on only)" : "")
        try database.saveIdentityProvider(tenantID: admin.tenantID, provider, replacing: current?.kind == "saml" ? nil : current?.id, now: now,
                                          audit: admin.auditEntry(words, at: now))
    }

    public static let metadataUnreachable = "The metadata could not be fetched from that address. Check it, or paste the metadata instead."
}
