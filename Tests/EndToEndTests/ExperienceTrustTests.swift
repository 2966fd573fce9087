import Domain
import Foundation
import Testing
@testable import Storage
@testable import Web

/// Issue 13's new pages and inputs, tried as an attacker would: who may see them, hostile numbers and ids, a forged
/// host, and nothing written by any of it.
@Suite("The new pages and inputs under hostile use")
struct ExperienceTrustTests {

    func count(_ app: RunningApp, _ sql: String) throws -> Int {
        try app.environment.database.read { try $0.int(sql: sql) ?? -1 }
    }

    @Test func teamToolsAreForStaffOfThisTenantOnlyAndTheAccountPagesForTheirOwner() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        #expect(try app.browser().get("/admin").status == 404, "signed out")
        #expect(try staff(app, "member@example.com", .member).get("/admin").status == 404, "a member")
        let moderator = try staff(app, "mod@example.com", .moderator).get("/admin")
        #expect(moderator.status == 200 && moderator.text.contains("href=\"/admin/moderation\""))
        #expect(!moderator.text.contains("href=\"/admin/members\""), "a moderator sees no admin tools")
        let admin = try staff(app, "admin@example.com", .admin)
        #expect(try admin.get("/admin").text.contains("href=\"/admin/members\""))
        // An admin of another tenant is nobody here.
        let elsewhere = try staff(app, "boss@acme.example", .admin, tenant: "acme", host: "acme.localhost")
        elsewhere.host = "localhost"
        #expect(try elsewhere.get("/admin").status == 404)
        for path in ["/account/profile", "/account/security", "/account/appearance", "/account/data"] {
            let answer = try app.browser().get(path)
            #expect(answer.status == 303 && answer.header("Location")?.hasPrefix("/login?next=") == true, "\(path)")
            #expect(try admin.get(path).status == 200, "\(path)")
        }
    }

    @Test func hostileNumbersIdsAndHostsAreRefusedCalmlyAndWriteNothing() throws {
        let app = try RunningApp()
        let browser = try staff(app, "attacker@example.com", .member)
        _ = try browser.get("/resets/tired-blink-track")
        for mood in ["99999999999999999999999", "-1", "0", "11", "4.5", " 4", "4 ", "0x4", "٤", "%00", String(repeating: "9", count: 5000)] {
            let answer = try browser.post("/resets/tired-blink-track/start", [("mood_before", mood)])
            #expect(answer.status == 400, "mood_before \(mood.prefix(20))")
        }
        #expect(try count(app, "SELECT count(*) FROM runs") == 0)
        for id in ["..%2F..%2Fadmin", "..%2Fetc%2Fpasswd", "%2e%2e", String(repeating: "a", count: 2000)] {
            #expect(try browser.post("/resets/\(id)/start", []).status == 404, "\(id.prefix(20))")
            #expect(try browser.get("/resets/\(id)").status == 404)
        }
        let run = try #require(try browser.post("/resets/tired-blink-track/start", [("mood_before", "5")]).header("Location")?
            .firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1)
        for step in ["0", "-1", "9", "99999999999999999999999", "1.5", "%2F", "..%2F1"] {
            #expect(try browser.get("/runs/\(run)/steps/\(step)").status == 404, "step \(step)")
        }
        for other in ["..%2F\(run)", String(run.uppercased()), String(run.dropLast()), "00000000000000000000000000000000"] {
            #expect(try browser.get("/runs/\(other)/steps/1").status == 404, "run \(other)")
        }
        #expect(try count(app, "SELECT count(*) FROM runs WHERE steps_reached > 1") == 0)
        // The checkout's fields: huge, negative and odd values are each a field error, never a charge.
        _ = try browser.get("/paywall")
        let checkout = try #require(try browser.post("/account/subscription/checkout", []).header("Location"))
        _ = try browser.get(checkout)
        for (expiry, cvc) in [("99/99", "123"), ("-1/-1", "-12"), (String(repeating: "1", count: 10_000), "1234567"), ("00/30", "12a")] {
            let answer = try browser.post(checkout, [("card_number", "4242 4242 4242 4242"), ("expiry", expiry), ("cvc", cvc)])
            #expect(answer.status == 422, "\(expiry.prefix(12)) \(cvc)")
        }
        #expect(try count(app, "SELECT count(*) FROM payments") == 0)
        // Query values the new pages read, and a forged host.
        let moderator = try staff(app, "mod@example.com", .moderator)
        #expect(try moderator.get("/admin/moderation?show=..%2F..%2Fetc").status == 200)
        #expect(try browser.get("/calendar/year?year=99999999999999999999").status == 400)
        #expect(try browser.get("/calendar?month=9999-12").header("Location") == "/calendar", "a far future month shows this one")
        for host in ["evil.example", "[acme.localhost]@evil.example", "localhost\"><script>"] {
            let client = try app.client()
            #expect([400, 404].contains(try client.request("GET", "/admin", headers: ["Host: \(host)"]).status), "\(host)")
        }
        // A request id from the client is never echoed (it could carry anything into our logs).
        let answer = try app.client().request("GET", "/", headers: ["X-Request-Id: injected\\nlevel=error"])
        #expect(answer.header("X-Request-Id").map { !$0.contains("injected") } == true)
        #expect(try app.client().request("GET", "/metrics", headers: ["X-Forwarded-For: 1.2.3.4",
                                                                       "Authorization: Bearer " + String(repeating: "x", count: 4000)]).status == 404)
    }
}
