import Foundation
import Testing
@testable import Storage
@testable import Web

@Suite("Accounts over real sockets: reset, export, delete")
struct AccountDataTests {
    func resetLink(in mail: String) -> String? {
        mail.firstMatch(of: /http:\/\/localhost(\/password\/reset\?token=[0-9a-f]{64})/).map { String($0.1) }
    }

    @Test func forgottenPasswordThroughTheOutbox() throws {
        let app = try RunningApp()
        let owner = app.browser()
        try owner.signUp("forgot@example.com")

        let visitor = app.browser()
        _ = try visitor.get("/password/forgot")
        let known = try visitor.post("/password/forgot", [("email", "Forgot@Example.com")])
        let unknown = try visitor.post("/password/forgot", [("email", "stranger@example.com")])
        #expect(known.status == 200 && unknown.status == 200)
        // Same words either way, apart from the address the person typed.
        #expect(known.text.replacingOccurrences(of: "forgot@example.com", with: "X")
                == unknown.text.replacingOccurrences(of: "stranger@example.com", with: "X"))

        let mails = app.mails().filter { $0.contains("/password/reset?token=") }
        #expect(mails.count == 1)
        let mail = try #require(mails.first)
        #expect(mail.contains("To: forgot@example.com"))
        let link = try #require(resetLink(in: mail))
        // The token is only in the mail: never in the log.
        let token = String(link.suffix(64))
        #expect(!app.logs.all.joined().contains(token))

        #expect(try visitor.get(link).status == 200)
        let weak = try visitor.post("/password/reset", [("token", token), ("password", "123456789")])
        #expect(weak.status == 422)
        let done = try visitor.post("/password/reset", [("token", token), ("password", "a brand new passphrase")])
        #expect(done.status == 303)
        #expect(done.header("Location") == "/login?notice=password-reset")

        #expect(try owner.get("/account").status == 303, "every session ended")
        #expect(try app.browser().logIn("forgot@example.com").status == 422)
        #expect(try app.browser().logIn("forgot@example.com", "a brand new passphrase").status == 303)
        // Single use.
        #expect(try visitor.get(link).status == 404)
        #expect(try visitor.post("/password/reset", [("token", token), ("password", "yet another passphrase")]).status == 404)
    }

    @Test func resetLinksExpireAfterAnHour() throws {
        let app = try RunningApp()
        try app.browser().signUp("late@example.com")
        let visitor = app.browser()
        _ = try visitor.get("/password/forgot")
        _ = try visitor.post("/password/forgot", [("email", "late@example.com")])
        let mail = try #require(app.mails().first { $0.contains("/password/reset?token=") })
        let link = try #require(resetLink(in: mail))
        app.clock.advance(3601)
        let expired = try visitor.get(link)
        #expect(expired.status == 404)
        #expect(expired.text.contains("This link has expired"))
    }

    @Test func exportHoldsEverythingAboutThePerson() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("export@example.com", timeZone: "Asia/Tokyo")
        let answer = try browser.get("/account/export.json")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "application/json; charset=utf-8")
        #expect(answer.header("Content-Disposition")?.contains("attachment") == true)
        #expect(answer.header("Cache-Control") == "no-store")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect(json["email"] as? String == "export@example.com")
        #expect(json["timeZone"] as? String == "Asia/Tokyo")
        #expect((json["sessions"] as? [Any])?.count == 1)
        #expect(json["passwordHash"] == nil)
        #expect(try app.browser().get("/account/export.json").status == 303)
    }

    @Test func deletingTheAccountErasesEverythingPersonal() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("leaving@example.com")
        try app.browser().logIn("leaving@example.com")
        _ = try app.browser().get("/password/forgot")
        let forgot = app.browser()
        _ = try forgot.get("/password/forgot")
        _ = try forgot.post("/password/forgot", [("email", "leaving@example.com")])

        // A passkey, and a challenge begun for another.
        #expect(try browser.addPasskey(SoftwareAuthenticator()).status == 303)
        _ = try browser.post("/account/passkeys/options", [])
        #expect(try browser.post("/account/reminders", [("checkIn", "on"), ("checkInTime", "08:00"), ("quietStart", "22:00"), ("quietEnd", "07:00")]).status == 303)
        _ = try browser.get("/account")
        let refused = try browser.post("/account/delete", [("password", "not my password")])
        #expect(refused.status == 422)
        #expect(refused.text.contains("nothing has been deleted"))
        #expect(try count(app, "SELECT count(*) FROM accounts") == 1)

        let deleted = try browser.post("/account/delete", [("password", "a calm and steady passphrase")])
        #expect(deleted.status == 200)
        #expect(deleted.text.contains("Your account has been deleted"))
        #expect(browser.cookies["resett_session"] == nil)
        for table in ["accounts", "sessions", "password_resets", "passkeys", "passkey_challenges", "reminders"] {
            #expect(try count(app, "SELECT count(*) FROM \(table)") == 0, "\(table) still has rows")
        }
        let tables = try app.environment.database.tableNames()
        let everything = try app.environment.database.read { db in
            try tables.flatMap { table in
                try db.rows(sql: "SELECT * FROM \"\(table)\"").map { $0.description }
            }
        }.joined()
        #expect(!everything.contains("leaving@example.com"))
        #expect(try app.browser().logIn("leaving@example.com").status == 422)
    }

    func count(_ app: RunningApp, _ sql: String) throws -> Int {
        try app.environment.database.read { try $0.int(sql: sql) ?? -1 }
    }
}
