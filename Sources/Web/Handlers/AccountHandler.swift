import Domain
import Foundation
import HTTPServer
import UseCases

/// `/account`: email, time zone, password, theme, export and deletion (rules in `AccountSettings`).
enum AccountHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        return try page(context, environment, account: member.account, errors: FormErrors())
    }

    /// After too many wrong passwords the session is over: sign out, and say why on the login page.
    static let endedSession = Paths.logIn + "?notice=signed-out-for-safety"

    static func changePassword(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let form = try context.form()
        let new = form["new_password"] ?? ""
        var errors = FormErrors()
        if let problem = environment.passwordPolicy.check(new) {
            errors.add("new_password", problem.message)
            return try page(context, environment, account: member.account, errors: errors, status: .unprocessableContent)
        }
        switch try environment.accountSettings.changePassword(member, current: form["current_password"] ?? "", new: new,
                                                              session: context.session) {
        case .confirmed:
            return .redirect(to: Paths.account + "?notice=password-changed")
        case .sessionEnded:
            return LogInHandler.signedOut(to: endedSession, environment)
        case .wrong:
            errors.add("current_password", "That isn’t your current password.")
            return try page(context, environment, account: member.account, errors: errors, status: .unprocessableContent)
        }
    }

    static func changeEmail(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let form = try context.form()
        let typed = String((form["email"] ?? "").prefix(320))
        var errors = FormErrors()
        guard let email = EmailAddress(typed) else {
            errors.add("new_email", "Enter your email address, like name@example.com.")
            return try page(context, environment, account: member.account, errors: errors, status: .unprocessableContent, typedEmail: typed)
        }
        switch try environment.accountSettings.changeEmail(member, to: email, password: form["password"] ?? "", session: context.session) {
        case .changed:
            return .redirect(to: Paths.account + "?notice=email-changed")
        case .password(.sessionEnded):
            return LogInHandler.signedOut(to: endedSession, environment)
        case .password:
            errors.add("email_password", "That isn’t your password, so your email hasn’t changed.")
        case .taken:
            errors.add("new_email", "That email can’t be used here. Please choose another.")
        }
        return try page(context, environment, account: member.account, errors: errors, status: .unprocessableContent, typedEmail: typed)
    }

    /// Light, dark or the device's choice; applied by the server in the page itself, so there is no flash.
    static func changeTheme(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        guard let theme = Theme(rawValue: try context.form()["theme"] ?? "") else {
            throw WebError.badRequest("Choose light, dark or the same as your device.")
        }
        try environment.accountSettings.setTheme(member, theme)
        return .redirect(to: Paths.account + "?notice=theme-saved")
    }

    static func changeTimeZone(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let timeZone = try context.form()["time_zone"] ?? ""
        guard TimeZoneName.isValid(timeZone) else {
            var errors = FormErrors()
            errors.add("time_zone", "Choose your time zone from the list.")
            return try page(context, environment, account: member.account, errors: errors, status: .unprocessableContent)
        }
        try environment.accountSettings.setTimeZone(member, timeZone)
        return .redirect(to: Paths.account + "?notice=time-zone-saved")
    }

    /// Everything stored about the person, as one JSON document.
    static func export(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let export = try environment.accountSettings.export(try context.member())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var response = Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"],
                                body: Array(try encoder.encode(export)))
        response.headers.set("Content-Disposition", "attachment; filename=\"resett-export.json\"")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// Erases the person and everything personal. It asks for the password so a borrowed device cannot do it;
    /// the person chooses whether their community posts go too or stay without an author.
    static func delete(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let form = try context.form()
        switch try environment.accountSettings.delete(member, password: form["password"] ?? "", erasePosts: form["posts"] != "keep",
                                                      session: context.session) {
        case .sessionEnded:
            return LogInHandler.signedOut(to: endedSession, environment)
        case .wrong:
            var errors = FormErrors()
            errors.add("delete_password", "That isn’t your password, so nothing has been deleted.")
            return try page(context, environment, account: member.account, errors: errors, status: .unprocessableContent)
        case .confirmed:
            let signedOut = RequestContext(request: context.request, scope: context.scope.signedOut, csrfToken: context.csrfToken)
            var response = try environment.render("account/deleted", title: "Account deleted", [:], context: signedOut)
            response.setCookie(environment.authentication.signedOutCookie)
            return response
        }
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, account: Account, errors: FormErrors,
                             status: HTTPStatus = .ok, typedEmail: String? = nil) throws -> Response {
        let values: [String: Any] = [
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
