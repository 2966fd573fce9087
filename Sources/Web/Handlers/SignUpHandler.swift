import Domain
import HTTPServer
import Storage

/// `GET/POST /signup`: email, password and time zone (filled in by script, a select without it).
enum SignUpHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        if context.scope.account != nil { return .redirect(to: Paths.home) }
        let next = Paths.safeReturn(try context.query()["next"])
        return try page(context, environment, email: "", timeZone: TimeZoneName.fallback, next: next, errors: FormErrors())
    }

    static func submit(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        let now = environment.clock()
        let address = context.request.remoteAddress
        if let wait = environment.limits.signUpsPerAddress.retryAfter(address, now: now) { throw WebError.tooManyRequests(retryAfter: wait) }

        let typedEmail = form["email"] ?? ""
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
        if let email, errors.isEmpty, try environment.database.account(tenantID: context.scope.tenantID, email: email) != nil {
            errors.add("email", "That email can’t be used to sign up here. If it’s yours, log in or reset your password.")
        }
        guard let email, errors.isEmpty else {
            return try page(context, environment, email: typedEmail, timeZone: timeZone, next: next, errors: errors,
                            status: .unprocessableContent)
        }

        let hash = try environment.hashingPool.run { try environment.hasher.hash(password) }
        environment.limits.signUpsPerAddress.record(address, now: now)
        guard let account = try create(email: email, hash: hash, timeZone: timeZone, now: now, context, environment) else {
            errors.add("email", "That email can’t be used to sign up here. If it’s yours, log in or reset your password.")
            return try page(context, environment, email: typedEmail, timeZone: timeZone, next: next, errors: errors,
                            status: .unprocessableContent)
        }
        var response = Response.redirect(to: next)
        response.setCookie(try environment.authentication.signIn(account, request: context.request, replacing: context.session))
        return response
    }

    /// nil when the email was taken in the meantime (two sign-ups racing).
    private static func create(email: EmailAddress, hash: String, timeZone: String, now: Int, _ context: RequestContext,
                               _ environment: AppEnvironment) throws -> Account? {
        do {
            return try environment.database.createAccount(tenantID: context.scope.tenantID, email: email, passwordHash: hash,
                                                          timeZone: timeZone, now: now)
        } catch {
            if case .conflict = error { return nil }
            throw error
        }
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, email: String, timeZone: String,
                             next: String, errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        var values: [String: Any] = [
            "email": email,
            "next": next,
            "timeZones": TimeZoneName.all.map { ["name": $0, "selected": $0 == timeZone] },
            "minimumLength": PasswordPolicy.minimumLength,
            "recommendedLength": PasswordPolicy.recommendedLength,
        ]
        return try environment.renderForm("auth/signup", title: "Sign up", values, errors: errors, context: context, status: status)
    }
}
