import Domain
import HTTPServer
import Storage

/// `GET/POST /login` and `POST /logout`.
enum LogInHandler {
    static let mismatch = "That email and password don’t match an account here. Please check them and try again."

    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        if context.scope.account != nil { return .redirect(to: Paths.home) }
        let next = Paths.safeReturn(try context.query()["next"])
        return try page(context, environment, email: "", next: next, errors: FormErrors())
    }

    static func submit(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        let now = environment.clock()
        let limits = environment.limits
        let typedEmail = form["email"] ?? ""
        let password = form["password"] ?? ""
        let next = Paths.safeReturn(form["next"])
        let address = context.request.remoteAddress
        let accountKey = context.scope.tenantID + ":" + (EmailAddress(typedEmail)?.value ?? typedEmail.lowercased())

        if let wait = limits.failedLoginsPerAddress.retryAfter(address, now: now) { throw WebError.tooManyRequests(retryAfter: wait) }
        if let wait = limits.failedLoginsPerAccount.retryAfter(accountKey, now: now) { throw WebError.tooManyRequests(retryAfter: wait) }
        // After three failures, each further try must wait longer: 2, 4, 8… seconds after the last one.
        let failures = limits.failedLoginsPerAccount.count(accountKey, now: now)
        if failures >= 3, let last = limits.failedLoginsPerAccount.latest(accountKey) {
            let delay = 1 << min(failures - 2, 9)
            if now - last < delay { throw WebError.tooManyRequests(retryAfter: delay - (now - last)) }
        }

        let account = try EmailAddress(typedEmail).flatMap { try environment.database.account(tenantID: context.scope.tenantID, email: $0) }
        // An unknown email costs the same hash as a wrong password, so timing tells nothing.
        let verified = try environment.hashingPool.run {
            environment.hasher.verify(password, against: account?.passwordHash ?? environment.dummyPasswordHash) && account != nil
        }
        guard let account, verified else {
            limits.failedLoginsPerAccount.record(accountKey, now: now)
            limits.failedLoginsPerAddress.record(address, now: now)
            var errors = FormErrors()
            errors.add("email", mismatch)
            return try page(context, environment, email: typedEmail, next: next, errors: errors, status: .unprocessableContent)
        }
        limits.failedLoginsPerAccount.reset(accountKey)
        if environment.hasher.needsRehash(account.passwordHash) {
            let fresh = try environment.hashingPool.run { try environment.hasher.hash(password) }
            try environment.database.setPasswordHash(tenantID: account.tenantID, accountID: account.id, hash: fresh,
                                                     endingSessionsExcept: nil)
        }
        var response = Response.redirect(to: next)
        response.setCookie(try environment.authentication.signIn(account, request: context.request, replacing: context.session))
        return response
    }

    static func logOut(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        if let session = context.session {
            try environment.database.deleteSession(tenantID: context.scope.tenantID, accountID: session.accountID, sessionID: session.id)
        }
        var response = Response.redirect(to: Paths.home)
        response.setCookie(environment.authentication.signedOutCookie)
        return response
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, email: String, next: String,
                             errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        var values: [String: Any] = ["email": email, "next": next]
        return try environment.renderForm("auth/login", title: "Log in", values, errors: errors, context: context, status: status)
    }
}
