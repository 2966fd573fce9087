import Domain
import Foundation
@testable import Storage
import Testing
@testable import UseCases
@testable import Web

/// Issue 32, finding 4: a SCIM token manages members, never the people who run the space. Over real sockets.
@Suite("A provisioning token cannot take over an admin")
struct ProvisioningTrustTests {
    let tests = ProvisioningTests()

    func userID(_ client: ProvisioningTests.SCIM, _ email: String) throws -> String {
        try #require(try client.call("GET", "/Users?filter=" + Browser.encode("userName eq \"\(email)\""))
            .body["Resources"].flatMap { ($0 as? [[String: Any]])?.first?["id"] as? String })
    }

    @Test func anAdminsOrModeratorsEmailAndStateCannotBeChangedOrDeleted() throws {
        let app = try RunningApp()
        let client = try tests.scim(app)
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        for (email, role) in [("boss@example.com", Role.admin), ("mod@example.com", Role.moderator)] {
            let person = app.browser()
            try person.signUp(email)
            _ = try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress(email)!, role: role)
            let id = try userID(client, email)
            let attacks: [(String, String?)] = [
                ("PATCH", #"{"Operations":[{"op":"replace","path":"emails","value":[{"value":"attacker@evil.example","primary":true}]}]}"#),
                ("PATCH", #"{"Operations":[{"op":"replace","value":{"emails":[{"value":"attacker@evil.example"}]}}]}"#),
                ("PATCH", #"{"Operations":[{"op":"replace","path":"userName","value":"attacker@evil.example"}]}"#),
                ("PATCH", #"{"Operations":[{"op":"replace","path":"active","value":false}]}"#),
                ("PUT", #"{"userName":"attacker@evil.example"}"#),
                ("PUT", "{\"userName\":\"\(email)\",\"active\":false}"),
                ("DELETE", nil),
            ]
            for (method, body) in attacks {
                let answer = try client.call(method, "/Users/\(id)", body)
                #expect(answer.status == 403 && answer.body["scimType"] as? String == "mutability", "\(role) \(method) \(body ?? "")")
            }
            let after = try #require(try app.environment.database.account(tenantID: tenant.id, email: EmailAddress(email)!))
            #expect(after.isActive && after.role == role, "unchanged")
            #expect(try person.get("/account").status == 200, "still signed in")
            // A provider's routine sync, which changes nothing, is answered as usual.
            #expect(try client.call("PUT", "/Users/\(id)", "{\"userName\":\"\(email)\",\"active\":true}").status == 200)
            #expect(try client.call("GET", "/Users/\(id)").status == 200)
        }
        _ = try app.browser().post("/password/forgot", [("email", "attacker@evil.example")])
        #expect(!app.mails().contains { $0.contains("To: attacker@evil.example") }, "no account there to reset")
    }

    @Test func aPatchChangesOnlyWhatItNamesAndANewEmailIsToldToTheOldOne() throws {
        let app = try RunningApp()
        let client = try tests.scim(app)
        // A provider whose userName is a different address from the email (a user principal name).
        let created = try client.call("POST", "/Users", #"{"userName":"t.brown@corp.example","emails":[{"value":"tom@example.com","primary":true}]}"#)
        #expect(created.status == 201)
        let id = try #require(created.body["id"] as? String)
        let off = try client.call("PATCH", "/Users/\(id)", #"{"Operations":[{"op":"replace","path":"active","value":false}]}"#)
        #expect(off.status == 200 && off.body["active"] as? Bool == false)
        #expect((off.body["emails"] as? [[String: Any]])?.first?["value"] as? String == "tom@example.com", "the email is not reset to the userName")
        #expect(off.body["userName"] as? String == "t.brown@corp.example")
        let external = try client.call("PATCH", "/Users/\(id)", #"{"Operations":[{"op":"add","path":"externalId","value":"00u9"}]}"#)
        #expect((external.body["emails"] as? [[String: Any]])?.first?["value"] as? String == "tom@example.com")

        // A member's new address: the old one hears of it, and the sessions and links of before end.
        let member = app.browser()
        try member.signUp("sam@example.com")
        let samID = try userID(client, "sam@example.com")
        _ = try app.browser().post("/password/forgot", [("email", "sam@example.com")])
        let moved = try client.call("PATCH", "/Users/\(samID)", #"{"Operations":[{"op":"replace","path":"emails[type eq \"work\"].value","value":"sam.new@example.com"}]}"#)
        #expect(moved.status == 200)
        #expect(app.mails().contains { $0.contains("To: sam@example.com") && $0.contains("sam.new@example.com") && $0.contains("changed") })
        #expect(try member.get("/account").status == 303, "signed out")
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM password_resets WHERE tenant_id = ? AND used_at IS NULL", arguments: [tenant.id]) } == 0)
    }
}
