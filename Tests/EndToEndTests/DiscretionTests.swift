import Domain
import Foundation
@testable import Storage
import Testing
@testable import Web

/// Issue 37, first part, over real sockets: "Exit this page" on every page (the organisation's own neutral page, or
/// off; a member may turn it off for themselves), and discreet mode (a neutral tab, words hidden until shown).
@Suite("Quick exit and discreet mode")
struct DiscretionTests {
    func exitLink(_ page: String) -> String? {
        page.firstMatch(of: /<a class="exit-this-page-button" href="([^"]+)" rel="nofollow noreferrer"[^>]*>Exit this page<\/a>/).map { String($0.1) }
    }

    @Test func everyPageHasTheQuickExitUntilItIsTurnedOff() throws {
        let app = try RunningApp()
        let visitor = app.browser()
        for path in ["/", "/login", "/signup", "/help", "/help/now", "/password/forgot"] {
            #expect(exitLink(try visitor.get(path).text) == ExitPage.standard, "\(path)")
        }
        let member = app.browser()
        try member.signUp("nearby@example.com")
        let run = try #require(try member.post("/resets/stressed-tense-release/start", []).header("Location"))
        for path in ["/", "/welcome", "/glimmers", "/account/appearance", run, "/does-not-exist"] {
            #expect(exitLink(try member.get(path).text) == ExitPage.standard, "\(path)")
        }
        #expect(try member.get("/help").text.contains("Pressing Shift three times does the same"))
        // The organisation chooses its own page; anything but an ordinary https address is refused, keeping what was typed.
        let admin = try staff(app, "exit.admin@example.com", .admin)
        let settings = try admin.get("/admin/settings").text
        #expect(settings.contains("name=\"exitButton\" checked") && settings.contains("id=\"exitURL\""))
        func save(_ url: String, on: Bool = true) throws -> RawClient.Answer {
            var fields = [("name", "Resett"), ("accent", "#0F7A5C"), ("freeResets", "3"), ("price", "1.99"), ("threshold", "3"),
                          ("crisis", "Call 999 in an emergency."), ("unlimited", ""), ("community", "on"), ("exitURL", url)]
            if on { fields.append(("exitButton", "on")) }
            return try admin.post("/admin/settings", fields)
        }
        for bad in ["http://example.org/", "javascript:alert(1)", "https://10.0.0.1/", "https://user@example.org/", "https://example.org:8443/",
                    "https://exa mple.org/", "https://localhost/", "https://example.org/\"><script>", String(repeating: "https://a.co/", count: 40)] {
            let refused = try save(bad)
            #expect(refused.status == 422 && refused.text.contains("Use an https address of an everyday site"), "\(bad)")
        }
        #expect(try save("https://www.example.org/news").status == 303)
        #expect(exitLink(try visitor.get("/login").text) == "https://www.example.org/news")
        // A member turns it off for themselves; the rest of the organisation keeps it.
        #expect(try member.post("/account/discretion", []).header("Location") == "/account/appearance?notice=discretion-saved")
        #expect(exitLink(try member.get("/").text) == nil)
        #expect(exitLink(try visitor.get("/").text) == "https://www.example.org/news")
        #expect(try member.post("/account/discretion", [("exitButton", "on")]).status == 303)
        #expect(exitLink(try member.get("/").text) == "https://www.example.org/news")
        // The organisation turns it off: gone for everyone, and a member's own switch is not offered.
        #expect(try save("", on: false).status == 303)
        let visitorPage = try visitor.get("/login").text, memberPage = try member.get("/").text
        #expect(exitLink(visitorPage) == nil && exitLink(memberPage) == nil)
        #expect(!(try member.get("/account/appearance").text.contains("Show “Exit this page”")))
        let stored = try app.environment.database.read { try $0.row(sql: "SELECT exit_button, exit_url FROM tenants WHERE slug = 'default'") }
        #expect(stored?["exit_button"] as Int? == 0 && stored?["exit_url"] as String? == nil)
    }

    @Test func discreetModeNamesNothingInTheTabAndHidesTheMembersWords() throws {
        let app = try RunningApp()
        let member = app.browser()
        try member.signUp("discreet@example.com")
        #expect(try member.post("/glimmers", [("text", "Coffee with Priya")]).status == 303)
        #expect(try member.post("/worries", [("text", "The appointment on Friday"), ("answer", "no")]).status == 303)
        #expect(try member.get("/glimmers").text.contains("<title>Glimmers – Resett</title>"))
        #expect(try member.post("/account/discretion", [("discreet", "on"), ("exitButton", "on")]).status == 303)
        for path in ["/", "/glimmers", "/worries", "/help", "/check-in", "/calendar", "/setbacks/new", "/account", "/practices/humming"] {
            let page = try member.get(path).text
            #expect(page.contains("<title>Notes</title>") && page.contains("<link rel=\"icon\" href=\"/img/notes."), "\(path)")
            #expect(page.contains("class=\"discreet-on\""), "\(path)")
        }
        let glimmers = try member.get("/glimmers").text
        let details = try #require(glimmers.range(of: "<details class=\"discreet\"><summary>Hidden · show</summary>"))
        let words = try #require(glimmers.range(of: "Coffee with Priya"))
        #expect(details.upperBound <= words.lowerBound, "the words are inside the closed block")
        #expect(try member.get("/worries").text.contains("<details class=\"discreet\"><summary>Hidden · show</summary><blockquote") == false)
        #expect(try member.get("/worries").text.contains("<details class=\"discreet\"><summary>Hidden · show</summary><a class=\"worry-item\""))
        #expect(try member.get("/account/appearance").text.contains("id=\"discreet\" name=\"discreet\" aria-describedby=\"discreet-hint\" checked"))
        // Someone else, and a visitor, see the site as it is.
        #expect(try app.browser().get("/").text.contains("<title>Resett</title>"))
    }
}
