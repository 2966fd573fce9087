import Domain
import Foundation
import Testing
@testable import Storage
@testable import Web

@Suite("Admin pages over real sockets")
struct AdminTests {
    func admin(_ app: RunningApp, _ email: String = "admin@example.com") throws -> Browser {
        let browser = app.browser()
        try browser.signUp(email)
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        _ = try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress(email)!, role: .admin)
        return browser
    }

    @Test func onlyAdminsSeeMembersAndSettings() throws {
        let app = try RunningApp()
        let member = app.browser()
        try member.signUp("member@example.com")
        let moderator = app.browser()
        try moderator.signUp("moderator@example.com")
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        _ = try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress("moderator@example.com")!, role: .moderator)
        for browser in [member, moderator, app.browser()] {
            #expect(try browser.get("/admin/members").status == 404)
            #expect(try browser.get("/admin/settings").status == 404)
        }
        _ = try member.get("/community")
        #expect(try member.post("/admin/settings", [("name", "Taken over")]).status == 404)
    }

    @Test func rolesChangeButOneAdminAlwaysRemains() throws {
        let app = try RunningApp()
        let boss = try admin(app)
        let member = app.browser()
        try member.signUp("promote@example.com")
        let page = try boss.get("/admin/members").text
        #expect(page.contains("promote@example.com") && page.contains("admin@example.com"))
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        let target = try #require(try app.environment.database.account(tenantID: tenant.id, email: EmailAddress("promote@example.com")!))
        #expect(try boss.post("/admin/members/\(target.id)/role", [("role", "moderator")]).status == 303)
        #expect(try member.get("/admin/moderation").status == 200, "now a moderator")
        let me = try #require(try app.environment.database.account(tenantID: tenant.id, email: EmailAddress("admin@example.com")!))
        _ = try boss.get("/admin/members")
        #expect(try boss.post("/admin/members/\(me.id)/role", [("role", "member")]).status == 409)
        #expect(try boss.post("/admin/members/\(target.id)/role", [("role", "owner")]).status == 400)
        #expect(try boss.post("/admin/members/\(String(repeating: "a", count: 32))/role", [("role", "member")]).status == 404)
        #expect(try boss.get("/admin/audit").text.contains("Changed a member’s role to moderator"))
    }

    @Test func settingsAreValidatedSavedAndUsed() throws {
        let app = try RunningApp()
        let boss = try admin(app)
        let form = try boss.get("/admin/settings")
        #expect(form.text.contains("value=\"#0F7A5C\"") && form.text.contains("value=\"1.99\""))
        let bad = try boss.post("/admin/settings", [("name", "Calm Co"), ("accent", "green"), ("freeResets", "-1"), ("price", "1.9"),
                                                    ("threshold", "0"), ("crisis", "Call us"), ("customDomain", "not a domain"),
                                                    ("unlimited", "ok@example.com\nnope")])
        #expect(bad.status == 422)
        #expect(bad.text.contains("value=\"Calm Co\"") && bad.text.contains("value=\"green\""), "what was typed stays")
        for field in ["accent", "freeResets", "price", "threshold", "unlimited"] {
            #expect(bad.text.contains("href=\"#\(field)\""), "\(field)")
        }
        #expect(try boss.post("/admin/settings", [("name", "Calm Co"), ("accent", "#fde047"), ("freeResets", "5"), ("price", "2.50"),
                                                  ("threshold", "2"), ("crisis", "Call the Calm Co line on 0800 111 222."),
                                                  ("customDomain", "calm.example.org"), ("unlimited", "VIP@example.com"),
                                                  ("community", "on")]).status == 303)
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        #expect(tenant.name == "Calm Co" && tenant.settings.accentColour == "#FDE047" && tenant.settings.freeResetsPerDay == 5)
        #expect(tenant.settings.pricePence == 250 && tenant.settings.reportThreshold == 2)
        // Only the operator sets a custom domain (issue 11): what an admin sends is ignored.
        #expect(tenant.settings.customDomain == nil)
        _ = try app.environment.database.setCustomDomain(slug: "default", to: "calm.example.org")
        #expect(tenant.settings.unlimitedEmails == ["vip@example.com"] && tenant.settings.communityEnabled && !tenant.settings.licenceAllMembers)
        #expect(try app.browser().get("/paywall").text.contains("£2.50/month"), "an admin has no limit, so a visitor checks the price")
        #expect(try boss.get("/help/talk").text.contains("Call the Calm Co line on 0800 111 222."))
        #expect(try app.browser(host: "calm.example.org").get("/").text.contains(">Calm Co</a>"))
    }

    @Test func topicsCanBeRenamedAndAdded() throws {
        let app = try RunningApp()
        let boss = try admin(app)
        _ = try boss.get("/admin/settings")
        #expect(try boss.post("/admin/topics", [("topic_wins", "Small wins"), ("new_topic", "Sleep")]).status == 303)
        let feed = try boss.get("/community").text
        #expect(feed.contains("<option value=\"wins\">Small wins</option>") && feed.contains("<option value=\"sleep\">Sleep</option>"))
        _ = try boss.get("/admin/settings")
        #expect(try boss.post("/admin/topics", [("new_topic", "sleep")]).status == 409)
        #expect(try boss.post("/admin/topics", [("topic_wins", "")]).status == 400)
        let other = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        #expect(try app.environment.database.topics(tenantID: other.id).map(\.name).contains("Wins"), "other tenants keep theirs")
        let member = app.browser()
        try member.signUp("not-an-admin@example.com")
        _ = try member.get("/community")
        #expect(try member.post("/admin/topics", [("new_topic", "Mine")]).status == 404)
    }
}
