import Domain
import HTTPServer
import UseCases

/// `GET/POST /login`, the emailed step-up link at `/login/link`, and `POST /logout` (rules in `LogIns`).
enum LogInHandler {
    static let mismatch = "That email and password don’t match an account here. Please check them and try again."

    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        if context.scope.account != nil { return .redirect(to: Route.home.path) }
        let next = ReturnPath.safe(try context.query()["next"])
        return try page(context, environment, email: "", next: next, errors: FormErrors())
    }

    static func submit(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        let typedEmail = String((form["email"] ?? "").prefix(320))
        let next = ReturnPath.safe(form["next"])
        switch try environment.logIns.logIn(context.scope, email: typedEmail, password: form["password"] ?? "",
                                            clientAddress: context.clientAddress(trustedProxies: environment.configuration.trustedProxies)) {
        case .signedIn(let account):
            return try signedIn(account, goingTo: next, context, environment)
        case .checkEmail:
            return try environment.render(LogInCheckEmailPage(), title: "Check your email", context: context)
        case .mismatch:
            var errors = FormErrors()
            errors.add("email", mismatch)
            return try page(context, environment, email: typedEmail, next: next, errors: errors, status: .unprocessableContent)
        case .useSingleSignOn:
            var errors = FormErrors()
            errors.add("email", "\(context.scope.tenant.name) signs its people in with its own account. Please use the “Continue with” button above.")
            return try page(context, environment, email: typedEmail, next: next, errors: errors, status: .forbidden)
        }
    }

    static func showLink(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try EmailedLink.page(context, environment, title: "Finish logging in",
                             explanation: "Thank you for checking your email. One more tap and you’re in.",
                             action: Route.logInLink.path, button: "Log in") { token in
            try environment.logIns.isLinkLive(context.scope, token: token)
        }
    }

    static func useLink(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        guard let account = try environment.logIns.useLink(context.scope, token: try context.form()["token"] ?? "") else {
            return try linkExpired(context, environment)
        }
        return try signedIn(account, goingTo: Route.home.path, context, environment)
    }

    /// A new session (and cookie) for `account`, then on to where the person was going: a new account's first
    /// sign-in that was going home goes to the welcome instead (once; one going elsewhere gets that page).
    static func signedIn(_ account: Account, goingTo next: String, _ context: RequestContext, _ environment: AppEnvironment,
                         proof: SessionRecord.Proof = .password) throws -> Response {
        let welcome = try next == Route.home.path && environment.welcome.firstShowing(account)
        var response = Response.redirect(to: welcome ? Route.welcome.path : next)
        response.setCookie(try environment.authentication.signIn(account, scope: context.scope, request: context.request,
                                                                 replacing: context.session, proof: proof))
        return response
    }

    static func linkExpired(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render(LinkExpiredPage(), title: "Link expired", context: context, status: .notFound)
    }

    static func logOut(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        if let session = context.session { try environment.gate.endSession(context.scope, session) }
        return signedOut(to: Route.home.path, environment)
    }

    static func signedOut(to location: String, _ environment: AppEnvironment) -> Response {
        var response = Response.redirect(to: location)
        response.setCookie(environment.authentication.signedOutCookie)
        // Signing out clears what the browser kept for this site: its cache and the service worker's (which held only
        // the anonymous help pages, but a shared computer should keep nothing).
        response.headers.set("Clear-Site-Data", "\"cache\", \"storage\"")
        return response
    }

    /// The log-in page again with a passkey's refusal at the top, pointing to the passkey button.
    static func refused(_ context: RequestContext, _ environment: AppEnvironment, next: String, message: String,
                        status: HTTPStatus) throws -> Response {
        var errors = FormErrors()
        errors.add("passkey", message)
        return try page(context, environment, email: "", next: next, errors: errors, status: status)
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, email: String, next: String,
                             errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let button = try SingleSignOnHandler.signOnButton(context, environment, next: next)
        let page = LogInPage(email: email, next: next, organisation: context.scope.tenant.name, signOn: button, errors: errors)
        var response = try environment.render(page, title: "Log in", errors: errors, context: context, status: status)
        SingleSignOnHandler.allowForm(button, &response)
        return response
    }
}

/// The page an emailed link opens: a button that POSTs the token, rather than acting on GET, so a mail scanner
/// that follows links cannot use it up. An unusable token gets the "link expired" page.
enum EmailedLink {
    static func page(_ context: RequestContext, _ environment: AppEnvironment, title: String, explanation: String, action: String,
                     button: String, isLive: (String) throws -> Bool) throws -> Response {
        let token = try context.query()["token"] ?? ""
        guard try isLive(token) else { return try LogInHandler.linkExpired(context, environment) }
        let page = ConfirmLinkPage(heading: title, explanation: explanation, action: action, token: token, button: button)
        var response = try environment.render(page, title: title, context: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
