import Domain
import HTTPServer
import UseCases

/// `GET/POST /signup` and `/signup/confirm`: email, password and time zone (filled in by script, a select
/// without it), then a link by email that creates the account (rules in `SignUps`).
enum SignUpHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        if context.scope.account != nil { return .redirect(to: Route.home.path) }
        let query = try context.query()
        let next = ReturnPath.safe(query["next"])
        // With an invitation link: the form carries it. Without one, where joining is by invitation only, say so.
        var invitation: String?
        if try environment.signUps.requiresSingleSignOn(context.scope) {
            return try notEligible(context, environment, .singleSignOnOnly)
        } else if let token = query["invitation"] {
            guard try environment.signUps.invitation(context.scope, token: token) != nil else { return try notEligible(context, environment, .invitationEnded) }
            invitation = token
        } else if context.scope.tenant.settings.signUpPolicy.rule == .invitations {
            return try notEligible(context, environment, .notEligible)
        }
        return try page(context, environment, email: "", timeZone: TimeZoneName.fallback, next: next, invitation: invitation, errors: FormErrors())
    }

    /// Why someone cannot join, kindly, and what they can do: 403 for the organisation's rule, 410 for a link that ended.
    static func notEligible(_ context: RequestContext, _ environment: AppEnvironment, _ problem: SignUps.Problem) throws -> Response {
        let tenant = context.scope.tenant
        let policy = tenant.settings.signUpPolicy
        let (heading, reason): (String, String) = switch problem {
        case .invitationEnded:
            ("This invitation has ended",
             "It may have been used as many times as it allows, reached its end date, or been withdrawn. Please ask whoever sent it for a new one.")
        case .singleSignOnOnly:
            ("Sign in with \(tenant.name)’s account",
             "\(tenant.name) signs its people in to Resett with the account you use at work or study, so there’s no password to make. Your Resett account is made the first time you sign in.")
        case .notEligible:
            ("Joining \(tenant.name) is by invitation",
             policy.rule == .domains
                ? "You can sign up with an email address at \(policy.domains.joined(separator: ", ")), or with an invitation link from \(tenant.name)."
                : "\(tenant.name) invites its people to Resett. If you should have an invitation, please ask the person who looks after wellbeing there.")
        }
        let button = try SingleSignOnHandler.signOnButton(context, environment, next: Route.home.path)
        var response = try environment.render(NotEligiblePage(heading: heading, reason: reason, signOn: button), title: heading,
                                              context: context, status: problem == .invitationEnded ? .gone : .forbidden)
        SingleSignOnHandler.allowForm(button, &response)
        return response
    }

    static func submit(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        let typedEmail = String((form["email"] ?? "").prefix(320))
        let password = form["password"] ?? ""
        let next = ReturnPath.safe(form["next"])
        let invitation = form["invitation"].flatMap { $0.isEmpty ? nil : String($0.prefix(64)) }
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
            return try page(context, environment, email: typedEmail, timeZone: timeZone, next: next, invitation: invitation, errors: errors,
                            status: .unprocessableContent)
        }
        do {
            try environment.signUps.request(context.scope, email: email, password: password, timeZone: timeZone, returnTo: next,
                                            clientAddress: context.clientAddress(trustedProxies: environment.configuration.trustedProxies),
                                            invitation: invitation)
        } catch SignUps.Problem.notEligible {
            let policy = context.scope.tenant.settings.signUpPolicy
            guard policy.rule == .domains else { return try notEligible(context, environment, .notEligible) }
            errors.add("email", "Please use your email address at \(policy.domains.joined(separator: " or ")). If you don’t have one, ask \(context.scope.tenant.name) for an invitation link.")
            return try page(context, environment, email: typedEmail, timeZone: timeZone, next: next, invitation: nil, errors: errors,
                            status: .forbidden)
        } catch SignUps.Problem.invitationEnded {
            return try notEligible(context, environment, .invitationEnded)
        } catch SignUps.Problem.singleSignOnOnly {
            return try notEligible(context, environment, .singleSignOnOnly)
        }
        return try environment.render(SignUpSentPage(email: email.value), title: "Check your email", context: context)
    }

    static func showConfirm(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try EmailedLink.page(context, environment, title: "Finish signing up",
                             explanation: "Thank you for confirming your email. One more tap and your account is ready.",
                             action: Route.signUpConfirm.path, button: "Create my account") { token in
            try environment.signUps.isLive(context.scope, token: token)
        }
    }

    static func confirm(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        switch try environment.signUps.confirm(context.scope, token: try context.form()["token"] ?? "") {
        case .expired: return try LogInHandler.linkExpired(context, environment)
        case .notEligible: return try notEligible(context, environment, .notEligible)
        case .invitationEnded: return try notEligible(context, environment, .invitationEnded)
        case .taken: return .redirect(to: Route.logIn.path)
        case .created(let account, let returnTo):
            return try LogInHandler.signedIn(account, goingTo: ReturnPath.safe(returnTo), context, environment)
        }
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, email: String, timeZone: String,
                             next: String, invitation: String?, errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let policy = context.scope.tenant.settings.signUpPolicy
        let hint = policy.rule == .domains && invitation == nil ? "Use your email address at \(policy.domains.joined(separator: " or "))." : nil
        let button = try SingleSignOnHandler.signOnButton(context, environment, next: next)
        let page = SignUpPage(email: email, next: next, invitation: invitation, emailHint: hint,
                              chosenTimeZone: timeZone,
                              timeZoneOptions: environment.timeZoneOptions.selecting(timeZone), signOn: button, errors: errors)
        var response = try environment.render(page, title: "Sign up", errors: errors, context: context, status: status)
        SingleSignOnHandler.allowForm(button, &response)
        return response
    }
}
