import Domain
import Foundation
import Testing
@testable import Storage

/// The community, history and tenant configuration versions move by the schema's triggers (Migrations/*/…version_triggers.sql,
/// …tenant_version.sql), in the transaction of the change, on both databases: every change to what the kept pages show
/// moves the right tenant's or person's number on, and nobody else's.
@Suite("Versions moved by triggers")
struct VersionTriggerTests {
    /// The one number `sql` reads with `argument`.
    func number(_ app: RunningApp, _ sql: String, _ argument: any SQLBindable) throws -> Int {
        try #require(try app.environment.database.read { try $0.int(sql: sql, arguments: [argument]) })
    }

    func communityVersion(_ app: RunningApp, _ tenant: TenantID) throws -> Int {
        try number(app, "SELECT version FROM community_versions WHERE tenant_id = ?", tenant)
    }

    func historyVersion(_ app: RunningApp, _ email: String) throws -> Int {
        try number(app, "SELECT history_version FROM accounts WHERE email = ?", email)
    }

    func configVersion(_ app: RunningApp, _ tenant: TenantID) throws -> Int {
        try number(app, "SELECT config_version FROM tenants WHERE id = ?", tenant)
    }

    @Test func everyChangeTheFeedOrQueueShowsMovesItsTenantOnAndNoOther() throws {
        let app = try RunningApp()
        let tenant = try #require(try app.environment.database.tenant(slug: "default")).id
        let other = try app.environment.database.createTenant(slug: "elsewhere", name: "Elsewhere").id
        let author = app.browser(), reader = app.browser()
        try author.signUp("trigger.author@example.com")
        try reader.signUp("trigger.reader@example.com")
        let mod = try staff(app, "trigger.mod@example.com", .moderator)
        var post = ""

        func moves(_ what: String, _ change: () throws -> Void) throws {
            let before = try communityVersion(app, tenant), otherBefore = try communityVersion(app, other)
            try change()
            #expect(try communityVersion(app, tenant) > before, "\(what) moves the version on")
            #expect(try communityVersion(app, other) == otherBefore, "\(what) leaves another organisation's alone")
        }
        try moves("a post") {
            #expect(try share(author, "Something I wanted to say").status == 303)
            post = try postID(app, body: "Something I wanted to say")
        }
        try moves("a reaction") { () throws in #expect(try reader.post("/community/posts/\(post)/reactions", [("kind", "hug")]).status == 303) }
        try moves("a report") {
            _ = try reader.get("/community/posts/\(post)/report")
            #expect(try reader.post("/community/posts/\(post)/reports", [("reason", "other"), ("note", "It felt unkind")]).status == 303)
        }
        try moves("a moderator hiding it") { () throws in #expect(try mod.post("/admin/moderation/posts/\(post)/hide", []).status == 303) }
        try moves("a topic renamed") {
            try app.environment.database.write { db in
                try db.execute(sql: "UPDATE community_topics SET name = 'Little wins' WHERE tenant_id = ? AND slug = 'wins'", arguments: [tenant])
            }
        }
        try moves("a staff member's new address") {
            let account = try #require(try app.environment.database.account(tenantID: tenant, email: EmailAddress("trigger.mod@example.com")!))
            try app.environment.database.setEmail(tenantID: tenant, accountID: account.id, email: EmailAddress("trigger.moderator@example.com")!)
        }

        // A statement that changes no row (another tenant's post, one already gone) changes nothing anyone sees.
        let before = try communityVersion(app, tenant)
        try app.environment.database.write { db in
            try db.execute(sql: "UPDATE posts SET body = 'x' WHERE tenant_id = ? AND id = ?", arguments: [other, post])
        }
        #expect(try communityVersion(app, tenant) == before)
    }

    @Test func aPersonsRunsCheckInsSetbacksPracticesGlimmersReflectionsWorriesAndSubscriptionMoveTheirHistoryOnAndNobodyElses() throws {
        let app = try RunningApp()
        let member = app.browser(), neighbour = app.browser()
        try member.signUp("trigger.history@example.com")
        try neighbour.signUp("trigger.neighbour@example.com")

        func moves(_ what: String, _ change: () throws -> Void) throws {
            let before = try historyVersion(app, "trigger.history@example.com")
            let neighbourBefore = try historyVersion(app, "trigger.neighbour@example.com")
            try change()
            #expect(try historyVersion(app, "trigger.history@example.com") > before, "\(what) moves the history on")
            #expect(try historyVersion(app, "trigger.neighbour@example.com") == neighbourBefore, "\(what) is nobody else's")
        }
        var run = ""
        try moves("starting a reset") { run = try ResetFlowTests().start(member, "tired-blink-track") }
        try moves("finishing it") { () throws in #expect(try member.post("/runs/\(run)/finish", [("outcome", "early")]).status == 303) }
        try moves("rating it") { () throws in #expect(try member.post("/runs/\(run)/mood", [("mood", "6")]).status == 303) }
        try moves("checking in") {
            _ = try member.get("/check-in")
            #expect(try member.post("/check-in", [("rating", "4"), ("note", "")]).status == 303)
        }
        var setback = ""
        try moves("logging a setback") {
            let logged = try member.post("/setbacks", [("kind", "job"), ("hurt", "5")])
            setback = String(try #require(logged.header("Location")).dropFirst("/setbacks/".count).prefix(32))
        }
        try moves("moving on from it") { () throws in #expect(try member.post("/setbacks/\(setback)/moved-on", []).status == 303) }
        try moves("deleting it") { () throws in #expect(try member.post("/setbacks/\(setback)/delete", []).status == 303) }
        try moves("keeping a glimmer") { () throws in #expect(try member.post("/glimmers", [("text", "Warm bread")]).status == 303) }
        try moves("reflecting") { () throws in #expect(try member.post("/reflection", [("step", "1"), ("intensity", "6")]).status == 303) }
        var session = ""
        try moves("starting a practice") {
            let started = try member.post("/practices/container/start", [("mood_before", "4")])
            session = String(try #require(started.header("Location")).dropFirst("/practices/sessions/".count).prefix(32))
        }
        try moves("finishing it") { () throws in #expect(try member.post("/practices/sessions/\(session)/done", []).status == 303) }
        var worry = ""
        try moves("writing a worry down") {
            let written = try member.post("/worries", [("text", "The boiler"), ("answer", "")])
            worry = String(try #require(written.header("Location")).dropFirst("/worries/".count).prefix(32))
        }
        try moves("parking it") { () throws in #expect(try member.post("/worries/\(worry)/cannot", []).status == 303) }
        try moves("deleting it") { () throws in #expect(try member.post("/worries/\(worry)/delete", []).status == 303) }
        try moves("setting worry time") { () throws in
            #expect(try member.post("/worries/time", [("start", "18:00"), ("minutes", "15")]).status == 303)
        }
        try moves("changing it") { () throws in
            #expect(try member.post("/worries/time", [("start", "19:30"), ("minutes", "20")]).status == 303)
        }
        try moves("clearing it") { () throws in #expect(try member.post("/worries/time", [("clear", "yes")]).status == 303) }
        // Their subscription too (the day's allowance is kept under the number), whoever changes it.
        let database = app.environment.database
        let tenant = try #require(try database.tenant(slug: "default")).id
        let account = try #require(try database.account(tenantID: tenant, email: EmailAddress("trigger.history@example.com")!)).id
        func event(_ id: String, _ kind: PaymentEvent.Kind) throws {
            let event = PaymentEvent(id: id, kind: kind, accountID: account, amount: Money(minor: 199, currency: "GBP"),
                                     periodEnd: 2_000_000_000, graceUntil: 2_000_000_000)
            #expect(try database.applyPaymentEvent(tenantID: tenant, event: event, now: 1_800_000_000))
        }
        try moves("subscribing") { try event("evt-trigger-paid", .checkoutPaid) }
        try moves("cancelling") { () throws in #expect(try database.cancelSubscription(tenantID: tenant, accountID: account, now: 1_800_000_000)) }
        try moves("resuming") { () throws in #expect(try database.resumeSubscription(tenantID: tenant, accountID: account, now: 1_800_000_000)) }
        try moves("a renewal failing") { try event("evt-trigger-failed", .renewalFailed) }
        try moves("the grace ending") { () throws in #expect(try database.expireSubscriptions(now: 2_000_000_001) == 1) }
    }

    /// Every request keeps the tenant it decoded under this version (`keptTenant`): any statement that changes the
    /// row, whoever runs it, must move it, and a page must show the change at once.
    @Test func anyChangeToATenantMovesItsVersionOnAndThePagesShowItAtOnce() throws {
        let app = try RunningApp()
        let tenant = try #require(try app.environment.database.tenant(slug: "default")).id
        let other = try app.environment.database.createTenant(slug: "elsewhere", name: "Elsewhere").id
        let member = app.browser()
        try member.signUp("trigger.tenant@example.com")
        #expect(try member.get("/").status == 200)

        func change(_ what: String, _ sql: String, _ arguments: SQLArguments) throws {
            let before = try configVersion(app, tenant), otherBefore = try configVersion(app, other)
            try app.environment.database.write { db in try db.execute(sql: sql, arguments: arguments) }
            #expect(try configVersion(app, tenant) == before + 1, "\(what) moves the version on once")
            #expect(try configVersion(app, other) == otherBefore, "\(what) leaves another organisation's alone")
        }
        // Written straight to the database, as another node would: nothing in this process hears of it.
        try change("a new name", "UPDATE tenants SET name = 'Harbour Trust' WHERE id = ?", [tenant])
        #expect(try member.get("/").text.contains("Harbour Trust"))
        try change("the community turned off", "UPDATE tenants SET community_enabled = 0 WHERE id = ?", [tenant])
        #expect(try member.get("/community").status == 404)
        try change("the community turned on again", "UPDATE tenants SET community_enabled = 1 WHERE id = ?", [tenant])
        #expect(try member.get("/community").status == 200)
        // A statement that moves the version itself (crisis contacts do) moves it once, not twice.
        try change("a hand-made move", "UPDATE tenants SET config_version = config_version + 1 WHERE id = ?", [tenant])
    }
}
