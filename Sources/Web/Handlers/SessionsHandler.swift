import Domain
import Foundation
import HTTPServer
import UseCases

/// `/account/sessions`: the person's signed-in devices, each with a way to sign it out.
enum SessionsHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let now = environment.clock()
        let sessions = try environment.accountSettings.sessions(member).map { session in
            SessionsPage.Device(device: session.device, lastUsed: approximateAge(now - session.lastSeenAt),
                                isCurrent: session.id == context.session?.id,
                                signOutPath: Paths.accountSessionDelete(SessionID(stored: session.id)))
        }
        return try environment.render(SessionsPage(sessions: sessions), title: "Signed-in devices", context: context)
    }

    static func signOut(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let id = try context.id("id", SessionEntity.self)
        try environment.accountSettings.signOut(member, session: id)
        if id.rawValue == context.session?.id { return LogInHandler.signedOut(to: Paths.home, environment) }
        return .redirect(to: Paths.accountSessions + "?notice=signed-out-device")
    }

    static func signOutOthers(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.accountSettings.signOutEverywhereElse(try context.member(), keeping: context.session)
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
