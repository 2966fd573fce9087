import Foundation
import Testing
@testable import HTTPServer
@testable import Web

@Suite("The app over real sockets")
struct AppTests {
    static let securityHeaders = ["Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
                                  "Cross-Origin-Opener-Policy", "X-Frame-Options"]

    func expectSecurityHeaders(_ answer: RawClient.Answer) {
        for name in Self.securityHeaders { #expect(answer.header(name) != nil, "\(name) missing") }
        let policy = answer.header("Content-Security-Policy") ?? ""
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(answer.header("X-Content-Type-Options") == "nosniff")
    }

    @Test func homePageReadsTheTenantFromSQLite() throws {
        let app = try RunningApp()
        try app.environment.database.setTenantName(slug: "default", to: "Acme & Co <Ltd>")
        let answer = try app.client().request("GET", "/")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "text/html; charset=utf-8")
        #expect(answer.text.contains(/<a class="site-name" href="\/"><img class="site-mark" src="[^"]+" alt="" width="28" height="28">Acme &amp; Co &lt;Ltd&gt;<\/a>/))
        #expect(answer.text.contains("<html lang=\"en-GB\">"))
        #expect(!answer.text.contains("nil"))
        #expect(!answer.text.contains("<script>") && !answer.text.contains("style="))
        expectSecurityHeaders(answer)
    }

    @Test func healthzFollowsTheDatabase() throws {
        let app = try RunningApp()
        let client = try app.client()
        #expect(try client.request("GET", "/healthz").status == 200)
        try app.environment.database.close()
        let down = try client.request("GET", "/healthz")
        #expect(down.status == 503)
        expectSecurityHeaders(down)
    }

    @Test func aFailingHandlerIsA500ThatShowsNothingOfTheCause() throws {
        let app = try RunningApp()
        try app.environment.database.close()
        let answer = try app.client().request("GET", "/?q=private")
        #expect(answer.status == 500)
        #expect(answer.text.contains("Something went wrong on our side"))
        #expect(!answer.text.contains("database") && !answer.text.contains("SQLite") && !answer.text.contains("Error:"))
        let logged = app.logs.all.first { $0.hasPrefix("error handler failed") }
        // Its request id, so the line can be found from the answer's X-Request-Id; no route answered before the failure.
        #expect(logged?.contains("request_id=\(answer.header("X-Request-Id") ?? "?")") == true && logged?.contains("route=-") == true)
        #expect(logged?.contains("private") == false)
    }

    @Test func errorPagesAreRealPages() throws {
        let app = try RunningApp()
        let client = try app.client()
        let missing = try client.request("GET", "/no/such/page")
        #expect(missing.status == 404)
        #expect(missing.text.contains("We couldn’t find that page"))
        #expect(!missing.text.contains("nil"))
        #expect(missing.text.contains("<link rel=\"stylesheet\""))
        expectSecurityHeaders(missing)

        let wrongMethod = try client.request("POST", "/healthz", body: "")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Allow") == "GET, HEAD")

        let badPath = try client.request("GET", "/%zz")
        #expect(badPath.status == 400)
        #expect(badPath.text.contains("Malformed percent-encoding."))
        #expect(!missing.text.contains("class=\"tab-bar\""), "signed out: no member's navigation")
    }

    /// A signed-in member keeps their own header, navigation and a way back on an error page, which is never kept by a
    /// cache; its help link returns home rather than to an address that does not exist.
    @Test func aMembersErrorPageIsTheirs() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("lost@example.com")
        for path in ["/no/such/page", "/community/posts/" + String(repeating: "b", count: 32) + "/report", "/runs/NOT-AN-ID/steps/1"] {
            let page = try browser.get(path)
            #expect(page.status == 404, "\(path)")
            #expect(page.text.contains("We couldn’t find that page") && page.text.contains("class=\"tab-bar\""), "\(path)")
            #expect(page.text.contains("href=\"/you\">Your calendar and insights</a>"), "\(path)")
            #expect(page.header("Cache-Control") == "no-store", "\(path)")
        }
        let unknown = try browser.get("/no/such/page").text
        #expect(unknown.contains("class=\"help-link\" href=\"/help?from=/\">") && !unknown.contains("from=/no/such"), "help returns home")
        // A form's refusal is theirs too, and keeps saying what went wrong.
        let refused = try browser.post("/account/theme", [("theme", "purple")])
        #expect(refused.status == 400 && refused.text.contains("class=\"tab-bar\"") && refused.text.contains("Choose light, dark or the same as your device."))
    }

    @Test func parserRefusalsUseTheErrorPageToo() throws {
        let app = try RunningApp()
        let client = try app.client()
        client.send("GET / HTTP/1.1\r\nHost : h\r\n\r\n")
        let answer = try client.readResponse()
        #expect(answer.status == 400)
        #expect(answer.text.contains("That request didn’t make sense to us"))
        expectSecurityHeaders(answer)
    }

    @Test func staticFilesWithValidatorsAndFingerprints() throws {
        let app = try RunningApp()
        let client = try app.client()
        let css = try client.request("GET", "/css/app.css")
        #expect(css.status == 200)
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        #expect(css.header("Cache-Control") == "no-cache")
        let etag = try #require(css.header("ETag"))
        let lastModified = try #require(css.header("Last-Modified"))
        expectSecurityHeaders(css)

        #expect(try client.request("GET", "/css/app.css", headers: ["If-None-Match: \(etag)"]).status == 304)
        #expect(try client.request("GET", "/css/app.css", headers: ["If-Modified-Since: \(lastModified)"]).status == 304)

        let home = try client.request("GET", "/").text
        let fingerprinted = try #require(home.firstMatch(of: /href="(\/css\/app\.[0-9a-f]{16}\.css)"/)?.1)
        let cached = try client.request("GET", String(fingerprinted))
        #expect(cached.status == 200)
        #expect(cached.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(cached.body == css.body)

        let head = try client.request("HEAD", "/css/app.css")
        #expect(head.body.isEmpty && head.header("Content-Length") == String(css.body.count))
    }

    @Test func nothingOutsideThePublicFolderCanBeReached() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("public-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/css", withIntermediateDirectories: true)
        try "body{}".write(toFile: folder + "/css/app.css", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/css/passwd.css", withDestinationPath: "/etc/passwd")
        let app = try RunningApp(publicFolder: folder)
        let attempts = [
            "/../Package.swift", "/css/../../Package.swift", "/%2e%2e/Package.swift", "/%2E%2E/%2E%2E/etc/passwd",
            "/css/%2e%2e/%2e%2e/Package.swift", "/css/app.css%00.txt", "/css/passwd.css", "/..%2fPackage.swift",
            "//etc/passwd", "/css/./app.css/..",
        ]
        for path in attempts {
            let client = try app.client()
            client.send("GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n")
            let answer = try client.readResponse()
            #expect([400, 404].contains(answer.status), "\(path) gave \(answer.status)")
            #expect(!answer.text.contains("root:") && !answer.text.contains("PackageDescription"), "\(path) leaked")
        }
    }

    @Test func theAccessLogKeepsSecretsOut() throws {
        let app = try RunningApp()
        let client = try app.client()
        _ = try client.request("GET", "/?email=someone%40example.com&token=secret123", headers: ["Cookie: session=cookie-secret"])
        _ = try client.request("POST", "/healthz", body: "password=hunter2")
        app.running.server.flushAccessLog()  // written by its own thread, off the event loop
        let lines = app.logs.all.filter { $0.contains("request") }
        #expect(lines.count >= 2)
        let everything = app.logs.all.joined(separator: "\n")
        for secret in ["someone", "secret123", "cookie-secret", "hunter2", "email="] {
            #expect(!everything.contains(secret), "\(secret) was logged")
        }
        let first = try #require(lines.first)
        #expect(first.contains("method=GET") && first.contains("route=/ ") && first.contains("status=200") && first.contains("bytes="))
    }
}
