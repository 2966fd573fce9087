import Domain
import Foundation
import Testing
@testable import Storage
@testable import Web

@Suite("Design system over real sockets")
struct DesignSystemTests {
    @Test func everyPageLinksToHelpAndTheBrandStylesheet() throws {
        let app = try RunningApp()
        for path in ["/", "/login", "/signup", "/password/forgot", "/help", "/nowhere"] {
            let page = try app.browser().get(path).text
            // The help link remembers the page it was opened from, for "I'm safe for now".
            let expected = ["/help": "/help", "/nowhere": "/help?from=/"][path] ?? "/help?from=" + PercentEncoding.encode(path)
            #expect(page.contains("href=\"\(expected)\">Need help now?</a>"), "\(path)")
            #expect(page.contains("<link rel=\"stylesheet\" href=\"/brand.css\">"), "\(path)")
            #expect(page.contains("<a class=\"skip-link\" href=\"#main\">"), "\(path)")
            #expect(page.components(separatedBy: "<h1").count == 2, "\(path) has one h1")
        }
    }

    @Test func helpShowsTheTenantsCrisisWordsAndABreathingGuide() throws {
        let app = try RunningApp()
        var tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.crisisSupportText = "Call our wellbeing line on 0800 000 000 <any time>."
        try app.environment.database.saveSettings(of: tenant)
        let page = try app.browser().get("/help")
        #expect(page.status == 200)
        #expect(try app.browser().get("/help/talk").text.contains("Call our wellbeing line on 0800 000 000 &lt;any time&gt;."))
        #expect(page.text.contains("Breathe in slowly for 4 seconds. Hold for 2. Breathe out gently for 6."))
        #expect(page.text.contains("<title>Need help now? – Resett</title>"))
    }

    @Test func theBrandStylesheetCarriesTheTenantsAccentWithReadableText() throws {
        let app = try RunningApp()
        var acme = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        acme.settings.accentColour = "#FDE047"  // a pale yellow: white text on it would fail
        try app.environment.database.saveSettings(of: acme)
        let css = try app.browser(host: "acme.localhost").get("/brand.css")
        #expect(css.status == 200)
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        #expect(css.text.contains("--accent: #FDE047; --on-accent: #000000;"))
        let etag = try #require(css.header("ETag"))
        #expect(try app.browser(host: "acme.localhost").get("/brand.css", headers: ["If-None-Match: \(etag)"]).status == 304)
        #expect(try app.browser().get("/brand.css").text.contains("--accent: #0F7A5C; --on-accent: #FFFFFF;"))
    }

    @Test func aChosenThemeIsAppliedByTheServer() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("theme@example.com")
        #expect(!(try browser.get("/account").text.contains("data-theme")))
        _ = try browser.get("/account")
        #expect(try browser.post("/account/theme", [("theme", "dark")]).status == 303)
        #expect(try browser.get("/").text.contains("<html lang=\"en-GB\" data-theme=\"dark\">"))
        _ = try browser.get("/account")
        #expect(try browser.post("/account/theme", [("theme", "purple")]).status == 400)
        #expect(try browser.post("/account/theme", [("theme", "system")]).status == 303)
        #expect(!(try browser.get("/").text.contains("data-theme")))
    }
}

@Suite("Colour contrast")
struct ColourTests {
    @Test func contrastFollowsWCAG() throws {
        #expect(abs(Colour.black.contrast(with: .white) - 21) < 0.01)
        let grey = try #require(Colour(hex: "#777777"))
        #expect(abs(grey.contrast(with: .white) - 4.48) < 0.01)
        #expect(Colour(hex: "#FDE047")?.readableText == .black)
        #expect(Colour(hex: "#047857")?.readableText == .white)
        #expect(Colour(hex: "red") == nil && Colour(hex: "#12345") == nil && Colour(hex: "#GGGGGG") == nil)
    }

    @Test(arguments: stride(from: 0, to: 0xFFFFFF, by: 0x0F0F0F).map { String(format: "#%06X", $0) })
    func theChosenTextAlwaysPasses(_ hex: String) throws {
        let colour = try #require(Colour(hex: hex))
        #expect(colour.contrast(with: colour.readableText) >= 4.5, "\(hex)")
    }

    @Test func theStylesheetsOwnPairsPass() throws {
        // Text and background pairs from Public/css/app.css, light and dark.
        let pairs = [("#18181B", "#FFFFFF"), ("#52525B", "#EDE9FE"), ("#52525B", "#FFFFFF"), ("#FFFFFF", "#047857"),
                     ("#9A3412", "#FFFFFF"), ("#FFFFFF", "#B91C1C"), ("#FFFFFF", "#C2410C"),
                     ("#FFFFFF", "#161B22"), ("#9CA3AF", "#161B22"), ("#9CA3AF", "#0A0E14"), ("#0A0E14", "#10B981"),
                     ("#FBBF77", "#161B22"), ("#0A0E14", "#EF4444"), ("#0A0E14", "#FF6B35"), ("#FFFFFF", "#1C2128"),
                     // Calendar tints: light then dark.
                     ("#18181B", "#E0F2F1"), ("#18181B", "#B2DFDB"), ("#18181B", "#80CBC4"), ("#18181B", "#4DB6AC"),
                     ("#18181B", "#26A69A"), ("#FFFFFF", "#134E4A"), ("#FFFFFF", "#115E59"), ("#FFFFFF", "#0F766E"),
                     ("#0A0E14", "#2DD4BF"), ("#0A0E14", "#5EEAD4")]
        for (text, background) in pairs {
            let ratio = try #require(Colour(hex: text)).contrast(with: try #require(Colour(hex: background)))
            #expect(ratio >= 4.5, "\(text) on \(background) is \(ratio)")
        }
    }
}
