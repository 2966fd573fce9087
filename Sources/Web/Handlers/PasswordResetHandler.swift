import Domain
import HTTPServer
import UseCases

/// Forgotten passwords (rules in `PasswordResets`): the same page whether or not the address has an account.
enum PasswordResetHandler {
    static func showForgot(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render(ForgotPasswordPage(email: "", errors: FormErrors()), title: "Forgotten password", context: context)
    }

    static func sendLink(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let typed = String((try context.form()["email"] ?? "").prefix(320))
        guard let email = EmailAddress(typed) else {
            var errors = FormErrors()
            errors.add("email", "Enter your email address, like name@example.com.")
            return try environment.render(ForgotPasswordPage(email: typed, errors: errors), title: "Forgotten password", errors: errors,
                                          context: context, status: .unprocessableContent)
        }
        try environment.passwordResets.request(context.scope, email: email,
                                               clientAddress: context.clientAddress(trustedProxies: environment.configuration.trustedProxies))
        return try environment.render(ForgotPasswordSentPage(email: email.value), title: "Check your email", context: context)
    }

    static func showReset(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let token = try context.query()["token"] ?? ""
        guard try environment.passwordResets.isLive(context.scope, token: token) else { return try expired(context, environment) }
        return try page(context, environment, token: token, errors: FormErrors())
    }

    static func reset(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        let token = form["token"] ?? ""
        let password = form["password"] ?? ""
        guard try environment.passwordResets.isLive(context.scope, token: token) else { return try expired(context, environment) }
        if let problem = environment.passwordPolicy.check(password) {
            var errors = FormErrors()
            errors.add("password", problem.message)
            return try page(context, environment, token: token, errors: errors, status: .unprocessableContent)
        }
        guard let passkeysRemoved = try environment.passwordResets.reset(context.scope, token: token, newPassword: password) else {
            return try expired(context, environment)
        }
        return LogInHandler.signedOut(to: Route.logIn.path + (passkeysRemoved > 0 ? "?notice=password-reset-passkeys" : "?notice=password-reset"),
                                      environment)
    }

    private static func expired(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render(ResetLinkExpiredPage(), title: "Link expired", context: context, status: .notFound)
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, token: String, errors: FormErrors,
                             status: HTTPStatus = .ok) throws -> Response {
        var response = try environment.render(ChooseNewPasswordPage(token: token, errors: errors), title: "Choose a new password",
                                              errors: errors, context: context, status: status)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
