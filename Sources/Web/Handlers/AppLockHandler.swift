import Domain
import HTTPServer
import UseCases

/// The app lock's page and its password form, and the member's choice of how long it waits (on the security page).
/// The same page asks staff to confirm with a passkey when their organisation requires one (`Access.requireStrongProof`).
enum AppLockHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let query = try context.query()
        return try page(context, environment, member, next: ReturnPath.safe(query["next"]), forStaff: query["for"] == "staff")
    }

    static func unlockWithPassword(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let next = ReturnPath.safe(form["next"])
        guard let session = context.session else { throw WebError.notFound }
        switch try environment.appLock.unlock(member, session: session, password: form["password"] ?? "") {
        case .confirmed: return .redirect(to: next)
        case .sessionEnded: return LogInHandler.signedOut(to: AccountHandler.endedSession, environment)
        case .wrong:
            return try page(context, environment, member, next: next, forStaff: false,
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

    static func page(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, next: String, forStaff: Bool,
                     error: (field: String, message: String)? = nil, status: HTTPStatus = .ok) throws -> Response {
        var errors = FormErrors()
        if let error { errors.add(error.field, error.message) }
        let page = UnlockPage(next: next, forStaff: forStaff, organisation: context.scope.tenant.name,
                              hasPasskeys: !(try environment.passkeys.list(member)).isEmpty,
                              hasPassword: AppLock.hasPassword(member.account), errors: errors)
        return try environment.render(page, title: forStaff ? "Confirm it’s you" : "Unlock", errors: errors, context: context, status: status)
    }
}
