import Domain
import HTTPServer
import Storage

/// Asking a signed-in person for their password before a change (password, email, deletion). Each check is an
/// Argon2 hash, so wrong answers are counted like failed logins: after a few, the session ends, and the
/// account's login failures grow too (so guessing through a stolen session meets the same step-up).
enum PasswordConfirmation {
    enum Outcome {
        case confirmed
        case wrong
        /// Too many wrong answers: the session is over; answer with this response.
        case sessionEnded(Response)
    }

    static func check(_ password: String, account: Account, context: RequestContext, environment: AppEnvironment) throws -> Outcome {
        let now = environment.clock()
        let limits = environment.limits
        let key = account.tenantID + ":" + account.id
        if limits.failedPasswordConfirmations.retryAfter(key, now: now) != nil {
            return .sessionEnded(try endSession(context, environment))
        }
        let verified = try environment.hashingPool.run { environment.hasher.verify(String(password.prefix(1024)), against: account.passwordHash) }
        if verified { return .confirmed }
        limits.failedPasswordConfirmations.record(key, now: now)
        limits.failedLoginsPerAccount.record(LogInHandler.accountKey(tenantID: account.tenantID, email: account.email), now: now)
        if limits.failedPasswordConfirmations.retryAfter(key, now: now) != nil {
            return .sessionEnded(try endSession(context, environment))
        }
        return .wrong
    }

    private static func endSession(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        if let session = context.session {
            try environment.database.deleteSession(tenantID: context.scope.tenantID, accountID: session.accountID, sessionID: session.id)
        }
        var response = Response.redirect(to: Paths.logIn + "?notice=signed-out-for-safety")
        response.setCookie(environment.authentication.signedOutCookie)
        return response
    }
}
