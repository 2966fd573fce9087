import Domain
import Foundation

/// The moderation actions a post's URL can name.
enum ModerationRoute: String, Sendable {
    case approve, hide, delete, restrict
    case reachOut = "reach-out", escalate, note = "notes", authorNote = "author-notes", assign, unassign
}

/// Every link the app prints comes from here, so a route and its links cannot drift apart.
enum Paths {
    static let home = "/"
    static let health = "/healthz"
    static let ready = "/readyz"
    static let metrics = "/metrics"
    static let help = "/help"
    static let helpNow = "/help/now"
    static let helpTalk = "/help/talk"
    static let helpBreathe = "/help/breathe"
    static let helpGround = "/help/ground"
    static let helpSafe = "/help/safe"
    /// A help page that remembers where the person came from, for "I'm safe for now".
    static func help(_ page: String, from: String) -> String { page + "?from=" + PercentEncoding.encode(safeReturn(from)) }
    static func teamMessageSeen(_ id: TeamMessageID) -> String { "/messages/\(id)/seen" }
    static let brand = "/brand.css"
    static let logo = "/brand/logo.png"
    static let adminLogo = "/admin/logo"
    static let adminResets = "/admin/resets"
    static func adminReset(_ id: String, _ action: String) -> String { "/admin/resets/\(PercentEncoding.encode(id))/" + action }
    /// The organisation's own resets: writing one, editing, its actions (publish, unpublish, up, down, delete) and its
    /// preview in the player.
    static let ownResets = "/admin/own-resets"
    static let ownResetNew = "/admin/own-resets/new"
    static func ownReset(_ id: OrganisationResetID) -> String { "/admin/own-resets/\(id)" }
    static func ownResetAction(_ id: OrganisationResetID, _ action: String) -> String { "/admin/own-resets/\(id)/" + action }
    static func ownResetPreview(_ id: OrganisationResetID, _ step: Int) -> String { "/admin/own-resets/\(id)/preview/\(step)" }
    static let accountTheme = "/account/theme"
    static let signUp = "/signup"
    static let logIn = "/login"
    static let logInLink = "/login/link"
    /// Single sign-on: POST begins it with a provider (`/login/sso/<provider id>`); the provider sends people back
    /// to the callback, whose absolute URL is registered with the provider.
    static func signOnStart(_ providerID: String) -> String { "/login/sso/" + providerID }
    static let signOnCallback = "/login/sso/callback"
    static let adminSignOn = "/admin/single-sign-on"
    static let adminSignOnRemove = "/admin/single-sign-on/remove"
    static let signUpConfirm = "/signup/confirm"
    static let logOut = "/logout"
    static let account = "/account"
    static let accountProfile = "/account/profile"
    static let accountSecurity = "/account/security"
    static let accountAppearance = "/account/appearance"
    static let accountData = "/account/data"
    static let staff = "/admin"
    static let accountPassword = "/account/password"
    static let accountTimeZone = "/account/time-zone"
    static let accountEmail = "/account/email"
    static let accountExport = "/account/export.json"
    static let accountDelete = "/account/delete"
    static let accountSessions = "/account/sessions"
    static let accountSessionsSignOutOthers = "/account/sessions/others/delete"
    static func accountSessionDelete(_ id: SessionID) -> String { "/account/sessions/\(id)/delete" }
    static func emotion(_ id: String) -> String { "/emotions/" + segment(id) }
    static func reset(_ id: String) -> String { "/resets/" + segment(id) }
    static func resetStart(_ id: String) -> String { "/resets/" + segment(id) + "/start" }
    static func runStep(_ id: RunID, _ step: Int) -> String { "/runs/\(id)/steps/\(step)" }
    static func runFinish(_ id: RunID) -> String { "/runs/\(id)/finish" }
    static func runMood(_ id: RunID) -> String { "/runs/\(id)/mood" }
    static func runResult(_ id: RunID) -> String { "/runs/\(id)/result" }
    static let calendar = "/calendar"
    static let checkIn = "/check-in"
    static let calendarColours = "/calendar/colours"
    static let reflection = "/reflection"
    static let insights = "/insights"
    static let accountReport = "/account/report"
    static let digest = "/insights/week"
    static let digestIntention = "/insights/week/intention"
    static let digestEmail = "/insights/week/email"
    static func calendarMonth(year: Int, month: Int) -> String { "/calendar?month=" + Digits.padded(year, 4) + "-" + Digits.padded(month, 2) }
    static func calendarYear(_ year: Int) -> String { "/calendar/year?year=\(year)" }
    static func calendarDay(_ day: Day) -> String { calendarDayPrefix + day.description }
    /// A day's path before the day itself, for pages that write hundreds of them (`HTMLFragment.day`).
    static let calendarDayPrefix = "/calendar/"
    static let accountExportCSV = "/account/export.csv"
    static let accountCheckInsCSV = "/account/check-ins.csv"
    static let accountWeekStart = "/account/week-start"
    static let community = "/community"
    static let communityPosts = "/community/posts"
    static func communityTopic(_ slug: String) -> String { "/community?topic=" + PercentEncoding.encode(slug) }
    static func postDelete(_ id: PostID) -> String { "/community/posts/\(id)/delete" }
    static func postReactions(_ id: PostID) -> String { "/community/posts/\(id)/reactions" }
    static func postReport(_ id: PostID) -> String { "/community/posts/\(id)/report" }
    static func postReports(_ id: PostID) -> String { "/community/posts/\(id)/reports" }
    static let moderation = "/admin/moderation"
    static let audit = "/admin/audit"
    static let auditCSV = "/admin/audit.csv"
    static func moderationPost(_ id: PostID) -> String { "/admin/moderation/posts/\(id)" }
    static let crisisContacts = "/admin/crisis-contacts"
    static func crisisContact(_ id: CrisisContactID, _ action: String) -> String { "/admin/crisis-contacts/\(id)/" + action }
    static let watchedWords = "/admin/watched-words"
    static func watchedWordRemove(_ id: WatchedWordID) -> String { "/admin/watched-words/\(id)/remove" }
    static let checkInTags = "/admin/check-in-tags"
    static let scim = "/scim/v2"
    static let joining = "/admin/joining"
    static let provisioningTokens = "/admin/joining/scim-tokens"
    static func provisioningTokenRevoke(_ id: ProvisioningTokenID) -> String { "/admin/joining/scim-tokens/\(id)/revoke" }
    static let joiningInvitations = "/admin/joining/invitations"
    static func invitationRevoke(_ id: InvitationID) -> String { "/admin/joining/invitations/\(id)/withdraw" }
    static let organisationInsights = "/admin/insights"
    static let organisationInsightsCSV = "/admin/insights.csv"
    static let groupSize = "/admin/insights/group-size"
    static func checkInTagRemove(_ id: CheckInTagID) -> String { "/admin/check-in-tags/\(id)/remove" }
    static func moderate(_ id: PostID, _ action: ModerationRoute) -> String { "/admin/moderation/posts/\(id)/\(action.rawValue)" }
    static func liftRestriction(_ id: RestrictionID) -> String { "/admin/moderation/restrictions/\(id)/lift" }
    static let members = "/admin/members"
    static func memberRole(_ id: AccountID) -> String { "/admin/members/\(id)/role" }
    static let settings = "/admin/settings"
    static let topics = "/admin/topics"
    static let paywall = "/paywall"
    static let subscription = "/account/subscription"
    static let subscriptionCheckout = "/account/subscription/checkout"
    static let subscriptionCancel = "/account/subscription/cancel"
    static let subscriptionResume = "/account/subscription/resume"
    static func testCheckout(_ id: CheckoutID) -> String { "/checkout/test/\(id)" }
    static let paymentWebhooks = "/webhooks/payments"
    static let passwordForgot = "/password/forgot"
    static let passwordReset = "/password/reset"

    /// One path segment, percent-encoded: whatever the text, it stays inside its segment.
    static func segment(_ text: String) -> String { PercentEncoding.encode(text) }

    /// Only paths on this site may be returned to after logging in; anything else goes home.
    /// A path starts with exactly one `/` and holds only the characters of a path and query (RFC 3986),
    /// so no tab, space, backslash or control character can make a browser read it as another host.
    static func safeReturn(_ path: String?) -> String {
        guard let path, isSafeReturn(path) else { return home }
        return path
    }

    static func isSafeReturn(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard (1...512).contains(bytes.count), bytes[0] == UInt8(ascii: "/") else { return false }
        if bytes.count > 1, bytes[1] == UInt8(ascii: "/") { return false }
        return bytes.allSatisfy { safePathBytes[Int($0)] }
    }

    /// unreserved / sub-delims / ":" / "@" / "/" / "?" / "%" (escapes stay escaped).
    private static let safePathBytes: [Bool] = (0...255).map { byte in
        switch byte {
        case 48...57, 65...90, 97...122: true
        case 45, 46, 95, 126: true                                  // - . _ ~
        case 33, 36, 38, 39, 40, 41, 42, 43, 44, 59, 61: true        // ! $ & ' ( ) * + , ; =
        case 58, 64, 47, 63, 37: true                               // : @ / ? %
        default: false
        }
    }
}
