import Domain
import HTTPServer
import Security
import Storage

/// `GET/POST /signup` and `/signup/confirm`: email, password and time zone (filled in by script, a select
/// without it), then a link by email that creates the account.
///
/// The page after sending is the same whether or not the address has an account, and takes the same work
/// (a hash, a mail queued off the request path): the owner of an existing account is told by email instead.
/// Every attempt counts against the client address and the address typed.
enum SignUpHandler {
    static let linkLifetime = 3600

    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        if context.scope.account != nil { return .redirect(to: Paths.home) }
        let next = Paths.safeReturn(try context.query()["next"])
        return try page(context, environment, email: "", timeZone: TimeZoneName.fallback, next: next, errors: FormErrors())
    }

    static func submit(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        let now = environment.clock()
        let addressKey = context.scope.tenantID + ":" + context.clientAddress(trustedProxies: environment.configuration.trustedProxies)
        if let wait = environment.limits.signUpsPerAddress.retryAfter(addressKey, now: now) { throw WebError.tooManyRequests(retryAfter: wait) }

        let typedEmail = String((form["email"] ?? "").prefix(320))
        let password = form["password"] ?? ""
        let next = Paths.safeReturn(form["next"])
        var timeZone = form["time_zone"] ?? ""
        if timeZone.isEmpty { timeZone = TimeZoneName.fallback }

        var errors = FormErrors()
        let email = EmailAddress(typedEmail)
        if email == nil { errors.add("email", "Enter your email address, like name@example.com.") }
        if let problem = environment.passwordPolicy.check(password) { errors.add("password", problem.message) }
        if !TimeZoneName.isValid(timeZone) {
            errors.add("time_zone", "Choose your time zone from the list.")
            timeZone = TimeZoneName.fallback
        }
        guard let email, errors.isEmpty else {
            return try page(context, environment, email: typedEmail, timeZone: timeZone, next: next, errors: errors,
                            status: .unprocessableContent)
        }
        environment.limits.signUpsPerAddress.record(addressKey, now: now)
        let emailKey = context.scope.tenantID + ":" + email.value
        let sentRecently = environment.limits.signUpsPerEmail.retryAfter(emailKey, now: now) != nil
        environment.limits.signUpsPerEmail.record(emailKey, now: now)

        let hash = try environment.hashingPool.run { try environment.hasher.hash(password) }
        // Past the per-address limit nothing more is sent, but the page says the same as ever.
        if !sentRecently {
            let tenant = context.scope.tenant
            if try environment.database.account(tenantID: tenant.id, email: email) != nil {
                try environment.mailer.send(Mail(to: email.value, subject: "You already have a \(tenant.name) account", body: """
                    Hello,

                    Someone (we hope you) tried to sign up to \(tenant.name) with this address, which already has an account.
                    You can log in here:

                    \(environment.configuration.absoluteURL(Paths.logIn, for: tenant))

                    If you’ve forgotten your password, you can choose a new one here:

                    \(environment.configuration.absoluteURL(Paths.passwordForgot, for: tenant))

                    If this wasn’t you, you can ignore this email; nothing has changed.
                    """))
            } else {
                let token = SecureRandom.hex(32)
                try environment.database.createPendingSignUp(tenantID: tenant.id, email: email, passwordHash: hash, timeZone: timeZone,
                                                             returnTo: next, tokenHash: Digest.sha256Hex(token),
                                                             expiresAt: now + linkLifetime)
                let link = environment.configuration.absoluteURL(Paths.signUpConfirm + "?token=" + token, for: tenant)
                try environment.mailer.send(Mail(to: email.value, subject: "Confirm your email for \(tenant.name)", body: """
                    Hello,

                    To finish signing up to \(tenant.name), open this link within the next hour:

                    \(link)

                    If you didn’t sign up, you can ignore this email; no account will be made.
                    """))
            }
        }
        return try environment.render("auth/signup-sent", title: "Check your email", ["email": email.value], context: context)
    }

    /// A button, not an automatic sign-in: mail scanners follow links.
    static func showConfirm(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try EmailedLink.page(context, environment, title: "Finish signing up",
                             explanation: "Thank you for confirming your email. One more tap and your account is ready.",
                             action: Paths.signUpConfirm, button: "Create my account") { token in
            try environment.database.pendingSignUpIsLive(tenantID: context.scope.tenantID, tokenHash: Digest.sha256Hex(token),
                                                         now: environment.clock())
        }
    }

    static func confirm(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let token = try context.form()["token"] ?? ""
        guard Token.isWellFormed(token) else { return try LogInHandler.linkExpired(context, environment) }
        switch try environment.database.confirmSignUp(tenantID: context.scope.tenantID, tokenHash: Digest.sha256Hex(token),
                                                      now: environment.clock()) {
        case .expired:
            return try LogInHandler.linkExpired(context, environment)
        case .taken:
            return .redirect(to: Paths.logIn)
        case .created(let account, let returnTo):
            var response = Response.redirect(to: Paths.safeReturn(returnTo))
            response.setCookie(try environment.authentication.signIn(account, request: context.request, replacing: context.session))
            return response
        }
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, email: String, timeZone: String,
                             next: String, errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let values: [String: Any] = [
            "email": email,
            "next": next,
            "timeZones": TimeZoneName.all.map { ["name": $0, "selected": $0 == timeZone] },
            "minimumLength": PasswordPolicy.minimumLength,
            "recommendedLength": PasswordPolicy.recommendedLength,
        ]
        return try environment.renderForm("auth/signup", title: "Sign up", values, errors: errors, context: context, status: status)
    }
}
