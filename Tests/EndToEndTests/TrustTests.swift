import Foundation
import Testing
@testable import HTTPServer
@testable import Storage
@testable import UseCases
@testable import Web
import Domain
import Cryptography

/// Issue 11: each finding reproduced over real sockets, plus its siblings.
@Suite("Trust: no request can crash, hijack or exhaust the server")
struct TrustTests {
    @Test func aWebhookSignatureWithAnExtremeTimestampIsRefusedNotACrash() throws {
        let app = try RunningApp()
        let client = try app.client()
        for header in ["t=-9223372036854775807,v1=0", "t=9223372036854775807,v1=" + String(repeating: "a", count: 64),
                       "t=99999999999999999999,v1=0", "t=+5,v1=0", "t=1,t=2,v1=0"] {
            let answer = try client.request("POST", "/webhooks/payments", headers: ["Resett-Signature: \(header)"], body: "x")
            #expect(answer.status == 400, "\(header)")
        }
        #expect(try client.request("GET", "/healthz").status == 200)
    }

    @Test func aSignedEventOutOfBoundsIsA400() throws {
        let app = try RunningApp()
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        let now = app.clock.now
        for body in [#"{"id":"\#(String(repeating: "e", count: 101))","kind":"checkout.paid","accountID":"a","amount":{"minor":1,"currency":"GBP"},"renewalsWillFail":false}"#,
                     #"{"id":"evt_neg","kind":"checkout.paid","accountID":"a","amount":{"minor":-5,"currency":"GBP"},"renewalsWillFail":false}"#,
                     #"{"id":"evt_far","kind":"renewal.paid","accountID":"a","amount":{"minor":1,"currency":"GBP"},"periodEnd":9223372036854775807,"renewalsWillFail":false}"#] {
            let signature = WebhookReceiver.sign(body: Array(body.utf8), secret: tenant.settings.webhookSecret, timestamp: now)
            let answer = try app.client().request("POST", "/webhooks/payments", headers: ["Resett-Signature: \(signature)"], body: body)
            #expect(answer.status == 400)
        }
    }

    @Test func anInvalidHostIsA400AndMailedLinksUseTheCanonicalHost() throws {
        let app = try RunningApp { $0.publicScheme = "https"; $0.baseDomain = "resett.example" }
        let client = try app.client()
        for host in ["[acme.localhost]@evil.example", "a b", "example.com/path", "evil.example:80:80", "x@y"] {
            client.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            #expect(try client.readResponse().status == 400, "\(host)")
            _ = client.isClosedByServer()
            break
        }
        for host in ["a b", "example.com/path", "x@y", "[::1]:99999999"] {
            let fresh = try app.client()
            fresh.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            #expect(try fresh.readResponse().status == 400, "\(host)")
        }
        let browser = app.browser(host: "resett.example")
        try browser.signUp("owner@example.com")
        let attacker = app.browser(host: "resett.example")
        attacker.host = "resett.example"
        _ = try attacker.get("/password/forgot", headers: ["X-Forwarded-Host: evil.example"])
        _ = try attacker.post("/password/forgot", [("email", "owner@example.com")])
        let mail = try #require(app.mails().last { $0.contains("/password/reset?token=") })
        #expect(mail.contains("https://resett.example/password/reset?token="))
        #expect(!mail.contains("evil"))
    }

    @Test func onlySafePathsAreReturnedToAfterLogin() {
        for bad in ["/\t/evil.example", "//evil.example", "/\\evil.example", "https://evil.example", "/ /x", "/\n", "", "evil"] {
            #expect(ReturnPath.safe(bad) == "/", "\(bad)")
        }
        for good in ["/account", "/calendar?month=2026-11", "/resets/stressed-tense-release"] { #expect(ReturnPath.safe(good) == good) }
    }

    @Test func anIdInAURLMustHaveTheFormAndExistBeforeAFormIsRendered() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("member@example.com")
        let smuggled = try browser.get("/community/posts/..%2F..%2Fadmin%2Fmoderation%2Fposts%2F" + String(repeating: "a", count: 32)
                                       + "%2Fapprove%3F/report")
        #expect(smuggled.status == 404)
        #expect(!smuggled.text.contains("approve"))
        #expect(try browser.get("/community/posts/" + String(repeating: "b", count: 32) + "/report").status == 404)
        #expect(try browser.get("/runs/NOT-AN-ID/steps/1").status == 404)
    }

    /// Every route that takes an id, with every kind of wrong id, as an admin (so no role check hides the answer).
    @Test func everyIdInEveryPathIsCheckedBeforeAnythingHappens() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("admin@example.com")
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        _ = try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress("admin@example.com")!, role: .admin)
        _ = try browser.get("/account")
        let wrongIDs = ["..%2F..%2Fadmin%2Fmembers", "NOT-AN-ID", String(repeating: "A", count: 32), String(repeating: "a", count: 31),
                        String(repeating: "a", count: 33), "%00" + String(repeating: "a", count: 29), String(repeating: "e", count: 32)]
        let routes: [(String, String)] = [
            ("GET", "/runs/{id}/steps/1"), ("POST", "/runs/{id}/finish"), ("GET", "/runs/{id}/mood"), ("POST", "/runs/{id}/mood"),
            ("GET", "/runs/{id}/result"), ("POST", "/community/posts/{id}/delete"), ("POST", "/community/posts/{id}/reactions"),
            ("GET", "/community/posts/{id}/report"), ("POST", "/community/posts/{id}/reports"),
            ("POST", "/admin/moderation/posts/{id}/approve"), ("POST", "/admin/moderation/posts/{id}/delete"),
            ("POST", "/admin/moderation/posts/{id}/restrict"), ("POST", "/admin/moderation/restrictions/{id}/lift"),
            ("POST", "/admin/members/{id}/role"), ("GET", "/checkout/test/{id}"), ("POST", "/account/sessions/{id}/delete"),
        ]
        for (method, pattern) in routes {
            for id in wrongIDs {
                let target = pattern.replacingOccurrences(of: "{id}", with: id)
                let answer = method == "GET" ? try browser.get(target)
                    : try browser.post(target, [("role", "member"), ("kind", "support"), ("reason", "spam"), ("confirm", "yes"),
                                                ("days", "1"), ("mood", "5"), ("outcome", "completed")])
                // A NUL is malformed percent-encoding, refused for every path (400); any other wrong id is no such thing.
                #expect(answer.status == (id.hasPrefix("%00") ? 400 : 404), "\(method) \(target) → \(answer.status)")
            }
        }
        // Nothing changed: the admin is still the admin, and no audit line was written.
        #expect(try app.environment.database.account(tenantID: tenant.id, email: EmailAddress("admin@example.com")!)?.role == .admin)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM moderation_audit") } == 0)
    }

    /// Huge, negative and signed numbers in every numeric field and query: a clear 4xx, never a 500 or a crash.
    @Test func extremeNumbersEverywhereGetAClearRefusal() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("numbers@example.com")
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        _ = try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress("numbers@example.com")!, role: .admin)
        _ = try browser.get("/resets/stressed-tense-release")
        let run = try #require(try browser.post("/resets/stressed-tense-release/start", []).header("Location")?.split(separator: "/")[1])
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "completed")])
        let extremes = ["-1", "0", "9223372036854775807", "-9223372036854775808", "99999999999999999999999", "+5", "1e9", "0x10", ""]
        for value in extremes {
            _ = try browser.get("/runs/\(run)/mood")
            let mood = try browser.post("/runs/\(run)/mood", [("mood", value)])
            #expect(mood.status == 422, "mood \(value)")
            for query in ["/calendar?month=\(value)-11", "/calendar?month=2026-\(value)", "/calendar/year?year=\(value)",
                          "/community?before=\(value)", "/runs/\(run)/steps/\(value)"] {
                let status = try browser.get(query).status
                #expect([303, 400, 404].contains(status), "\(query) → \(status)")
            }
            _ = try browser.get("/admin/settings")
            let settings = try browser.post("/admin/settings", [("name", "Resett"), ("accent", "#0F7A5C"), ("freeResets", value),
                                                                ("price", value + ".99"), ("threshold", value), ("crisis", "Call 999.")])
            #expect(settings.status == 422, "settings \(value) → \(settings.status)")
            // Reflect's numbers: the check-in's rating, a reflection's step and strength, the report's dates.
            _ = try browser.get("/check-in")
            #expect(try browser.post("/check-in", [("rating", value)]).status == 422, "rating \(value)")
            #expect(try browser.post("/reflection", [("step", value), ("intensity", "5")]).header("Location") == "/check-in",
                    "no check-in yet: back to it, whatever the step")
            for query in ["/reflection?step=\(value)", "/account/report?show=1&from=\(value)&to=2026-11-22",
                          "/account/report?show=1&from=2026-11-01&to=\(value)", "/calendar/year?weekday=\(value)"] {
                let status = try browser.get(query).status
                #expect([303, 400, 404].contains(status), "\(query) → \(status)")
            }
        }
        // With a check-in, a reflection's step and strength are bounded too.
        _ = try browser.post("/check-in", [("rating", "3")])
        for value in extremes {
            let step = try browser.post("/reflection", [("step", value), ("intensity", "5")])
            #expect(step.status == 400, "step \(value) → \(step.status)")
            let intensity = try browser.post("/reflection", [("step", "1"), ("intensity", value == "0" ? "11" : value)])
            #expect(intensity.status == 422, "intensity \(value) → \(intensity.status)")
        }
        #expect(try app.client().request("GET", "/healthz").status == 200)
        #expect(!app.logs.all.contains { $0.hasPrefix("error") })
    }

    @Test func emailedLinksWorkOnlyInTheirTenantAndOnlyOnce() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let visitor = app.browser()
        _ = try visitor.get("/signup")
        _ = try visitor.post("/signup", [("email", "link@example.com"), ("password", "a calm and steady passphrase")])
        let mail = try #require(app.mails().last { $0.contains("/signup/confirm?token=") })
        let token = String(try #require(mail.firstMatch(of: /confirm\?token=([0-9a-f]{64})/)).1)
        // Another tenant knows nothing of it, a malformed token is the same "expired" page, and neither spends it.
        let elsewhere = app.browser(host: "acme.localhost")
        #expect(try elsewhere.get("/signup/confirm?token=\(token)").status == 404)
        _ = try elsewhere.get("/login")
        #expect(try elsewhere.post("/signup/confirm", [("token", token)]).status == 404)
        #expect(try visitor.get("/signup/confirm?token=\(token.uppercased())").status == 404)
        #expect(try visitor.get("/signup/confirm?token=%2e%2e%2f").text.contains("This link has expired"))
        let page = try visitor.get("/signup/confirm?token=\(token)")
        #expect(page.status == 200)
        #expect(page.text.contains("name=\"_csrf\""))
        // Without the CSRF token the form is refused; with it, the account is made once.
        #expect(try visitor.post("/signup/confirm", [("token", token), ("_csrf", String(repeating: "0", count: 64))]).status == 403)
        #expect(try visitor.post("/signup/confirm", [("token", token)]).status == 303)
        #expect(try app.browser().post("/signup/confirm", [("token", token)], csrf: visitor.lastCSRF).status != 303)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM accounts") } == 1)
    }

    @Test func doubleClickingPayPaysOnce() throws {
        for _ in 0..<10 {
            let app = try RunningApp(workers: 8)
            let browser = app.browser()
            try browser.signUp("pay@example.com")
            _ = try browser.get("/account/subscription")
            let started = try browser.post("/account/subscription/checkout", [])
            let path = try #require(started.header("Location"))
            _ = try browser.get(path)
            let click = browser.formPostText(path, [("card_number", "4242 4242 4242 4242"), ("expiry", "12/30"), ("cvc", "123")])
            _ = try RawClient.simultaneously(Array(repeating: click, count: 6), port: app.port)
            let payments = try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM payments") }
            #expect(payments == 1)
        }
    }

    @Test func twoAdminsDemotingEachOtherLeaveAnAdmin() throws {
        for _ in 0..<10 {
            let app = try RunningApp(workers: 8)
            let first = app.browser(), second = app.browser()
            try first.signUp("one@example.com")
            try second.signUp("two@example.com")
            let database = app.environment.database
            let tenant = try #require(try database.tenant(slug: "default"))
            _ = try database.setRole(tenantID: tenant.id, email: EmailAddress("one@example.com")!, role: .admin)
            _ = try database.setRole(tenantID: tenant.id, email: EmailAddress("two@example.com")!, role: .admin)
            let one = try #require(try database.account(tenantID: tenant.id, email: EmailAddress("one@example.com")!))
            let two = try #require(try database.account(tenantID: tenant.id, email: EmailAddress("two@example.com")!))
            _ = try first.get("/admin/members")
            _ = try second.get("/admin/members")
            _ = try RawClient.simultaneously([first.formPostText("/admin/members/\(two.id)/role", [("role", "member")]),
                                              second.formPostText("/admin/members/\(one.id)/role", [("role", "member")])], port: app.port)
            let admins = try database.read { try $0.int(sql: "SELECT count(*) FROM accounts WHERE role = 'admin'") }
            #expect(admins == 1)
            let audit = try database.read { try $0.int(sql: "SELECT count(*) FROM moderation_audit") }
            #expect(audit == 1, "exactly one change, with exactly one audit line")
        }
    }

    @Test func theOnlyAdminCannotEraseTheirAccountAndLeaveNoAdmin() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("sole@example.com")
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        _ = try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress("sole@example.com")!, role: .admin)
        _ = try browser.get("/account")
        let refused = try browser.post("/account/delete", [("password", "a calm and steady passphrase")])
        #expect(refused.status == 409)
        #expect(refused.text.contains("only admin"))
        #expect(try app.environment.database.account(tenantID: tenant.id, email: EmailAddress("sole@example.com")!) != nil)
    }

    @Test func someoneElsesWrongGuessesNeverLockOutTheOwner() throws {
        let app = try RunningApp()
        let owner = app.browser()
        try owner.signUp("owner@example.com")
        _ = try owner.get("/account")
        _ = try owner.post("/logout", [])
        let guesser = app.browser()
        for attempt in 0..<12 {
            _ = try guesser.get("/login")
            let answer = try guesser.post("/login", [("email", "owner@example.com"), ("password", "wrong guess \(attempt)")])
            #expect(answer.status != 429)
        }
        // The owner's correct password is not refused: it finishes with a link by email.
        let answer = try owner.logIn("owner@example.com")
        #expect(answer.status == 200)
        #expect(answer.text.contains("Check your email"))
        let mail = try #require(app.mails().last { $0.contains("/login/link?token=") })
        let token = try #require(mail.firstMatch(of: /login\/link\?token=([0-9a-f]{64})/)).1
        _ = try owner.get("/login/link?token=\(token)")
        let signedIn = try owner.post("/login/link", [("token", String(token))])
        #expect(signedIn.status == 303)
        #expect(try owner.get("/account").status == 200)
        // A wrong guess gets exactly the same page, and no mail.
        let mailsBefore = app.mails().count
        _ = try guesser.get("/login")
        let guess = try guesser.post("/login", [("email", "owner@example.com"), ("password", "another guess")])
        #expect(guess.text.contains("Check your email"))
        #expect(app.mails().count == mailsBefore)
    }
}
