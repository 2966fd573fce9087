import Domain
import HTTPServer
import Security
import Storage

/// `GET/POST /login`, the emailed step-up link at `/login/link`, and `POST /logout`.
///
/// Someone else's wrong guesses never stop the owner: the guesser's address is throttled, and once an account
/// has had many failures a correct password alone is not enough; it also takes a link sent to the account's
/// address. The answer to a guess is then the same whether or not it was right.
enum LogInHandler {
    static let mismatch = "That email and password don’t match an account here. Please check them and try again."
    /// How long an emailed sign-in link works.
    static let linkLifetime = 15 * 60

    static func accountKey(tenantID: String, email: String) -> String {
        tenantID + ":" + String((EmailAddress(email)?.value ?? email.lowercased()).prefix(254))
    }

    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        if context.scope.account != nil { return .redirect(to: Paths.home) }
        let next = Paths.safeReturn(try context.query()["next"])
        return try page(context, environment, email: "", next: next, errors: FormErrors())
    }

    static func submit(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        let now = environment.clock()
        let limits = environment.limits
        let typedEmail = String((form["email"] ?? "").prefix(320))
        let password = String((form["password"] ?? "").prefix(1024))
        let next = Paths.safeReturn(form["next"])
        let addressKey = context.scope.tenantID + ":" + context.clientAddress(trustedProxies: environment.configuration.trustedProxies)
        let accountKey = accountKey(tenantID: context.scope.tenantID, email: typedEmail)

        if let wait = limits.failedLoginsPerAddress.retryAfter(addressKey, now: now) { throw WebError.tooManyRequests(retryAfter: wait) }
        let underAttack = limits.failedLoginsPerAccount.retryAfter(accountKey, now: now) != nil

        let account = try EmailAddress(typedEmail).flatMap { try environment.database.account(tenantID: context.scope.tenantID, email: $0) }
        // An unknown email costs the same hash as a wrong password, so timing tells nothing.
        let verified = try environment.hashingPool.run {
            environment.hasher.verify(password, against: account?.passwordHash ?? environment.dummyPasswordHash) && account != nil
        }
        guard let account, verified else {
            limits.failedLoginsPerAccount.record(accountKey, now: now)
            limits.failedLoginsPerAddress.record(addressKey, now: now)
            if underAttack { return try environment.render("auth/login-check-email", title: "Check your email", [:], context: context) }
            var errors = FormErrors()
            errors.add("email", mismatch)
            return try page(context, environment, email: typedEmail, next: next, errors: errors, status: .unprocessableContent)
        }
        if underAttack {
            try sendLink(to: account, context, environment, now: now)
            return try environment.render("auth/login-check-email", title: "Check your email", [:], context: context)
        }
        limits.failedLoginsPerAccount.reset(accountKey)
        if environment.hasher.needsRehash(account.passwordHash) {
            let fresh = try environment.hashingPool.run { try environment.hasher.hash(password) }
            try environment.database.setPasswordHash(tenantID: account.tenantID, accountID: account.id, hash: fresh,
                                                     endingSessionsExcept: nil)
        }
        var response = Response.redirect(to: next)
        response.setCookie(try environment.authentication.signIn(account, request: context.request, replacing: context.session))
        return response
    }

    private static func sendLink(to account: Account, _ context: RequestContext, _ environment: AppEnvironment, now: Int) throws {
        let token = SecureRandom.hex(32)
        try environment.database.createSignInLink(tenantID: account.tenantID, accountID: account.id, tokenHash: Digest.sha256Hex(token),
                                                  expiresAt: now + linkLifetime)
        let link = environment.configuration.absoluteURL(Paths.logInLink + "?token=" + token, for: context.scope.tenant)
        let name = context.scope.tenant.name
        try environment.mailer.send(Mail(to: account.email, subject: "Finish logging in to \(name)", body: """
            Hello,

            Someone (we hope you) logged in to your \(name) account with the right password, after several attempts
            with wrong ones. To finish logging in, open this link within the next 15 minutes:

            \(link)

            If this wasn’t you, someone knows your password: please change it as soon as you can.
            """))
    }

    /// The emailed link shows a button rather than signing in on GET, so a mail scanner that follows links
    /// cannot use it up.
    static func showLink(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try EmailedLink.page(context, environment, title: "Finish logging in",
                             explanation: "Thank you for checking your email. One more tap and you’re in.",
                             action: Paths.logInLink, button: "Log in") { token in
            try environment.database.signInLinkIsLive(tenantID: context.scope.tenantID, tokenHash: Digest.sha256Hex(token),
                                                      now: environment.clock())
        }
    }

    static func useLink(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let token = try context.form()["token"] ?? ""
        guard Token.isWellFormed(token),
              let account = try environment.database.consumeSignInLink(tenantID: context.scope.tenantID, tokenHash: Digest.sha256Hex(token),
                                                                       now: environment.clock())
        else { return try linkExpired(context, environment) }
        var response = Response.redirect(to: Paths.home)
        response.setCookie(try environment.authentication.signIn(account, request: context.request, replacing: context.session))
        return response
    }

    static func linkExpired(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render("auth/link-expired", title: "Link expired", [:], context: context, status: .notFound)
    }

    static func logOut(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        if let session = context.session {
            try environment.database.deleteSession(tenantID: context.scope.tenantID, accountID: session.accountID, sessionID: session.id)
        }
        var response = Response.redirect(to: Paths.home)
        response.setCookie(environment.authentication.signedOutCookie)
        return response
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, email: String, next: String,
                             errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let values: [String: Any] = ["email": email, "next": next]
        return try environment.renderForm("auth/login", title: "Log in", values, errors: errors, context: context, status: status)
    }
}

/// The page an emailed link opens: a button that POSTs the token, rather than acting on GET, so a mail scanner
/// that follows links cannot use it up. An unusable token gets the "link expired" page.
enum EmailedLink {
    static func page(_ context: RequestContext, _ environment: AppEnvironment, title: String, explanation: String, action: String,
                     button: String, isLive: (String) throws -> Bool) throws -> Response {
        let token = try context.query()["token"] ?? ""
        guard Token.isWellFormed(token), try isLive(token) else { return try LogInHandler.linkExpired(context, environment) }
        var response = try environment.render("auth/confirm", title: title, [
            "heading": title, "explanation": explanation, "action": action, "token": token, "button": button,
        ], context: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}

/// The 256-bit tokens we mail: 64 lower-case hex characters.
enum Token {
    static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
