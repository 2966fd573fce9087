/// `admin/single-sign-on`: the organisation's identity provider, by OpenID Connect or by SAML 2.0 (one at a time),
/// with what to give the provider (our redirect URI, or our SAML metadata) and how many accounts use it.
struct SingleSignOnSettingsPage: FormPage {
    let callbackURL: String
    let displayName: String
    let issuer: String
    let clientID: String
    let domains: String
    let required: Bool
    /// OpenID Connect is in use.
    let configured: Bool
    /// "3 accounts have" signed in with it (whichever protocol is in use).
    let linked: String?
    let saml: SAMLSection
    let errors: FormErrors
    var error_display_name: String? { errors["display_name"] }
    var error_issuer: String? { errors["issuer"] }
    var error_client_id: String? { errors["client_id"] }
    var error_client_secret: String? { errors["client_secret"] }
    var error_domains: String? { errors["domains"] }

    /// The SAML form's values, and our side of it.
    struct SAMLSection {
        /// Our metadata's address (also our entity id), and our Assertion Consumer Service.
        let metadataURL: String
        let assertionConsumerURL: String
        let configured: Bool
        /// The IdP's entity id, when SAML is in use.
        let identityProvider: String
        let displayName: String
        /// What was typed into the metadata address field.
        let metadataURL_: String
        let metadataXML: String
        let domains: String
        let required: Bool
    }

    var inUse: Bool { configured || saml.configured }
    var samlMetadataURL: String { saml.metadataURL }
    var samlAssertionConsumerURL: String { saml.assertionConsumerURL }
    var samlConfigured: Bool { saml.configured }
    var samlIdentityProvider: String { saml.identityProvider }
    var samlDisplayName: String { saml.displayName }
    var samlMetadataAddress: String { saml.metadataURL_ }
    var samlMetadataXML: String { saml.metadataXML }
    var samlDomains: String { saml.domains }
    var samlRequired: Bool { saml.required }
    var error_saml_display_name: String? { errors["saml_display_name"] }
    var error_metadata: String? { errors["metadata"] }
    var error_saml_domains: String? { errors["saml_domains"] }
}
