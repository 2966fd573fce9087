import Domain
import Foundation
import HTTPServer
import Storage

/// `/account`: email, time zone, password, export and deletion.
enum AccountHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try context.requireAccount()
        return try page(context, environment, account: account, errors: FormErrors())
    }

    static func changePassword(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try context.requireAccount()
        let form = try context.form()
        let current = form["current_password"] ?? ""
        let new = form["new_password"] ?? ""
        var errors = FormErrors()
        switch try PasswordConfirmation.check(current, account: account, context: context, environment: environment) {
        case .sessionEnded(let response): return response
        case .wrong: errors.add("current_password", "That isn’t your current password.")
        case .confirmed: break
        }
        if let problem = environment.passwordPolicy.check(new) { errors.add("new_password", problem.message) }
        guard errors.isEmpty else {
            return try page(context, environment, account: account, errors: errors, status: .unprocessableContent)
        }
        let hash = try environment.hashingPool.run { try environment.hasher.hash(new) }
        try environment.database.setPasswordHash(tenantID: account.tenantID, accountID: account.id, hash: hash,
                                                 endingSessionsExcept: .some(context.session?.id))
        return .redirect(to: Paths.account + "?notice=password-changed")
    }

    /// A new email address needs the password too: whoever changes it could otherwise take the account.
    static func changeEmail(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try context.requireAccount()
        let form = try context.form()
        let typed = form["email"] ?? ""
        var errors = FormErrors()
        let email = EmailAddress(typed)
        if email == nil { errors.add("new_email", "Enter your email address, like name@example.com.") }
        switch try PasswordConfirmation.check(form["password"] ?? "", account: account, context: context, environment: environment) {
        case .sessionEnded(let response): return response
        case .wrong: errors.add("email_password", "That isn’t your password, so your email hasn’t changed.")
        case .confirmed: break
        }
        if let email, errors.isEmpty {
            do {
                try environment.database.setEmail(tenantID: account.tenantID, accountID: account.id, email: email)
                return .redirect(to: Paths.account + "?notice=email-changed")
            } catch {
                guard case .conflict = error else { throw error }
                errors.add("new_email", "That email can’t be used here. Please choose another.")
            }
        }
        return try page(context, environment, account: account, errors: errors, status: .unprocessableContent, typedEmail: typed)
    }

    /// Light, dark or the device's choice; applied by the server in the page itself, so there is no flash.
    static func changeTheme(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try context.requireAccount()
        guard let theme = Theme(rawValue: try context.form()["theme"] ?? "") else {
            throw WebError.badRequest("Choose light, dark or the same as your device.")
        }
        try environment.database.setTheme(tenantID: account.tenantID, accountID: account.id, theme: theme)
        return .redirect(to: Paths.account + "?notice=theme-saved")
    }

    static func changeTimeZone(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try context.requireAccount()
        let timeZone = try context.form()["time_zone"] ?? ""
        guard TimeZoneName.isValid(timeZone) else {
            var errors = FormErrors()
            errors.add("time_zone", "Choose your time zone from the list.")
            return try page(context, environment, account: account, errors: errors, status: .unprocessableContent)
        }
        try environment.database.setTimeZone(tenantID: account.tenantID, accountID: account.id, timeZone: timeZone)
        return .redirect(to: Paths.account + "?notice=time-zone-saved")
    }

    /// Everything stored about the person, as one JSON document.
    static func export(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try context.requireAccount()
        guard let export = try environment.database.export(tenantID: account.tenantID, accountID: account.id) else {
            throw WebError.notFound
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var response = Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"],
                                body: Array(try encoder.encode(export)))
        response.headers.set("Content-Disposition", "attachment; filename=\"resett-export.json\"")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// Erases the person and everything personal. It asks for the password so a borrowed device cannot do it.
    static func delete(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try context.requireAccount()
        let form = try context.form()
        switch try PasswordConfirmation.check(form["password"] ?? "", account: account, context: context, environment: environment) {
        case .sessionEnded(let response):
            return response
        case .wrong:
            var errors = FormErrors()
            errors.add("delete_password", "That isn’t your password, so nothing has been deleted.")
            return try page(context, environment, account: account, errors: errors, status: .unprocessableContent)
        case .confirmed:
            break
        }
        if let email = try environment.database.deleteAccount(tenantID: account.tenantID, accountID: account.id,
                                                               erasePosts: form["posts"] != "keep") {
            environment.mailer.forget(recipient: email)
        }
        let signedOut = RequestContext(request: context.request, scope: Scope(tenant: context.scope.tenant, account: nil),
                                       csrfToken: context.csrfToken)
        var response = try environment.render("account/deleted", title: "Account deleted", [:], context: signedOut)
        response.setCookie(environment.authentication.signedOutCookie)
        return response
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, account: Account, errors: FormErrors,
                             status: HTTPStatus = .ok, typedEmail: String? = nil) throws -> Response {
        var values: [String: Any] = [
            "email": account.email,
            "newEmail": typedEmail ?? account.email,
            "weekStartsOnSunday": account.weekStartsOnSunday,
            "themes": Theme.allCases.map { theme in
                ["value": theme.rawValue, "checked": theme == account.theme,
                 "label": theme == .system ? "Same as my device" : theme == .light ? "Light" : "Dark"] as [String: Any]
            },
            "timeZone": account.timeZone,
            "timeZones": TimeZoneName.all.map { ["name": $0, "selected": $0 == account.timeZone] },
            "minimumLength": PasswordPolicy.minimumLength,
        ]
        return try environment.renderForm("account/show", title: "Your account", values, errors: errors, context: context,
                                          status: status)
    }
}
