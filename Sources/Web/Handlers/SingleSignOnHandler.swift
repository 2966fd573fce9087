import Domain
import HTTPServer
import Logging
import UseCases

/// Signing in with the organisation's identity provider: `POST /login/sso/<provider>` (from the log-in or sign-up
/// page's button, with its CSRF token) sends the browser to the provider with a cookie holding the sign-in's state;
/// the provider sends it back to `GET /login/sso/callback` (rules in `SingleSignOn`).
enum SingleSignOnHandler {
    static func start(_ context: RequestContext, _ environment: AppEnvironment, _ provider: String) throws -> Response {
        let next = ReturnPath.safe(try context.form()["next"])
        let providerID = provider
        do {
            let start = try environment.singleSignOn.begin(context.scope, providerID: providerID, returnTo: next,
                                                           clientAddress: context.clientAddress(trustedProxies: environment.configuration.trustedProxies))
            var response = Response.redirect(to: start.authorizationURL)
            response.setCookie(SetCookie(name: environment.configuration.signOnCookieName, value: start.state, maxAge: 600,
                                         secure: environment.configuration.secureCookies))
            response.headers.set("Cache-Control", "no-store")
            return response
        } catch let refusal as SingleSignOnRefusal {
            return try refused(refusal, context, environment)
        }
    }

    static func callback(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let query = try context.query()
        let cookieName = environment.configuration.signOnCookieName
        var response: Response
        do {
            switch try environment.singleSignOn.finish(context.scope, state: query["state"], code: query["code"], providerError: query["error"],
                                                       browserState: context.cookies.values[cookieName]) {
            case .signedIn(let account, let returnTo):
                response = try LogInHandler.signedIn(account, goingTo: ReturnPath.safe(returnTo), context, environment, proof: .singleSignOn)
            case .ownerMustConfirm(let pageToken):
                response = try connectForm(context, environment, token: pageToken, errors: FormErrors())
            }
        } catch let refusal as SingleSignOnRefusal {
            response = try refused(refusal, context, environment)
        }
        response.setCookie(.expired(cookieName, secure: environment.configuration.secureCookies))
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    // MARK: Connecting an existing account (issue 65)

    /// The page a sign-in comes back to when it named an account with a password or passkey of its own.
    static func connectForm(_ context: RequestContext, _ environment: AppEnvironment, token: String, errors: FormErrors,
                            status: HTTPStatus = .ok) throws -> Response {
        let page = ConnectSignOnPage(token: token, organisation: context.scope.tenant.name, errors: errors)
        var response = try environment.render(page, title: "Connect your account", errors: errors, context: context, status: status)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// The link mailed to the account's owner: one more tap connects and signs them in.
    static func connectPage(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let organisation = context.scope.tenant.name
        return try EmailedLink.page(context, environment, title: "Connect your account",
                                    explanation: "Connect your account to \(organisation)’s sign-in, so you can sign in with it from now on.",
                                    action: Route.useSignOnConnect.path, button: "Connect and sign in") { token in
            try environment.singleSignOn.isMailedConnection(context.scope, token: token)
        }
    }

    /// Connects by the mailed token, or by the page's token with the account's password; the person is signed in (the
    /// proof was their password or their email, not the provider's word).
    static func connect(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        let token = String((form["token"] ?? "").prefix(64))
        switch try environment.singleSignOn.connect(context.scope, token: token, password: form["password"],
                                                    clientAddress: context.clientAddress(trustedProxies: environment.configuration.trustedProxies)) {
        case .connected(let account, let returnTo):
            // The provider signed them in, and its owner confirmed the account is theirs: a sign-in with the provider.
            return try LogInHandler.signedIn(account, goingTo: ReturnPath.safe(returnTo), context, environment, proof: .singleSignOn)
        case .wrongPassword:
            var errors = FormErrors()
            errors.add("password", "That isn’t the password of the account here. Please try again, or use the link we emailed you.")
            return try connectForm(context, environment, token: token, errors: errors, status: .unprocessableContent)
        case .expired:
            return try LogInHandler.linkExpired(context, environment)
        }
    }

    // MARK: SAML 2.0

    /// Our service provider metadata, for the organisation's IdP: entity id and Assertion Consumer Service, from
    /// configuration.
    static func samlMetadata(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let xml = environment.singleSignOn.serviceProviderMetadata(context.scope)
        return Response(status: .ok, headers: ["Content-Type": "application/samlmetadata+xml; charset=utf-8"], body: Array(xml.utf8))
    }

    /// The Assertion Consumer Service (HTTP-POST binding): no CSRF field, since the signed Response is its own proof and
    /// its InResponseTo ties it to a request we made; no session either, since a cross-site POST brings no cookie. The
    /// checked answer is recorded on the sign-in it answers, and the browser goes on to the callback, where its cookie
    /// must show it began that sign-in.
    static func samlAssertion(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        do {
            let state = try environment.singleSignOn.receive(context.scope, encoded: form["SAMLResponse"] ?? "", relayState: form["RelayState"])
            var response = Response.redirect(to: Route.signOnCallback.path + "?state=" + state)
            response.headers.set("Cache-Control", "no-store")
            return response
        } catch let refusal as SingleSignOnRefusal {
            return try refused(refusal, context, environment)
        }
    }

    /// A kind page that says what happened and what to do, with a line for the organisation's IT team.
    static func refused(_ refusal: SingleSignOnRefusal, _ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        environment.logger.warning("single sign-on refused", metadata: ["reason": .string(refusal.reference)])
        let organisation = context.scope.tenant.name
        let (reason, status): (String, HTTPStatus) = switch refusal {
        case .expired, .stateMismatch:
            ("That sign-in link is no longer valid: it may have been used already or taken too long. Please try again from the start.", .badRequest)
        case .cancelled:
            ("The sign-in was stopped before it finished. You can try again whenever you’re ready.", .badRequest)
        case .providerUnavailable:
            ("\(organisation)’s sign-in service didn’t answer as expected. Please try again in a little while.", .serviceUnavailable)
        case .idTokenRejected, .responseRejected, .replayed:
            ("We couldn’t confirm who you are with \(organisation)’s sign-in service, so we haven’t signed you in.", .unauthorized)
        case .emailUnverified, .noEmail:
            ("\(organisation)’s sign-in service didn’t confirm an email address for you, which Resett needs to find your account.", .forbidden)
        case .emailNotAllowed:
            ("The email address you signed in with isn’t one \(organisation) uses for Resett.", .forbidden)
        case .busy:
            ("\(organisation)’s sign-in service is slow to answer just now. Please try again in a minute.", .serviceUnavailable)
        case .notEligible:
            ("You don’t have an account with \(organisation) here yet, and it adds people by invitation or by their work address. "
             + "Please ask \(organisation) for an invitation link.", .forbidden)
        case .staffAccount:
            ("That email address belongs to a staff account here, which signs in with its own password or passkey. "
             + "Please use the log-in form below the button.", .forbidden)
        case .inactive:
            ("Your account here has been turned off by \(organisation). If you think that’s a mistake, please ask them.", .forbidden)
        }
        let button = try signOnButton(context, environment, next: Route.home.path)
        var response = try environment.render(SignOnRefusedPage(reason: reason, reference: refusal.reference, signOn: button),
                                              title: "We couldn’t sign you in", context: context, status: status)
        if refusal == .busy { response.headers.set("Retry-After", "30") }
        allowForm(button, &response)
        return response
    }

    /// The organisation's "Continue with …" button (`partials/sign-on`), when it has single sign-on.
    static func signOnButton(_ context: RequestContext, _ environment: AppEnvironment, next: String) throws -> SignOnButton? {
        guard let offer = try environment.singleSignOn.offer(context.scope) else { return nil }
        return SignOnButton(action: Route.signOnStart(offer.providerID).path, displayName: offer.displayName, next: next,
                            required: offer.isRequired, origin: offer.authorizationOrigin)
    }

    /// Lets this page's sign-in form lead to the provider (a form's redirect is held to form-action too).
    static func allowForm(_ button: SignOnButton?, _ response: inout Response) {
        guard let button else { return }
        response.headers.set("Content-Security-Policy", SecurityHeaders.policy(formsAlsoTo: button.origin))
    }
}
