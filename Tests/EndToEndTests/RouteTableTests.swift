import Domain
import Cryptography
import Foundation
@testable import Storage
import Testing
@testable import Web

/// Generated from the route table (`Route.Kind`), so a new route is covered the day it is added: who may use it, and
/// for every route that takes a row's id, that a made-up id and another organisation's real one are not found.
@Suite("The route table over real sockets: access and ids, for every route")
struct RouteTableTests {
    /// The table each kind's id names, so another organisation's real row can be asked for. A new route with an id
    /// fails `everyIdRouteIsCovered` until it is listed here.
    static let tables: [Route.Kind: String] = [
        .runStep: "runs", .runFinish: "runs", .runMood: "runs", .rateRun: "runs", .runResult: "runs",
        .teamMessageSeen: "team_messages",
        .ownReset: "organisation_resets", .updateOwnReset: "organisation_resets", .ownResetAction: "organisation_resets",
        .ownResetPreview: "organisation_resets",
        .postDelete: "posts", .postReactions: "posts", .postReport: "posts", .postReports: "posts", .moderationPost: "posts",
        .moderate: "posts", .liftRestriction: "posting_restrictions",
        .crisisContact: "crisis_contacts", .watchedWordRemove: "watched_words",
        .invitationRevoke: "invitations", .provisioningTokenRevoke: "scim_tokens", .checkInTagRemove: "check_in_tags",
        .setback: "setbacks", .setbackEdit: "setbacks", .updateSetback: "setbacks", .setbackAction: "setbacks",
        .practiceSession: "practice_sessions", .practiceStep: "practice_sessions", .practiceDone: "practice_sessions",
        .glimmer: "glimmers", .updateGlimmer: "glimmers", .glimmerDelete: "glimmers", .worry: "worries", .worryAction: "worries",
        .memberRole: "accounts", .approveFirstPasskey: "accounts", .testCheckout: "checkouts", .payTestCheckout: "checkouts", .accountSessionDelete: "sessions",
        .passkeyRemove: "passkeys",
        .reminderDeviceRemove: "push_devices",
    ]

    /// The kinds whose value is a row's id: their sample changes with the id it is given.
    static let idKinds = Route.Kind.allCases.filter {
        Route.sample($0, id: String(repeating: "a", count: 32)) != Route.sample($0, id: String(repeating: "b", count: 32))
    }

    /// A form each route would accept, so the answer is about the id, not about an empty form.
    static let validForms: [Route.Kind: [(String, String)]] = [
        .postReactions: [("kind", "hug")], .memberRole: [("role", "moderator")],
        .crisisContact: [("name", "Someone else's"), ("purpose", "Any time"), ("phone", "+44 1234 567890")],
        .payTestCheckout: [("card_number", "4242 4242 4242 4242")],
        .moderate: [("note", "")],
        .updateSetback: [("kind", "work"), ("hurt", "3")],
        .updateGlimmer: [("text", "Someone else's glimmer")],
    ]

    static let signedInKinds = Route.Kind.allCases.filter { [.member, .privateMember, .credentials, .moderator, .admin].contains($0.access) }

    @Test func everyIdRouteIsCovered() {
        #expect(Set(Self.idKinds) == Set(Self.tables.keys))
    }

    /// Signed out, members-only pages ask to log in and staff pages do not exist; a member finds no staff page, a
    /// moderator no admin page; and whoever may use a route reaches its handler (never the 404 a disagreement between
    /// the table and the dispatch would give, for the routes without an id).
    @Test func accessFollowsTheTable() throws {
        let app = try RunningApp()
        let visitor = app.browser()
        _ = try visitor.get("/login")
        let member = app.browser()
        try member.signUp("member@example.com")
        let moderator = try staff(app, "moderator@example.com", .moderator)
        let admin = try staff(app, "admin@example.com", .admin)
        for kind in Self.signedInKinds {
            let route = Route.sample(kind)
            func ask(_ browser: Browser) throws -> RawClient.Answer {
                kind.method == "GET" ? try browser.get(route.path) : try browser.post(route.path, [])
            }
            let signedOut = try ask(visitor)
            if kind.access.isForMembers {
                #expect(signedOut.status == 303, "\(kind)")
                #expect(signedOut.header("Location")?.hasPrefix("/login?next=") == true, "\(kind)")
            } else {
                #expect(signedOut.status == 404, "\(kind)")
            }
            if !kind.access.isForMembers { #expect(try ask(member).status == 404, "\(kind)") }
            if kind.access == .admin { #expect(try ask(moderator).status == 404, "\(kind)") }
            // (A mailed link's page without its token says the link has expired, as the log-in link's does.)
            if kind.method == "GET", !Self.idKinds.contains(kind), kind != .firstPasskey {
                let allowed = kind.access == .admin ? admin : kind.access == .moderator ? moderator : member
                let answer = try ask(allowed)
                #expect([200, 303].contains(answer.status), "\(kind) answered \(answer.status)")
            }
        }
    }

    /// Every route that takes an id, asked by someone who may use it: with an id nobody has, and with real ids of
    /// the same kind from another organisation, the answer is 404 and nothing changes there.
    @Test func idsNobodyHasAndOtherOrganisationsIdsAreNotFound() throws {
        let app = try RunningApp(pushKey: PushTests.pushKey)
        let database = app.environment.database
        try fillTheDefaultOrganisation(app)
        _ = try database.createTenant(slug: "acme", name: "Acme Ltd")
        let acme = try staff(app, "admin@acme.example", .admin, tenant: "acme", host: "acme.localhost")
        let before = try counts(app)
        for kind in Self.idKinds {
            let table = try #require(Self.tables[kind])
            let theirs = try #require(try database.read { db in
                try db.string(sql: "SELECT id FROM \(table) WHERE tenant_id = (SELECT id FROM tenants WHERE slug = 'default') LIMIT 1")
            }, "no \(table) row in the default organisation to ask for")
            for id in [theirs, SecureRandom.hex(16)] {
                let route = Route.sample(kind, id: id)
                let answer = kind.method == "GET" ? try acme.get(route.path) : try acme.post(route.path, Self.validForms[kind] ?? [])
                if kind == .payTestCheckout {
                    // The Pay button's answer for a checkout that is not open for this person is the one for a
                    // checkout already paid (a double click): their own subscription page, which tells nothing.
                    #expect(answer.status == 303 && answer.header("Location") == Route.subscription.path, "\(answer.status)")
                } else {
                    #expect(answer.status == 404, "\(kind) \(route.path) answered \(answer.status)")
                }
            }
        }
        #expect(try counts(app) == before, "nothing changed in the default organisation")
    }

    private func counts(_ app: RunningApp) throws -> [Int] {
        try Set(Self.tables.values).sorted().map { table in
            try app.environment.database.read { db in try db.int(sql: "SELECT count(*) FROM \(table)") ?? 0 }
        }
    }

    /// One row of every table an id route names, made the way people make them.
    private func fillTheDefaultOrganisation(_ app: RunningApp) throws {
        let member = app.browser()
        try member.signUp("someone@example.com")
        #expect(try member.post("/resets/stressed-tense-release/start", []).status == 303)
        #expect(try share(member, "A small win today").status == 303)
        #expect(try member.post("/setbacks", [("kind", "job"), ("hurt", "6")]).status == 303)
        #expect(try member.post("/practices/humming/start", []).status == 303)
        #expect(try member.post("/glimmers", [("text", "Sun on the bench")]).status == 303)
        #expect(try member.post("/worries", [("text", "The boiler"), ("answer", "no")]).status == 303)
        #expect(try member.post("/account/subscription/checkout", []).status == 303)
        #expect(try member.addPasskey(SoftwareAuthenticator()).status == 303)
        let keys = PushTests.browserKeys()
        #expect(try member.post("/account/reminders/devices", [("endpoint", "https://push.example.net/one"), ("p256dh", keys.p256dh),
                                                               ("auth", keys.auth)]).status == 303)
        let post = try postID(app, body: "A small win today")
        let admin = try staff(app, "admin@example.com", .admin)
        _ = try admin.get("/admin")
        #expect(try admin.post("/admin/moderation/posts/\(post)/reach-out", [("message", "We’re here for you.")]).status == 303)
        #expect(try admin.post("/admin/moderation/posts/\(post)/restrict", [("confirm", "yes"), ("days", "7"), ("note", "")]).status == 303)
        #expect(try admin.post("/admin/crisis-contacts", [("name", "Campus security"), ("purpose", "On campus"), ("phone", "+44 1234 567890")]).status == 303)
        #expect(try admin.post("/admin/watched-words", [("phrase", "biscuits"), ("action", "hold")]).status == 303)
        #expect(try admin.post("/admin/check-in-tags", [("label", "Night shift")]).status == 303)
        #expect(try admin.post("/admin/joining/invitations", [("label", "Team"), ("uses", "5"), ("days", "7")]).status == 200)
        #expect(try admin.post("/admin/joining/scim-tokens", [("token_label", "Entra ID")]).status == 200)
        _ = try OrganisationResetsTests.write(admin, OrganisationResetsTests.fields(name: "Desk pause"))
    }
}
