import Domain
import HTTPServer
import UseCases

/// The app lock's page and its password form, and the member's choice of how long it waits (on the security page).
/// The same page asks staff to confirm with a passkey when their organisation requires one (`Access.requireStrongProof`).
enum AppLockHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let query = try context.query()
        return try page(context, environment, member, next: ReturnPath.safe(query["next"]), purpose: UnlockPurpose(query["for"]))
    }

    static func unlockWithPassword(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let next = ReturnPath.safe(form["next"])
        let purpose = UnlockPurpose(form["for"]), carried = LockedForm.Carried(form)
        guard let session = context.session else { throw WebError.notFound }
        switch try environment.appLock.unlock(member, session: session, password: form["password"] ?? "") {
        case .confirmed: return try carried.map { try LockedForm.offerBack($0, next: next, context, environment) } ?? .redirect(to: next)
        case .sessionEnded: return LogInHandler.signedOut(to: AccountHandler.endedSession, environment)
        case .wrong:
            return try page(context, environment, member, next: next, purpose: purpose == .staff ? .lock : purpose, carried: carried,
                            error: ("password", "That isn’t your password. Please try again."), status: .unprocessableContent)
        }
    }

    static func setMinutes(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        guard let minutes = WholeNumber.parse(form["minutes"] ?? "", in: 0...60), try environment.appLock.setMinutes(member, minutes) else {
            return try AccountHandler.securityPage(context, environment, member, typedName: "",
                                                   refusal: ("Please choose one of the times offered.", .unprocessableContent), field: "minutes")
        }
        return .redirect(to: Route.accountSecurity.path + "?notice=lock-saved")
    }

    /// The page, with the organisation's sign-in as a way back in for a member who has neither a password nor a
    /// passkey (never a link to add a passkey from the locked session: that would open the lock for anyone).
    static func page(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, next: String, purpose: UnlockPurpose,
                     carried: LockedForm.Carried? = nil, error: (field: String, message: String)? = nil, status: HTTPStatus = .ok) throws -> Response {
        var errors = FormErrors()
        if let error { errors.add(error.field, error.message) }
        let signOn = purpose == .staff ? nil : try SingleSignOnHandler.signOnButton(context, environment, next: next)
        let page = UnlockPage(next: next, purpose: purpose, organisation: context.scope.tenant.name,
                              hasPasskeys: !(try environment.passkeys.list(member)).isEmpty,
                              hasPassword: AppLock.hasPassword(member.account), signOn: signOn, errors: errors,
                              carryAction: carried?.action, carried: carried?.hidden ?? [])
        var response = try environment.render(page, title: purpose == .lock ? "Unlock" : "Confirm it’s you", errors: errors, context: context,
                                              status: status)
        SingleSignOnHandler.allowForm(signOn, &response)
        return response
    }
}
