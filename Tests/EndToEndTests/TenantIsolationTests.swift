import Foundation
import Cryptography
import Testing
@testable import Storage
@testable import Web

@Suite("Tenants over real sockets: found by host, kept apart")
struct TenantIsolationTests {
    @Test func tenantsAreFoundByHost() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        _ = try app.environment.database.createTenant(slug: "clinic", name: "Calm Clinic")
        _ = try app.environment.database.setCustomDomain(slug: "clinic", to: "calm.example.org")

        #expect(try app.browser(host: "localhost:8080").get("/").text.contains(/<a class="site-name" href="\/"><img class="site-mark" src="[^"]+" alt="" width="28" height="28">Resett<\/a>/))
        #expect(try app.browser(host: "acme.localhost:8080").get("/").text.contains(/<a class="site-name" href="\/"><img class="site-mark" src="[^"]+" alt="" width="28" height="28">Acme Ltd<\/a>/))
        #expect(try app.browser(host: "ACME.LOCALHOST").get("/").text.contains(/<a class="site-name" href="\/"><img class="site-mark" src="[^"]+" alt="" width="28" height="28">Acme Ltd<\/a>/))
        #expect(try app.browser(host: "calm.example.org").get("/").text.contains(/<a class="site-name" href="\/"><img class="site-mark" src="[^"]+" alt="" width="28" height="28">Calm Clinic<\/a>/))
        let unknown = try app.browser(host: "nobody.localhost").get("/")
        #expect(unknown.status == 404)
        #expect(try app.browser(host: "elsewhere.example.com").get("/").status == 404)
        #expect(try app.browser(host: "a.b.localhost").get("/").status == 404)
    }

    @Test func theSameEmailIsTwoPeopleInTwoTenants() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        #expect(try app.browser().signUp("twice@example.com").status == 303)
        #expect(try app.browser(host: "acme.localhost").signUp("twice@example.com", "a different passphrase").status == 303)
        #expect(try app.browser().logIn("twice@example.com", "a different passphrase").status == 422)
        #expect(try app.browser(host: "acme.localhost").logIn("twice@example.com", "a different passphrase").status == 303)
    }

    @Test func aSessionFromOneTenantIsNoSessionInAnother() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let member = app.browser()
        try member.signUp("member@example.com")
        #expect(try member.get("/account").status == 200)

        member.host = "acme.localhost"
        let elsewhere = try member.get("/account")
        #expect(elsewhere.status == 303, "treated as signed out")
        #expect(try member.get("/account/export.json").status == 303)
    }

    /// A session is found by the tenant's own slug host and by the domain the operator set for it (one statement each
    /// on SQLite), and by neither once the cookie belongs to another tenant.
    @Test func aSessionHoldsOnATenantsOwnDomainAndNowhereElse() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "clinic", name: "Calm Clinic")
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        _ = try app.environment.database.setCustomDomain(slug: "clinic", to: "calm.example.org")
        let member = app.browser(host: "calm.example.org")
        try member.signUp("domain@example.com")
        #expect(try member.get("/account").status == 200)
        member.host = "clinic.localhost"
        #expect(try member.get("/account").status == 200, "the same tenant by its slug")
        for elsewhere in ["acme.localhost", "localhost"] {
            member.host = elsewhere
            #expect(try member.get("/account").status == 303, "treated as signed out at \(elsewhere)")
        }
    }

    @Test func idsFromAnotherTenantAreNotFound() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let alice = app.browser()
        try alice.signUp("alice@example.com")
        let bob = app.browser(host: "acme.localhost")
        try bob.signUp("bob@example.com")

        // Every route that takes an id: Alice's session id asked for by Bob in his tenant, and by a second
        // account in Alice's own tenant, is simply not found.
        let aliceSession = try #require(try app.environment.database.read { db in
            try db.string(sql: "SELECT id FROM sessions WHERE token_hash = ?",
                                arguments: [Digest.sha256Hex(alice.cookies["resett_session"]!)])
        })
        _ = try bob.get("/account/sessions")
        #expect(try bob.post("/account/sessions/\(aliceSession)/delete", []).status == 404)
        let carol = app.browser()
        try carol.signUp("carol@example.com")
        _ = try carol.get("/account/sessions")
        #expect(try carol.post("/account/sessions/\(aliceSession)/delete", []).status == 404)
        #expect(try alice.get("/account").status == 200, "Alice is still signed in")
    }

    @Test func resetTokensBelongToTheirTenant() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        try app.browser().signUp("reset@example.com")
        let visitor = app.browser()
        _ = try visitor.get("/password/forgot")
        _ = try visitor.post("/password/forgot", [("email", "reset@example.com")])
        let mail = try #require(app.mails().first { $0.contains("/password/reset?token=") })
        let path = try #require(mail.firstMatch(of: /(\/password\/reset\?token=[0-9a-f]{64})/).map { String($0.1) })
        #expect(try app.browser(host: "acme.localhost").get(path).status == 404)
        #expect(try app.browser().get(path).status == 200)
    }
}
