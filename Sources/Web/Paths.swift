import Domain
import Foundation

/// Every link the app prints comes from here, so a route and its links cannot drift apart.
enum Paths {
    static let home = "/"
    static let health = "/healthz"
    static let help = "/help"
    static let brand = "/brand.css"
    static let accountTheme = "/account/theme"
    static let signUp = "/signup"
    static let logIn = "/login"
    static let logOut = "/logout"
    static let account = "/account"
    static let accountPassword = "/account/password"
    static let accountTimeZone = "/account/time-zone"
    static let accountEmail = "/account/email"
    static let accountExport = "/account/export.json"
    static let accountDelete = "/account/delete"
    static let accountSessions = "/account/sessions"
    static let accountSessionsSignOutOthers = "/account/sessions/others/delete"
    static func accountSessionDelete(_ id: String) -> String { "/account/sessions/\(id)/delete" }
    static func emotion(_ id: String) -> String { "/emotions/\(id)" }
    static func reset(_ id: String) -> String { "/resets/\(id)" }
    static func resetStart(_ id: String) -> String { "/resets/\(id)/start" }
    static func runStep(_ id: String, _ step: Int) -> String { "/runs/\(id)/steps/\(step)" }
    static func runFinish(_ id: String) -> String { "/runs/\(id)/finish" }
    static func runMood(_ id: String) -> String { "/runs/\(id)/mood" }
    static func runResult(_ id: String) -> String { "/runs/\(id)/result" }
    static let calendar = "/calendar"
    static func calendarMonth(year: Int, month: Int) -> String { "/calendar?month=" + String(format: "%04d-%02d", year, month) }
    static func calendarYear(_ year: Int) -> String { "/calendar/year?year=\(year)" }
    static func calendarDay(_ day: Day) -> String { "/calendar/\(day)" }
    static let accountExportCSV = "/account/export.csv"
    static let accountWeekStart = "/account/week-start"
    static let community = "/community"
    static let communityPosts = "/community/posts"
    static func communityTopic(_ slug: String) -> String { "/community?topic=\(slug)" }
    static func postDelete(_ id: String) -> String { "/community/posts/\(id)/delete" }
    static func postReactions(_ id: String) -> String { "/community/posts/\(id)/reactions" }
    static func postReport(_ id: String) -> String { "/community/posts/\(id)/report" }
    static func postReports(_ id: String) -> String { "/community/posts/\(id)/reports" }
    static let moderation = "/admin/moderation"
    static let audit = "/admin/audit"
    static func moderate(_ id: String, _ action: String) -> String { "/admin/moderation/posts/\(id)/\(action)" }
    static func liftRestriction(_ id: String) -> String { "/admin/moderation/restrictions/\(id)/lift" }
    static let members = "/admin/members"
    static func memberRole(_ id: String) -> String { "/admin/members/\(id)/role" }
    static let settings = "/admin/settings"
    static let topics = "/admin/topics"
    static let paywall = "/paywall"
    static let subscription = "/account/subscription"
    static let subscriptionCheckout = "/account/subscription/checkout"
    static let subscriptionCancel = "/account/subscription/cancel"
    static let subscriptionResume = "/account/subscription/resume"
    static func testCheckout(_ id: String) -> String { "/checkout/test/\(id)" }
    static let paymentWebhooks = "/webhooks/payments"
    static let passwordForgot = "/password/forgot"
    static let passwordReset = "/password/reset"

    static let forTemplates: [String: String] = [
        "home": home, "help": help, "brand": brand, "accountTheme": accountTheme, "signUp": signUp, "logIn": logIn, "logOut": logOut, "account": account,
        "accountPassword": accountPassword, "accountTimeZone": accountTimeZone, "accountEmail": accountEmail, "accountExport": accountExport,
        "accountDelete": accountDelete, "accountSessions": accountSessions,
        "accountSessionsSignOutOthers": accountSessionsSignOutOthers, "passwordForgot": passwordForgot,
        "passwordReset": passwordReset, "paywall": paywall, "calendar": calendar, "accountExportCSV": accountExportCSV,
        "accountWeekStart": accountWeekStart, "community": community,
        "communityPosts": communityPosts, "moderation": moderation, "audit": audit, "members": members, "settings": settings, "topics": topics, "subscription": subscription,
        "subscriptionCheckout": subscriptionCheckout, "subscriptionCancel": subscriptionCancel,
        "subscriptionResume": subscriptionResume,
    ]

    /// Only paths on this site may be returned to after logging in; anything else goes home.
    static func safeReturn(_ path: String?) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\"), path.count <= 512,
              !path.contains(where: { $0.isNewline })
        else { return home }
        return path
    }
}
