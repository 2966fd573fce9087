import Domain
import Foundation
import HTTPServer
import UseCases

/// `/account/sessions`: the person's signed-in devices, each with a way to sign it out.
enum SessionsHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let now = environment.clock()
        let sessions = try environment.accountSettings.sessions(member).map { session in
            SessionsPage.Device(device: session.device, lastUsed: approximateAge(now - session.lastSeenAt),
                                isCurrent: session.id == context.session?.id,
                                signOutPath: Route.accountSessionDelete(SessionID(stored: session.id)).path)
        }
        return try environment.render(SessionsPage(sessions: sessions), title: "Signed-in devices", context: context)
    }

    static func signOut(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: SessionID) throws -> Response {
        try environment.accountSettings.signOut(member, session: id)
        if id.rawValue == context.session?.id { return LogInHandler.signedOut(to: Route.home.path, environment) }
        return .redirect(to: Route.accountSessions.path + "?notice=signed-out-device")
    }

    static func signOutOthers(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try environment.accountSettings.signOutEverywhereElse(member, keeping: context.session)
        return .redirect(to: Route.accountSessions.path + "?notice=signed-out-others")
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
