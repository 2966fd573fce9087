import Domain
import Foundation
import HTTPServer
import UseCases

/// The account's settings pages (rules in `AccountSettings`).
enum AccountPage: String, Sendable {
    /// A short list of the pages below, the subscription and logging out.
    case hub = "show"
    /// Email address and time zone.
    case profile
    /// Password, with a way to the signed-in devices.
    case security
    /// Light or dark, and the calendar's first day of the week.
    case appearance
    /// Downloads, and deleting the account.
    case data

    var title: String {
        switch self {
        case .hub: "Your account"
        case .profile: "Profile"
        case .security: "Security and devices"
        case .appearance: "Appearance"
        case .data: "Your data"
        }
    }
}

/// `/account` and its pages: email, time zone, password, theme, export and deletion.
enum AccountHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try page(.hub, context, environment, account: member.account, errors: FormErrors())
    }

    static func profile(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try page(.profile, context, environment, account: member.account, errors: FormErrors())
    }

    static func security(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try page(.security, context, environment, account: member.account, errors: FormErrors())
    }

    static func appearance(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try page(.appearance, context, environment, account: member.account, errors: FormErrors())
    }

    static func data(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try page(.data, context, environment, account: member.account, errors: FormErrors())
    }

    /// After too many wrong passwords the session is over: sign out, and say why on the login page.
    static let endedSession = Route.logIn.path + "?notice=signed-out-for-safety"

    static func changePassword(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let new = form["new_password"] ?? ""
        var errors = FormErrors()
        if let problem = environment.passwordPolicy.check(new) {
            errors.add("new_password", problem.message)
            return try page(.security, context, environment, account: member.account, errors: errors, status: .unprocessableContent)
        }
        switch try environment.accountSettings.changePassword(member, current: form["current_password"] ?? "", new: new,
                                                              session: context.session) {
        case .confirmed:
            return .redirect(to: Route.accountSecurity.path + "?notice=password-changed")
        case .sessionEnded:
            return LogInHandler.signedOut(to: endedSession, environment)
        case .wrong:
            errors.add("current_password", "That isn’t your current password.")
            return try page(.security, context, environment, account: member.account, errors: errors, status: .unprocessableContent)
        }
    }

    static func changeEmail(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let typed = String((form["email"] ?? "").prefix(320))
        var errors = FormErrors()
        guard let email = EmailAddress(typed) else {
            errors.add("new_email", "Enter your email address, like name@example.com.")
            return try page(.profile, context, environment, account: member.account, errors: errors, status: .unprocessableContent, typedEmail: typed)
        }
        switch try environment.accountSettings.changeEmail(member, to: email, password: form["password"] ?? "", session: context.session) {
        case .changed:
            return .redirect(to: Route.accountProfile.path + "?notice=email-changed")
        case .password(.sessionEnded):
            return LogInHandler.signedOut(to: endedSession, environment)
        case .password:
            errors.add("email_password", "That isn’t your password, so your email hasn’t changed.")
        case .taken:
            errors.add("new_email", "That email can’t be used here. Please choose another.")
        }
        return try page(.profile, context, environment, account: member.account, errors: errors, status: .unprocessableContent, typedEmail: typed)
    }

    /// Light, dark or the device's choice; applied by the server in the page itself, so there is no flash.
    /// Discreet mode and the quick exit, from Appearance: two checkboxes, so an unticked one is off.
    static func changeDiscretion(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        try environment.accountSettings.setDiscretion(member, discreet: form["discreet"] == "on", exitButton: form["exitButton"] == "on")
        return .redirect(to: Route.accountAppearance.path + "?notice=discretion-saved")
    }

    static func changeTheme(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        guard let theme = Theme(rawValue: try context.form()["theme"] ?? "") else {
            throw WebError.badRequest("Choose light, dark or the same as your device.")
        }
        try environment.accountSettings.setTheme(member, theme)
        return .redirect(to: Route.accountAppearance.path + "?notice=theme-saved")
    }

    static func changeTimeZone(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let timeZone = try context.form()["time_zone"] ?? ""
        guard TimeZoneName.isValid(timeZone) else {
            var errors = FormErrors()
            errors.add("time_zone", "Choose your time zone from the list.")
            return try page(.profile, context, environment, account: member.account, errors: errors, status: .unprocessableContent)
        }
        try environment.accountSettings.setTimeZone(member, timeZone)
        return .redirect(to: Route.accountProfile.path + "?notice=time-zone-saved")
    }

    /// Everything stored about the person, as one JSON document.
    static func export(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        var export = try environment.accountSettings.export(member)
        export.checkIns = try environment.checkIns.exportParts(member)
        export.reflections = try environment.reflections.exportParts(member, detector: environment.distortions)
        export.intentions = try environment.weeklyDigest.exportParts(member)
        export.setbacks = try environment.setbacks.exportParts(member)
        export.smallSteps = try environment.setbacks.smallStepParts(member)
        export.practiceSessions = try environment.practices.exportParts(member)
        export.glimmers = try environment.glimmers.exportParts(member)
        export.worries = try environment.worries.exportParts(member)
        export.worryTime = try environment.worries.time(member).map { "\($0.startText) for \($0.minutes) minutes" }
        export.passkeys = try environment.passkeys.list(member).map(AccountExport.PasskeyPart.init)
        export.appLockMinutes = member.account.lockMinutes
        export.reminderDevices = try environment.reminderDevices.list(member).map(AccountExport.PushDevicePart.init)
        let reminders = try environment.reminders.settings(member)
        export.reminders = AccountExport.ReminderChoicesPart(
            checkIn: reminders.checkIn, checkInMinute: reminders.checkInMinute, worryTime: reminders.worryTime,
            setbackFollowUp: reminders.setback, weeklyEmail: reminders.digest, byEmail: reminders.byEmail, quiet: reminders.quiet)
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
    static func delete(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        switch try environment.accountSettings.delete(member, password: form["password"] ?? "", erasePosts: form["posts"] != "keep",
                                                      session: context.session) {
        case .sessionEnded:
            return LogInHandler.signedOut(to: endedSession, environment)
        case .wrong:
            var errors = FormErrors()
            errors.add("delete_password", "That isn’t your password, so nothing has been deleted.")
            return try page(.data, context, environment, account: member.account, errors: errors, status: .unprocessableContent)
        case .confirmed:
            let signedOut = RequestContext(request: context.request, route: context.route, scope: context.scope.signedOut, csrfToken: context.csrfToken)
            var response = try environment.render(AccountDeletedPage(), title: "Account deleted", context: signedOut)
            response.setCookie(environment.authentication.signedOutCookie)
            return response
        }
    }

    /// The security page again with a refusal beside the passkeys (or the field named), keeping the name typed.
    static func securityPage(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, typedName: String,
                             refusal: (message: String, status: HTTPStatus), field: String = "passkey") throws -> Response {
        var errors = FormErrors()
        errors.add(field, refusal.message)
        return try page(.security, context, environment, account: member.account, errors: errors, status: refusal.status, typedEmail: typedName)
    }

    private static func page(_ page: AccountPage, _ context: RequestContext, _ environment: AppEnvironment, account: Account,
                             errors: FormErrors, status: HTTPStatus = .ok, typedEmail: String? = nil) throws -> Response {
        func render(_ view: some CompiledView) throws -> Response {
            try environment.render(view, title: page.title, errors: errors, context: context, status: status)
        }
        switch page {
        case .hub:
            var hint = "Your plan, payments and renewal"
            if let member = context.scope.member, case .remaining = try environment.today(member).allowance {
                hint = "Unlimited resets for £1.99 a month"
            }
            return try render(AccountHubPage(email: account.email, subscriptionHint: hint, errors: errors))
        case .profile:
            return try render(AccountProfilePage(email: account.email, newEmail: typedEmail ?? account.email,
                                                 timeZoneOptions: environment.timeZoneOptions.selecting(account.timeZone), errors: errors))
        case .security:
            guard let member = context.scope.member else { throw WebError.notFound }
            let refusal = context.session.map { environment.passkeys.refusalToAdd(member, $0) } ?? .needsFreshProof
            var page = AccountSecurityPage(errors: errors, passkeys: try environment.passkeys.list(member).map { PasskeyRow($0, timeZone: account.timeZone) },
                                           typedName: typedEmail ?? "", lockChoices: LockChoice.all(selecting: account.lockMinutes),
                                           mayAddPasskey: refusal == nil)
            page.staffNeedsApproval = refusal == .staffNeedsApproval
            page.mayAskFirst = try page.staffNeedsApproval && environment.firstPasskeys.mayAsk(member)
            page.organisation = context.scope.tenant.name
            return try render(page)
        case .appearance:
            var page = AccountAppearancePage(chosen: account.theme, weekStartsOnSunday: account.weekStartsOnSunday, errors: errors)
            (page.discreet, page.exitButton, page.organisationExit) = (account.discreet, account.exitButton, context.scope.tenant.settings.exitButton)
            return try render(page)
        case .data:
            return try render(AccountDataPage(errors: errors))
        }
    }
}
