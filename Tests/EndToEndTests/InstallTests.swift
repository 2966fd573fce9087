import Domain
import Foundation
@testable import Storage
import Testing
@testable import Web

/// Issue 37, installable and offline, over real sockets: each organisation's manifest, the service worker's allow-list
/// (help and the offline page only, fetched without a cookie), and signing out clearing what the browser kept.
@Suite("Installable, with help that works offline")
struct InstallTests {
    @Test func eachOrganisationHasItsOwnManifestWithIconsThatAreImages() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let visitor = app.browser()
        #expect(try visitor.get("/").text.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"))
        let answer = try visitor.get("/manifest.webmanifest")
        #expect(answer.status == 200 && answer.header("Content-Type") == "application/manifest+json")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect(manifest["name"] as? String == "Resett" && manifest["start_url"] as? String == "/" && manifest["display"] as? String == "standalone")
        let icons = try #require(manifest["icons"] as? [[String: Any]])
        #expect(Set(icons.compactMap { $0["sizes"] as? String }).isSuperset(of: ["192x192", "512x512"]))
        for icon in icons {
            let image = try visitor.get(try #require(icon["src"] as? String))
            #expect(image.status == 200 && image.header("Content-Type") == "image/png" && Array(image.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        }
        let acme = try app.browser(host: "acme.localhost").get("/manifest.webmanifest")
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(acme.body)) as? [String: Any])
        #expect(theirs["name"] as? String == "Acme Ltd")
    }

    @Test func theWorkerKeepsOnlyHelpAndTheOfflinePageAndSigningOutClearsIt() throws {
        let app = try RunningApp()
        let visitor = app.browser()
        let worker = try visitor.get("/sw.js")
        #expect(worker.status == 200 && worker.header("Content-Type") == "text/javascript; charset=utf-8" && worker.header("Cache-Control") == "no-cache")
        let script = worker.text
        for kept in ["\"/help\"", "\"/help/now\"", "\"/help/breathe\"", "\"/help/ground\"", "\"/help/talk\"", "\"/offline\"", "credentials: \"omit\""] {
            #expect(script.contains(kept), "\(kept)")
        }
        for never in ["/calendar", "/check-in", "/glimmers", "/worries", "/account", "/setbacks"] { #expect(!script.contains(never), "\(never)") }
        #expect(try visitor.get("/offline").text.contains("You’re offline"))
        #expect(try visitor.get(app.environment.staticFiles.url(for: "/js/app.js")).text.contains("navigator.serviceWorker.register('/sw.js')"))
        #expect(try visitor.get("/").header("Content-Security-Policy")?.contains("worker-src 'self'") == true)
        let member = app.browser()
        try member.signUp("shared.computer@example.com")
        let out = try member.post("/logout", [])
        #expect(out.status == 303 && out.header("Clear-Site-Data") == "\"cache\", \"storage\"")
    }
}
