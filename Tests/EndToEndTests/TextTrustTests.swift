@testable import Domain
import Foundation
@testable import Storage
import Testing
@testable import Web

/// Issue 32, findings 7 to 9: text that looks like one thing and is another. Spreadsheet formulas in every CSV,
/// watched words and safety phrases dodged with invisible or look-alike letters, and look-alike email addresses.
@Suite("Look-alike text and spreadsheet formulas")
struct TextTrustTests {
    @Test func everyCSVFieldThatASpreadsheetWouldRunIsWrittenAsText() {
        let encoded = CSV.encode([["=HYPERLINK(\"http://evil.example\",\"x\")", "+1+2", "-1+2", "@SUM(A1)", "\tTAB", "\rCR", "-2", "4.5", "calm"]])
        let fields = encoded.dropLast(2)
        #expect(fields.hasPrefix("\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\","))
        #expect(encoded.contains(",\"'+1+2\",\"'-1+2\",\"'@SUM(A1)\",\"'\tTAB\",\"'\rCR\",-2,4.5,calm\r\n"))
        #expect(CSV.field("-") == "\"'-\"" && CSV.field("-.5") == "\"'-.5\"" && CSV.field("") == "")
    }

    @Test func aFormulaInANoteOrAnAddressIsTextInTheDownloadedSpreadsheets() throws {
        let app = try RunningApp()
        let browser = app.browser()
        let email = "=hyperlink(evil)@evil.example"
        #expect(try browser.signUp(email).status == 303)
        _ = try browser.get("/check-in")
        #expect(try browser.post("/check-in", [("rating", "3"), ("note", "=cmd|' /C calc'!A0"), ("tags", "sleep")]).status == 303)
        let checkIns = try browser.get("/account/check-ins.csv").text
        #expect(checkIns.contains("\"'=cmd|' /C calc'!A0\"") && !checkIns.contains(",=cmd"))
        let export = try browser.get("/account/export.csv").text
        #expect(!export.contains(",=hyperlink") && !export.contains("\n=hyperlink"))
        // An admin's audit names the person by address.
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        let admin = try AdminTests().admin(app)
        let id = try #require(try app.environment.database.account(tenantID: tenant.id, email: EmailAddress(email)!)?.id)
        _ = try admin.get("/admin/members")
        _ = try admin.post("/admin/members/\(id)/role", [("role", "moderator")])
        let audit = try admin.get("/admin/audit.csv").text
        #expect(!audit.contains(",=hyperlink") && !audit.contains("\n=hyperlink"))
    }

    @Test func asciiFoldsAsEveryOtherTextDoes() {
        // The quick way for ASCII gives what the scalar-by-scalar way gives, for every byte and mixed case.
        for byte in UInt8(0)..<0x80 {
            let text = "Ab" + String(UnicodeScalar(byte)) + "Z"
            #expect(MatchText.fold(text) == MatchText.foldScalars(text), "byte \(byte)")
        }
        for text in ["", "GHOSTED again", "no reply, Left On Read", "already lower", "Mixed ÉCLAIR ghost", "gh\u{200B}ost"] {
            #expect(MatchText.fold(text) == MatchText.foldScalars(text), "\(text)")
        }
        #expect(MatchText.fold("GHOSTED") == "ghosted" && MatchText.fold("gh\u{200B}oSt") == "ghost")
    }

    @Test func watchedWordsAndSafetyPhrasesHoldWhateverInvisibleOrLookAlikeLettersHide() throws {
        let app = try RunningApp()
        let phrases = app.environment.safetyPhrases
        for dodged in ["I want to d\u{200B}ie", "I want to di\u{00AD}e", "thinking about \u{0455}uicide", "thinking about ｓｕｉｃｉｄｅ",
                       "I want to d\u{0456}e", "I want to di\u{FEFF}e", "SU\u{200D}ICIDE", "suic\u{0456}de"] {
            #expect(phrases.suggestsRisk(dodged), "\(dodged.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for fine in ["I could die laughing", "dead tired", "дом"] { #expect(!phrases.suggestsRisk(fine), "\(fine)") }

        let admin = try staff(app, "admin@example.com", .admin)
        _ = try admin.get("/admin/watched-words")
        #expect(try admin.post("/admin/watched-words", [("phrase", "spoons"), ("action", "refuse")]).status == 303)
        let author = app.browser()
        try author.signUp("author@example.com")
        for dodged in ["I love sp\u{043E}\u{043E}ns", "I love spo\u{200B}ons", "I love ｓｐｏｏｎｓ", "I love spo\u{00AD}ons"] {
            #expect(try share(author, dodged).status == 422, "\(dodged)")
        }
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM posts") } == 0)
    }

    @Test func lookAlikeAddressesAreOneAccountOrRefused() throws {
        let app = try RunningApp()
        try app.browser().signUp("boss@example.com")
        try app.browser().signUp("r\u{00E9}ne@example.com")
        for lookAlike in ["b\u{043E}ss@example.com", "ｂｏｓｓ@example.com", "boss\u{200B}@example.com", "bo\u{00AD}ss@example.com",
                          "re\u{0301}ne@example.com", "BOSS@EXAMPLE.COM", "ｂｏｓｓ＠ｅｘａｍｐｌｅ．ｃｏｍ"] {
            let browser = app.browser()
            _ = try browser.get("/signup")
            let answer = try browser.post("/signup", [("email", lookAlike), ("password", "a calm and steady passphrase"), ("time_zone", "Europe/London")])
            #expect(answer.status == 200 || answer.status == 422, "\(lookAlike): \(answer.status)")
            for mail in app.mails() {
                guard let match = mail.firstMatch(of: /\/signup\/confirm\?token=([0-9a-f]{64})/) else { continue }
                _ = try browser.get("/signup/confirm?token=\(match.1)")
                _ = try browser.post("/signup/confirm", [("token", String(match.1))])
            }
        }
        let accounts = try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM accounts") }
        #expect(accounts == 2, "boss and réne, once each")
        #expect(EmailAddress("ｂｏｓｓ@example.com")?.value == "boss@example.com")
        #expect(EmailAddress("re\u{0301}ne@example.com") == EmailAddress("r\u{00E9}ne@example.com"))
        #expect(EmailAddress("b\u{043E}ss@example.com") == nil && EmailAddress("boss\u{200B}@example.com") == nil)
        #expect(EmailAddress("\u{0432}\u{043E}\u{0432}\u{0430}@example.com") != nil, "an address all in Cyrillic is fine")
    }
}
