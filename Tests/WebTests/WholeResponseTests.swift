import HTTPServer
import Testing
@testable import Web

/// The main pages as whole responses (status, headers, body), answered in process and compared with
/// `Tests/Exchanges/`: a change to any byte of them, a header or a link is seen here and has to be kept on purpose.
@Suite("Whole responses, in process")
struct WholeResponseTests {
    enum Who: String, CaseIterable, Sendable { case visitor, member, admin }

    static let pages: [(Who, String, String)] = [
        (.visitor, "/", "visitor-home"),
        (.visitor, "/login", "visitor-login"),
        (.visitor, "/signup", "visitor-signup"),
        (.visitor, "/help/now", "visitor-help-now"),
        (.visitor, "/nowhere", "visitor-not-found"),
        (.visitor, "/calendar", "visitor-calendar-redirect"),
        (.member, "/", "member-home"),
        (.member, "/emotions/stressed", "member-emotion"),
        (.member, "/resets/stressed-grounding-walk", "member-reset-intro"),
        (.member, "/calendar", "member-calendar"),
        (.member, "/check-in", "member-check-in"),
        (.member, "/community", "member-community"),
        (.member, "/account", "member-account"),
        (.member, "/paywall", "member-paywall"),
        (.member, "/admin", "member-admin-not-found"),
        (.admin, "/admin", "admin-team-tools"),
        (.admin, "/admin/members", "admin-members"),
    ]

    @Test(arguments: Who.allCases)
    func theMainPagesAreExactlyAsKept(_ who: Who) throws {
        let app = try InProcessApp()
        try app.account("member@example.com")
        try app.account("admin@example.com", role: .admin)
        let visitor = try app.visitor(signedInAs: who == .visitor ? nil : "\(who.rawValue)@example.com")
        for (kind, path, name) in Self.pages where kind == who {
            try Exchange.expect(visitor.get(path), matches: name)
        }
    }

    @Test func aFormRefusedIsAnsweredWithWhatWasTypedAndEveryProblem() throws {
        let app = try InProcessApp()
        let visitor = try app.visitor()
        _ = visitor.get("/signup")
        let answer = try visitor.post("/signup", [("email", "not an address"), ("password", "short"), ("time_zone", "Europe/London")])
        try Exchange.expect(answer, matches: "visitor-signup-refused")
    }
}
