import Domain
import Foundation
@testable import Storage
import Testing
@testable import Web

/// Issue 17: an organisation hides built-in resets from its members, over real sockets; each feeling keeps one.
@Suite("Resets an organisation offers")
struct ResetChoicesTests {
    @Test func aHiddenResetIsNotListedOpenedOrStartedAndEachFeelingKeepsOne() throws {
        let app = try RunningApp()
        let admin = try staff(app, "resets.admin@example.com", .admin)
        let member = app.browser()
        try member.signUp("resets.member@example.com")
        let library = app.environment.library
        let stressed = library.resets(for: "stressed")
        let first = try #require(stressed.first)
        let firstName = first.name.replacingOccurrences(of: "&", with: "&amp;")  // as the page writes it
        #expect(try member.get("/emotions/stressed").text.contains(firstName))

        let page = try admin.get("/admin/resets")
        #expect(page.status == 200 && page.text.contains("Hide<span class=\"visually-hidden\"> “\(firstName)”</span>"))
        #expect(try admin.post("/admin/resets/\(first.id)/hide", [], csrf: "forged").status == 403)
        #expect(try admin.post("/admin/resets/\(first.id)/hide", []).status == 303)
        #expect(!(try member.get("/emotions/stressed").text.contains(firstName)))
        #expect(try member.get("/resets/\(first.id)").status == 404)
        _ = try member.get("/emotions/stressed")
        #expect(try member.post("/resets/\(first.id)/start", []).status == 404)
        #expect(try app.browser().get("/resets/\(first.id)").status == 404, "signed out too")
        #expect(try admin.get("/admin/resets").text.contains("Show<span class=\"visually-hidden\"> “\(firstName)”</span>"))
        #expect(try admin.get("/admin/audit").text.contains("Hid a reset"))

        // Every other stressed reset hidden too: the last one is refused, with the reason.
        for reset in stressed.dropFirst().dropLast() { #expect(try admin.post("/admin/resets/\(reset.id)/hide", []).status == 303) }
        let last = try #require(stressed.last)
        let refused = try admin.post("/admin/resets/\(last.id)/hide", [])
        #expect(refused.status == 409 && refused.text.contains("Each feeling keeps at least one reset"))
        #expect(try member.get("/emotions/stressed").text.contains(last.name))

        // Shown again; unknown resets and actions do not exist; members cannot change anything.
        #expect(try admin.post("/admin/resets/\(first.id)/show", []).status == 303)
        #expect(try member.get("/resets/\(first.id)").status == 200)
        #expect(try admin.post("/admin/resets/no-such-reset/hide", []).status == 404)
        #expect(try admin.post("/admin/resets/\(first.id)/delete", []).status == 404)
        #expect(try member.get("/admin/resets").status == 404)
        #expect(try member.post("/admin/resets/\(first.id)/hide", []).status == 404)
        // Another organisation still offers everything.
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let elsewhere = app.browser(host: "acme.localhost")
        #expect(try elsewhere.get("/resets/\(stressed[1].id)").status == 200)
    }
}
