import Domain
import HTTPServer
import Security
import Storage

/// Forgotten passwords: a one-time link by email, valid for an hour. The answer is the same whether
/// or not the address has an account.
enum PasswordResetHandler {
    static func showForgot(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render("auth/forgot", title: "Forgotten password", ["email": ""], context: context)
    }

    static func sendLink(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        let now = environment.clock()
        let typed = form["email"] ?? ""
        guard let email = EmailAddress(typed) else {
            var errors = FormErrors()
            errors.add("email", "Enter your email address, like name@example.com.")
            return try environment.renderForm("auth/forgot", title: "Forgotten password", ["email": typed], errors: errors,
                                              context: context, status: .unprocessableContent)
        }
        let addressKey = context.scope.tenantID + ":" + context.clientAddress(trustedProxies: environment.configuration.trustedProxies)
        if let wait = environment.limits.resetRequestsPerAddress.retryAfter(addressKey, now: now) {
            throw WebError.tooManyRequests(retryAfter: wait)
        }
        environment.limits.resetRequestsPerAddress.record(addressKey, now: now)
        let emailKey = context.scope.tenantID + ":" + email.value
        // The same work either way (a lookup, a token, a mail queued off the request path), so the time taken
        // says nothing about whether the address has an account. Past the per-address limit nothing is sent.
        let token = SecureRandom.hex(32)
        let tokenHash = Digest.sha256Hex(token)
        let account = try environment.database.account(tenantID: context.scope.tenantID, email: email)
        if environment.limits.resetRequestsPerEmail.retryAfter(emailKey, now: now) == nil, let account {
            environment.limits.resetRequestsPerEmail.record(emailKey, now: now)
            try environment.database.createPasswordReset(tenantID: account.tenantID, accountID: account.id, tokenHash: tokenHash,
                                                         expiresAt: now + environment.configuration.passwordResetLifetime)
            let link = environment.configuration.absoluteURL(Paths.passwordReset + "?token=" + token, for: context.scope.tenant)
            try environment.mailer.send(Mail(to: account.email, subject: "Reset your \(context.scope.tenant.name) password", body: """
                Hello,

                Someone (we hope you) asked to reset the password for your \(context.scope.tenant.name) account.
                To choose a new password, open this link within the next hour:

                \(link)

                If you didn’t ask for this, you can ignore this email; your password has not changed.
                """))
        } else {
            environment.limits.resetRequestsPerEmail.record(emailKey, now: now)
        }
        return try environment.render("auth/forgot-sent", title: "Check your email", ["email": email.value], context: context)
    }

    static func showReset(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let token = try context.query()["token"] ?? ""
        guard isUsable(token, context, environment) else { return try expired(context, environment) }
        return try page(context, environment, token: token, errors: FormErrors())
    }

    static func reset(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        let token = form["token"] ?? ""
        let password = form["password"] ?? ""
        guard isUsable(token, context, environment) else { return try expired(context, environment) }
        if let problem = environment.passwordPolicy.check(password) {
            var errors = FormErrors()
            errors.add("password", problem.message)
            return try page(context, environment, token: token, errors: errors, status: .unprocessableContent)
        }
        let hash = try environment.hashingPool.run { try environment.hasher.hash(password) }
        guard try environment.database.completePasswordReset(tenantID: context.scope.tenantID, tokenHash: Digest.sha256Hex(token),
                                                             newHash: hash, now: environment.clock()) else {
            return try expired(context, environment)
        }
        var response = Response.redirect(to: Paths.logIn + "?notice=password-reset")
        response.setCookie(environment.authentication.signedOutCookie)
        return response
    }

    private static func isUsable(_ token: String, _ context: RequestContext, _ environment: AppEnvironment) -> Bool {
        guard Token.isWellFormed(token) else { return false }
        return (try? environment.database.passwordResetAccountID(tenantID: context.scope.tenantID,
                                                                 tokenHash: Digest.sha256Hex(token),
                                                                 now: environment.clock())) != nil
    }

    private static func expired(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render("auth/reset-expired", title: "Link expired", [:], context: context, status: .notFound)
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, token: String, errors: FormErrors,
                             status: HTTPStatus = .ok) throws -> Response {
        var values: [String: Any] = ["token": token, "minimumLength": PasswordPolicy.minimumLength]
        var response = try environment.renderForm("auth/reset", title: "Choose a new password", values, errors: errors,
                                                  context: context, status: status)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
