import Domain
import HTTPServer
import UseCases

/// `GET/POST /signup` and `/signup/confirm`: email, password and time zone (filled in by script, a select
/// without it), then a link by email that creates the account (rules in `SignUps`).
enum SignUpHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        if context.scope.account != nil { return .redirect(to: Paths.home) }
        let next = Paths.safeReturn(try context.query()["next"])
        return try page(context, environment, email: "", timeZone: TimeZoneName.fallback, next: next, errors: FormErrors())
    }

    static func submit(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
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
        try environment.signUps.request(context.scope, email: email, password: password, timeZone: timeZone, returnTo: next,
                                        clientAddress: context.clientAddress(trustedProxies: environment.configuration.trustedProxies))
        return try environment.render("auth/signup-sent", title: "Check your email", ["email": email.value], context: context)
    }

    static func showConfirm(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try EmailedLink.page(context, environment, title: "Finish signing up",
                             explanation: "Thank you for confirming your email. One more tap and your account is ready.",
                             action: Paths.signUpConfirm, button: "Create my account") { token in
            try environment.signUps.isLive(context.scope, token: token)
        }
    }

    static func confirm(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        switch try environment.signUps.confirm(context.scope, token: try context.form()["token"] ?? "") {
        case .expired: return try LogInHandler.linkExpired(context, environment)
        case .taken: return .redirect(to: Paths.logIn)
        case .created(let account, let returnTo):
            return try LogInHandler.signedIn(account, goingTo: Paths.safeReturn(returnTo), context, environment)
        }
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, email: String, timeZone: String,
                             next: String, errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let values: [String: Any] = [
            "email": email,
            "next": next,
            "timeZoneOptions": TimeZoneOptions.html(selected: timeZone),
            "minimumLength": PasswordPolicy.minimumLength,
            "recommendedLength": PasswordPolicy.recommendedLength,
        ]
        return try environment.renderForm("auth/signup", title: "Sign up", values, errors: errors, context: context, status: status)
    }
}
