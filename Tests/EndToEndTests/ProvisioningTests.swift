import Domain
import Foundation
import Cryptography
@testable import Storage
import Testing
@testable import UseCases
@testable import Web

/// Issue 17: provisioning over SCIM 2.0 (RFC 7643/7644), over real sockets: a bearer token per tenant, users created,
/// read, listed with a filter, replaced, patched (turned off, which ends their sessions) and deleted; errors as JSON.
@Suite("Provisioning over SCIM")
struct ProvisioningTests {
    struct SCIM {
        let browser: Browser
        let token: String

        func call(_ method: String, _ path: String, _ json: String? = nil, token: String? = nil) throws -> (status: Int, body: [String: Any], answer: RawClient.Answer) {
            var headers = ["Authorization: Bearer \(token ?? self.token)"]
            if json != nil { headers.append("Content-Type: application/scim+json") }
            let answer = try browser.exchange(method, "/scim/v2" + path, headers: headers, body: json)
            let body = (try? JSONSerialization.jsonObject(with: Data(answer.text.utf8))) as? [String: Any] ?? [:]
            return (answer.status, body, answer)
        }
    }

    func scim(_ app: RunningApp, tenant slug: String = "default", host: String = "localhost") throws -> SCIM {
        let tenant = try #require(try app.environment.database.tenant(slug: slug))
        return SCIM(browser: app.browser(host: host), token: try Provisioning.operatorToken(app.environment.database, tenantID: tenant.id, now: app.clock.now))
    }

    @Test func aProviderCreatesReadsListsAndReplacesUsers() throws {
        let app = try RunningApp()
        let client = try scim(app)
        let created = try client.call("POST", "/Users", """
            {"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"userName":"Ana.Lopez@Example.com","externalId":"00u1",
             "name":{"givenName":"Ana","familyName":"Lopez"},"active":true}
            """)
        #expect(created.status == 201 && created.answer.header("Content-Type") == "application/scim+json")
        let id = try #require(created.body["id"] as? String)
        #expect(created.body["userName"] as? String == "ana.lopez@example.com" && created.body["externalId"] as? String == "00u1")
        #expect(created.body["name"] == nil, "names are not kept")
        let meta = try #require(created.body["meta"] as? [String: Any])
        #expect((meta["location"] as? String)?.hasSuffix("/scim/v2/Users/\(id)") == true && meta["resourceType"] as? String == "User")
        #expect(try client.call("POST", "/Users", #"{"userName":"ana.lopez@example.com"}"#).body["scimType"] as? String == "uniqueness")

        let got = try client.call("GET", "/Users/\(id)")
        #expect(got.status == 200 && got.body["active"] as? Bool == true)
        let filtered = try client.call("GET", "/Users?filter=" + Browser.encode(#"userName eq "ANA.LOPEZ@example.com""#))
        #expect(filtered.body["totalResults"] as? Int == 1 && (filtered.body["Resources"] as? [[String: Any]])?.first?["id"] as? String == id)
        #expect(try client.call("GET", "/Users?filter=" + Browser.encode(#"externalId eq "00u1""#)).body["totalResults"] as? Int == 1)
        #expect(try client.call("GET", "/Users?filter=" + Browser.encode(#"userName eq "nobody@example.com""#)).body["totalResults"] as? Int == 0)
        let badFilter = try client.call("GET", "/Users?filter=" + Browser.encode(#"name.givenName co "A""#))
        #expect(badFilter.status == 400 && badFilter.body["scimType"] as? String == "invalidFilter")
        for i in 0..<4 { _ = try client.call("POST", "/Users", #"{"userName":"page\#(i)@example.com"}"#) }
        let page = try client.call("GET", "/Users?startIndex=2&count=2")
        #expect(page.body["totalResults"] as? Int == 5 && page.body["itemsPerPage"] as? Int == 2 && page.body["startIndex"] as? Int == 2)
        for bad in ["startIndex=0", "count=-1", "startIndex=abc", "count=99999999999999999999"] {
            #expect(try client.call("GET", "/Users?\(bad)").status == 400, "\(bad)")
        }

        let replaced = try client.call("PUT", "/Users/\(id)", #"{"userName":"ana@example.com","externalId":"00u1-b","active":true}"#)
        #expect(replaced.status == 200 && replaced.body["userName"] as? String == "ana@example.com")
        #expect(try client.call("PUT", "/Users/\(id)", #"{"userName":"page1@example.com"}"#).status == 409)
        #expect(try client.call("PUT", "/Users/\(id)", #"{"externalId":"x"}"#).status == 400, "userName is required")
        // A provider whose userName is not an address (a user principal name) sends the address in emails: both are kept.
        let upn = try client.call("POST", "/Users", #"{"userName":"CORP\\tomb","emails":[{"value":"work@example.org","type":"work"},{"value":"Tom@Example.com","primary":true}]}"#)
        #expect(upn.status == 201 && upn.body["userName"] as? String == #"CORP\tomb"#)
        #expect((upn.body["emails"] as? [[String: Any]])?.first?["value"] as? String == "tom@example.com")
        #expect(try client.call("GET", "/Users?filter=" + Browser.encode(#"userName eq "CORP\\tomb""#)).body["totalResults"] as? Int == 1)
        #expect(try client.call("POST", "/Users", #"{"userName":"tom@example.com"}"#).status == 409, "the address is taken")
        #expect(try client.call("POST", "/Users", #"{"userName":"no-address"}"#).status == 400)
        // The person can use the account: a password through "forgotten password", as any member.
        #expect(try app.browser().logIn("ana@example.com").status == 422, "no password was ever set")
    }

    @Test func turningAnAccountOffEndsItsSessionsAndDeletingItErasesIt() throws {
        let app = try RunningApp()
        let client = try scim(app)
        let member = app.browser()
        try member.signUp("leaver@example.com")
        #expect(try member.get("/account").status == 200)
        let id = try #require(try client.call("GET", "/Users?filter=" + Browser.encode(#"userName eq "leaver@example.com""#))
            .body["Resources"].flatMap { ($0 as? [[String: Any]])?.first?["id"] as? String })
        // Azure sends "False" as a string, without a path; Okta sends a path. Both turn it off.
        let off = try client.call("PATCH", "/Users/\(id)", """
            {"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"Replace","value":{"active":"False"}}]}
            """)
        #expect(off.status == 200 && off.body["active"] as? Bool == false)
        #expect(try member.get("/account").status == 303, "signed out at once")
        #expect(try app.browser().logIn("leaver@example.com").status == 422, "and cannot sign in")
        _ = try app.browser().post("/password/forgot", [("email", "leaver@example.com")])
        #expect(!app.mails().contains { $0.contains("To: leaver@example.com") && $0.contains("/password/reset") }, "no reset link either")
        let on = try client.call("PATCH", "/Users/\(id)", #"{"Operations":[{"op":"replace","path":"active","value":true}]}"#)
        #expect(on.body["active"] as? Bool == true)
        #expect(try app.browser().logIn("leaver@example.com").status == 303, "on again, with the same password")
        app.clock.advance(3600)
        #expect(try app.browser().post("/password/forgot", [("email", "leaver@example.com")]).status == 200)
        #expect(app.mails().contains { $0.contains("To: leaver@example.com") && $0.contains("/password/reset") }, "and a reset link once on")
        for bad in [#"{"Operations":[]}"#, #"{"Operations":[{"op":"move","path":"active","value":true}]}"#,
                    #"{"Operations":[{"op":"replace","path":"active","value":"maybe"}]}"#, #"{"Operations":[{"op":"remove","path":"userName"}]}"#, "[1,2]", "not json"] {
            #expect(try client.call("PATCH", "/Users/\(id)", bad).status == 400, "\(bad)")
        }
        // However a session came to outlive the account being turned off (a log-in in the same instant), it does not work.
        let racing = app.browser()
        #expect(try racing.logIn("leaver@example.com").status == 303 && (try racing.get("/account").status) == 200)
        try app.environment.database.write { db in try db.execute(sql: "UPDATE accounts SET deactivated_at = 1 WHERE email = 'leaver@example.com'") }
        #expect(try racing.get("/account").status == 303)
        #expect(try client.call("DELETE", "/Users/\(id)").status == 204)
        #expect(try client.call("GET", "/Users/\(id)").status == 404)
        #expect(try client.call("DELETE", "/Users/\(id)").status == 404)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM accounts WHERE email = 'leaver@example.com'") } == 0)
        #expect(try client.call("GET", "/Users/not-an-id").status == 404)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM moderation_audit WHERE moderator = 'Provisioning (SCIM)'") } ?? 0 >= 2)
    }

    @Test func onlyALiveTokenOfThisTenantAndNothingAClientSendsBreaksIt() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let ours = try scim(app)
        let theirs = try scim(app, tenant: "acme", host: "acme.localhost")
        _ = try ours.call("POST", "/Users", #"{"userName":"ours@example.com"}"#)
        // Another tenant's token, a made-up one, none at all: 401 with a SCIM error.
        for token in [theirs.token, String(repeating: "a", count: 64), "", "x"] {
            let refused = try ours.call("GET", "/Users", token: token)
            #expect(refused.status == 401 && refused.body["status"] as? String == "401" && refused.answer.header("WWW-Authenticate") != nil)
        }
        #expect(try theirs.call("GET", "/Users").body["totalResults"] as? Int == 0, "acme sees none of ours")
        let noAuth = try ours.browser.exchange("GET", "/scim/v2/Users", headers: [], body: nil)
        #expect(noAuth.status == 401)
        // A cookie-carrying POST without our token is refused too (a browser cannot provision).
        #expect(try ours.call("POST", "/Users", #"{"userName":"x@example.com"}"#, token: "nope").status == 401)
        // Hostile bodies: deep nesting, huge numbers, wrong types, the wrong content type. Each a clear 4xx, and the server stays up.
        let deep = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        #expect(try ours.call("POST", "/Users", deep).status == 400)
        #expect(try ours.call("POST", "/Users", #"{"userName":12345678901234567890123}"#).status == 400)
        #expect(try ours.call("POST", "/Users", #"{"userName":"y@example.com","active":"sometimes"}"#).status == 400)
        #expect(try ours.call("POST", "/Users", #"{"userName":"not an email"}"#).status == 400)
        #expect(try ours.call("POST", "/Users", #"{"userName":"z@example.com","externalId":"\#(String(repeating: "e", count: 300))"}"#).status == 400)
        let form = try ours.browser.exchange("POST", "/scim/v2/Users", headers: ["Authorization: Bearer \(ours.token)", "Content-Type: application/x-www-form-urlencoded"], body: "userName=a")
        #expect(form.status == 415)
        #expect(try ours.call("GET", "/ServiceProviderConfig").status == 200)
        // Revoked on the admin page: refused from then on.
        let admin = try staff(app, "scim.admin@example.com", .admin)
        let page = try admin.get("/admin/joining").text
        #expect(page.contains("Made with resett tenant scim-token") && page.contains("/scim/v2"))
        let id = try #require(try app.environment.database.read { try $0.string(sql: "SELECT id FROM scim_tokens WHERE token_hash = ?", arguments: [Digest.sha256Hex(ours.token)]) })
        #expect(try admin.post("/admin/joining/scim-tokens/\(id)/revoke", []).status == 303)
        #expect(try ours.call("GET", "/Users").status == 401)
        // An admin's new token is shown once and works.
        let made = try admin.post("/admin/joining/scim-tokens", [("token_label", "Entra ID")])
        let token = try #require(made.text.firstMatch(of: /id="created-token" class="copy-field" value="([0-9a-f]{64})"/)).1
        #expect(try ours.call("GET", "/Users", token: String(token)).status == 200)
        #expect(!(try admin.get("/admin/joining").text.contains(String(token))))
        #expect(try admin.get("/admin/audit").text.contains("Made a provisioning (SCIM) token"))
    }
}
