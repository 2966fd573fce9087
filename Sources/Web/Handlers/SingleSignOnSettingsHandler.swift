import Domain
import HTTPServer
import UseCases

/// /admin/single-sign-on: an organisation's OpenID Connect provider (issuer, client id and secret, allowed email
/// domains, and whether members must use it). Admins only; for anyone else it does not exist.
enum SingleSignOnSettingsHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let summary = try environment.singleSignOnSettings.summary(member)
        return try page(context, environment, summary: summary, typed: nil, errors: FormErrors())
    }

    static func save(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let typed = SingleSignOnSettings.Form(
            displayName: String((form["display_name"] ?? "").prefix(200)), issuer: String((form["issuer"] ?? "").prefix(1000)),
            clientID: String((form["client_id"] ?? "").prefix(1000)), clientSecret: String((form["client_secret"] ?? "").prefix(1000)),
            domains: String((form["domains"] ?? "").prefix(3000)).split(whereSeparator: \.isNewline).map(String.init),
            isRequired: form["required"] == "on")
        var errors = FormErrors()
        if try errors.attempt("issuer", { try environment.singleSignOnSettings.save(member, typed) }) == nil {
            return try page(context, environment, summary: try environment.singleSignOnSettings.summary(member), typed: typed,
                            errors: errors, status: .unprocessableContent)
        }
        return .redirect(to: Route.adminSignOn.path + "?notice=sign-on-saved")
    }

    static func saveSAML(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let typed = SingleSignOnSettings.SAMLForm(
            displayName: String((form["saml_display_name"] ?? "").prefix(200)), metadataXML: String((form["metadata"] ?? "").prefix(600_000)),
            metadataURL: String((form["metadata_url"] ?? "").prefix(1000)),
            domains: String((form["saml_domains"] ?? "").prefix(3000)).split(whereSeparator: \.isNewline).map(String.init),
            isRequired: form["saml_required"] == "on")
        var errors = FormErrors()
        if try errors.attempt("metadata", { try environment.singleSignOnSettings.saveSAML(member, typed) }) == nil {
            return try page(context, environment, summary: try environment.singleSignOnSettings.summary(member), typed: nil, samlTyped: typed,
                            errors: errors, status: .unprocessableContent)
        }
        return .redirect(to: Route.adminSignOn.path + "?notice=sign-on-saved")
    }

    static func remove(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try environment.singleSignOnSettings.remove(member)
        return .redirect(to: Route.adminSignOn.path + "?notice=sign-on-removed")
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, summary: SingleSignOnSettings.Summary?,
                             typed: SingleSignOnSettings.Form?, samlTyped: SingleSignOnSettings.SAMLForm? = nil, errors: FormErrors,
                             status: HTTPStatus = .ok) throws -> Response {
        let tenant = context.scope.tenant
        let saml = summary?.kind == "saml" ? summary : nil, oidc = summary?.kind == "saml" ? nil : summary
        let summary = oidc
        let page = SingleSignOnSettingsPage(
            callbackURL: environment.configuration.absoluteURL(Route.signOnCallback.path, for: tenant),
            displayName: typed?.displayName ?? summary?.displayName ?? tenant.name, issuer: typed?.issuer ?? summary?.issuer ?? "",
            clientID: typed?.clientID ?? summary?.clientID ?? "",
            domains: typed?.domains.joined(separator: "\n") ?? summary?.allowedDomains.joined(separator: "\n") ?? "",
            required: typed?.isRequired ?? summary?.isRequired ?? false, configured: summary != nil,
            linked: (saml ?? oidc).map { $0.linkedAccounts == 1 ? "1 account has" : "\($0.linkedAccounts) accounts have" },
            saml: .init(metadataURL: environment.configuration.absoluteURL(Route.samlMetadata.path, for: tenant),
                        assertionConsumerURL: environment.configuration.absoluteURL(Route.samlAssertion.path, for: tenant),
                        configured: saml != nil, identityProvider: saml?.issuer ?? "",
                        displayName: samlTyped?.displayName ?? saml?.displayName ?? tenant.name,
                        metadataURL_: samlTyped?.metadataURL ?? "", metadataXML: samlTyped?.metadataXML ?? "",
                        domains: samlTyped?.domains.joined(separator: "\n") ?? saml?.allowedDomains.joined(separator: "\n") ?? "",
                        required: samlTyped?.isRequired ?? saml?.isRequired ?? false),
            errors: errors)
        return try environment.render(page, title: "Single sign-on", errors: errors, context: context, status: status)
    }
}
