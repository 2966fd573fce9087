import Domain
import Foundation
import HTTPServer

/// `/account/sessions`: the person's signed-in devices, each with a way to sign it out.
enum SessionsHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try context.requireAccount()
        let now = environment.clock()
        let sessions = try environment.database.sessions(tenantID: account.tenantID, accountID: account.id).map { session in
            [
                "device": session.device,
                "lastUsed": approximateAge(now - session.lastSeenAt),
                "isCurrent": session.id == context.session?.id,
                "signOutPath": Paths.accountSessionDelete(SessionID(stored: session.id)),
            ] as [String: Any]
        }
        var values: [String: Any] = ["sessions": sessions, "hasOthers": sessions.count > 1]
        values.merge(Notice.values(context)) { $1 }
        return try environment.render("account/sessions", title: "Signed-in devices", values, context: context)
    }

    static func signOut(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try context.requireAccount()
        let id = try context.id("id", SessionEntity.self)
        // Another person's session id, here or in another tenant, is simply not found.
        guard try environment.database.deleteSession(tenantID: account.tenantID, accountID: account.id, sessionID: id.rawValue) else {
            throw WebError.notFound
        }
        if id.rawValue == context.session?.id {
            var response = Response.redirect(to: Paths.home)
            response.setCookie(environment.authentication.signedOutCookie)
            return response
        }
        return .redirect(to: Paths.accountSessions + "?notice=signed-out-device")
    }

    static func signOutOthers(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let account = try context.requireAccount()
        try environment.database.deleteSessions(tenantID: account.tenantID, accountID: account.id, except: context.session?.id)
        return .redirect(to: Paths.accountSessions + "?notice=signed-out-others")
    }

    /// "just now", "5 minutes ago", "3 hours ago", "2 days ago": approximate on purpose.
    static func approximateAge(_ seconds: Int) -> String {
        switch seconds {
        case ..<120: "just now"
        case ..<7200: "\(seconds / 60) minutes ago"
        case ..<172_800: "\(seconds / 3600) hours ago"
        default: "\(seconds / 86400) days ago"
        }
    }
}
