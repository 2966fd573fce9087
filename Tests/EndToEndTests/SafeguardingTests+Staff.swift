import Domain
import Foundation
import Testing
@testable import Storage
@testable import UseCases
@testable import Web

/// More of safeguarding over real sockets: the staff's side (see `SafeguardingTests`).
extension SafeguardingTests {
    @Test func reachingOutReachesTheAuthorAndNobodyLearnsWhoTheyAre() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("quiet.author@example.com")
        _ = try share(author, topic: "anxious", "I can't go on like this")
        let post = try postID(app, body: "I can't go on like this")
        let accountID = try #require(try app.environment.database.read { try $0.string(sql: "SELECT id FROM accounts WHERE email = 'quiet.author@example.com'") })
        let moderator = try staff(app, "mod@example.com", .moderator)
        let page = try moderator.get("/admin/moderation/posts/\(post)")
        #expect(page.status == 200)
        let before = try auditCount(app)
        let sent = try moderator.post("/admin/moderation/posts/\(post)/reach-out", [("message", "We’re here for you. <b>You matter.</b>")])
        #expect(sent.status == 303)
        #expect(try auditCount(app) == before + 1)
        for path in ["/admin/moderation", "/admin/moderation/posts/\(post)", "/admin/audit", "/admin/audit.csv"] {
            let text = try moderator.get(path).text
            #expect(!text.contains("quiet.author") && !text.contains(accountID), "\(path)")
        }
        let home = try author.get("/").text
        #expect(home.contains("A message from the moderation team"))
        #expect(home.contains("We’re here for you. &lt;b&gt;You matter.&lt;/b&gt;"))
        #expect(home.contains("href=\"tel:116123\""))
        let someoneElse = app.browser()
        try someoneElse.signUp("else@example.com")
        #expect(!(try someoneElse.get("/").text.contains("A message from the moderation team")))
        let messageID = try #require(home.firstMatch(of: /\/messages\/([0-9a-f]{32})\/seen/)?.1)
        #expect(try someoneElse.post("/messages/\(messageID)/seen", []).status == 404)
        #expect(try author.post("/messages/\(messageID)/seen", []).status == 303)
        #expect(!(try author.get("/").text.contains("A message from the moderation team")))
        // It is theirs to export.
        #expect(try author.get("/account/export.json").text.contains("You matter."))
    }

    @Test func escalationNotesAndAssignmentEachWriteOneAuditLine() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("author@example.com")
        _ = try share(author, topic: "anxious", "I want to die")
        let post = try postID(app, body: "I want to die")
        let moderator = try staff(app, "mod@example.com", .moderator)
        _ = try moderator.get("/admin/moderation/posts/\(post)")
        var expected = try auditCount(app)
        for (action, fields) in [("escalate", [("note", "Called Priya at 14:05")]), ("notes", [("note", "Watch this thread")]),
                                 ("author-notes", [("note", "Second worrying post this week")]), ("assign", []), ("unassign", [])] {
            #expect(try moderator.post("/admin/moderation/posts/\(post)/\(action)", fields).status == 303, "\(action)")
            expected += 1
            #expect(try auditCount(app) == expected, "\(action)")
        }
        let page = try moderator.get("/admin/moderation/posts/\(post)").text
        #expect(page.contains("Escalated to the safeguarding lead"))
        #expect(page.contains("Watch this thread") && page.contains("Second worrying post this week"))
        let pseudonym = try #require(page.firstMatch(of: /About (Member [0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4})/)?.1)
        #expect(page.contains("Add a note about \(pseudonym)"))
        #expect(try moderator.post("/admin/moderation/posts/\(post)/notes", [("note", "")]).status == 400)
        let audit = try moderator.get("/admin/audit").text
        #expect(audit.contains("Escalated to the safeguarding lead") && audit.contains("Called Priya at 14:05"))
        #expect(audit.contains("I want to die"))  // the excerpt, while the post exists
        // A moderator who erases their account leaves their notes signed by "a former staff member".
        let lead = try staff(app, "lead@example.com", .admin)
        _ = try moderator.get("/account")
        #expect(try moderator.post("/account/delete", [("password", "a calm and steady passphrase")]).status == 200)
        let after = try lead.get("/admin/moderation/posts/\(post)").text
        #expect(after.contains("Watch this thread") && after.contains("A former staff member") && !after.contains("mod@example.com"))
    }

    @Test func overdueModerationIsMailedOnceWithALinkAndNoWords() throws {
        let app = try RunningApp()
        let moderator = try staff(app, "mod@example.com", .moderator)
        _ = moderator
        let author = app.browser()
        try author.signUp("author@example.com")
        _ = try share(author, topic: "anxious", "I want to end it all")
        func remindersTo(_ email: String) -> [String] { app.mails().filter { $0.contains("To: \(email)") && $0.contains("/admin/moderation") } }
        try app.environment.subscriptionClock.tick(now: app.clock.now + 30 * 60)
        #expect(remindersTo("mod@example.com").isEmpty)
        try app.environment.subscriptionClock.tick(now: app.clock.now + 61 * 60)
        #expect(remindersTo("mod@example.com").count == 1)
        #expect(!remindersTo("mod@example.com")[0].contains("end it all"))
        try app.environment.subscriptionClock.tick(now: app.clock.now + 120 * 60)
        #expect(remindersTo("mod@example.com").count == 1)
        // A report older than 48 hours, once too.
        _ = try share(author, "A post about biscuits")
        let post = try postID(app, body: "A post about biscuits")
        let reporter = app.browser()
        try reporter.signUp("reporter@example.com")
        _ = try reporter.get("/community/posts/\(post)/report")
        _ = try reporter.post("/community/posts/\(post)/reports", [("reason", "spam")])
        try app.environment.subscriptionClock.tick(now: app.clock.now + 47 * 3600)
        #expect(remindersTo("mod@example.com").count == 1)
        try app.environment.subscriptionClock.tick(now: app.clock.now + 49 * 3600)
        #expect(remindersTo("mod@example.com").count == 2)
        try app.environment.subscriptionClock.tick(now: app.clock.now + 50 * 3600)
        #expect(remindersTo("mod@example.com").count == 2)
        app.clock.advance(49 * 3600)
        #expect(try moderator.get("/admin/moderation").text.contains("Waiting longer than it should"))
    }

    @Test func watchedWordsHoldOrRefuseButNeverTurnAwaySomeoneAtRisk() throws {
        let app = try RunningApp()
        let admin = try staff(app, "admin@example.com", .admin)
        _ = try admin.get("/admin/watched-words")
        #expect(try admin.post("/admin/watched-words", [("phrase", "Biscuits"), ("action", "hold")]).status == 303)
        #expect(try admin.post("/admin/watched-words", [("phrase", "spoons"), ("action", "refuse")]).status == 303)
        let again = try admin.post("/admin/watched-words", [("phrase", "biscuits"), ("action", "refuse")])
        #expect(again.status == 422 && again.text.contains("already watched"))
        let author = app.browser()
        try author.signUp("author@example.com")
        let held = try share(author, "I brought BISCUITS for everyone")
        #expect(held.status == 200 && held.text.contains("A moderator will read your post"))
        let refused = try share(author, "I love spoons")
        #expect(refused.status == 422)
        #expect(refused.text.contains("Could you say it another way?"))
        #expect(refused.text.contains(">I love spoons</textarea>"))
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM posts WHERE body = 'I love spoons'") } == 0)
        // Risk words win over a refused word: the post is held and its author offered help.
        let atRisk = try share(author, "spoons and I want to die")
        #expect(atRisk.status == 200 && atRisk.text.contains("href=\"tel:116123\""))
        let reader = app.browser()
        try reader.signUp("reader@example.com")
        #expect(!(try reader.get("/community").text.contains("BISCUITS")))
        let queue = try admin.get("/admin/moderation").text
        #expect(queue.contains("Held: it contains a watched word") && queue.contains("Everything else"))
        let words = try admin.get("/admin/watched-words").text
        let remove = try #require(words.firstMatch(of: /\/admin\/watched-words\/([0-9a-f]{32})\/remove/)?.1)
        #expect(try admin.post("/admin/watched-words/\(remove)/remove", []).status == 303)
        #expect(try staff(app, "mod@example.com", .moderator).get("/admin/watched-words").status == 404)
    }

    @Test func theAuditHasExcerptsFiltersPagesAndCSVAndForgetsErasedWords() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("author@example.com")
        _ = try share(author, topic: "anxious", "I want to die, honestly")
        let post = try postID(app, body: "I want to die, honestly")
        let moderator = try staff(app, "mod@example.com", .moderator)
        _ = try moderator.get("/admin/moderation/posts/\(post)")
        for index in 0..<55 { _ = try moderator.post("/admin/moderation/posts/\(post)/notes", [("note", "Note \(index)")]) }
        _ = try moderator.post("/admin/moderation/posts/\(post)/escalate", [("note", "Told the lead")])
        let first = try moderator.get("/admin/audit").text
        #expect(first.components(separatedBy: "<tr><td data-label=\"When\">").count - 1 == 50)
        let older = try #require(first.firstMatch(of: /href="(\/admin\/audit\?before=\d+)"/)?.1)
        #expect(try moderator.get(String(older)).text.components(separatedBy: "<tr><td data-label=\"When\">").count - 1 == 6)
        let filtered = try moderator.get("/admin/audit?action=" + PercentEncoding.encode("Escalated to the safeguarding lead")).text
        #expect(filtered.components(separatedBy: "<tr><td data-label=\"When\">").count - 1 == 1 && filtered.contains("Told the lead"))
        #expect(try moderator.get("/admin/audit?from=2000-01-01&to=2000-01-02").text.contains("No moderation actions match."))
        let csv = try moderator.get("/admin/audit.csv?action=" + PercentEncoding.encode("Escalated to the safeguarding lead"))
        #expect(csv.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(csv.text.hasPrefix("time,moderator,action,subject,about,note\r\n"))
        #expect(csv.text.components(separatedBy: "\r\n").count == 3 && csv.text.contains("\"I want to die, honestly\""))
        // The author erases their post: its words leave the audit too.
        _ = try author.get("/community")
        #expect(try author.post("/community/posts/\(post)/delete", []).status == 303)
        let after = try moderator.get("/admin/audit").text
        #expect(!after.contains("I want to die") && after.contains("deleted post"))
        #expect(try app.browser().get("/admin/audit.csv").status == 404)
    }

    @Test func everyNewStaffRouteIsInvisibleAcrossTenants() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("author@example.com")
        _ = try share(author, topic: "anxious", "I want to die")
        let post = try postID(app, body: "I want to die")
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme")
        let other = try staff(app, "mod@acme.example", .admin, tenant: "acme", host: "acme.localhost")
        _ = try other.get("/admin/moderation")
        #expect(try other.get("/admin/moderation/posts/\(post)").status == 404)
        for action in ["reach-out", "escalate", "notes", "author-notes", "assign", "unassign", "approve"] {
            #expect(try other.post("/admin/moderation/posts/\(post)/\(action)", [("message", "Hi"), ("note", "x")]).status == 404, "\(action)")
        }
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM team_messages") } == 0)
        #expect(try author.get("/admin/moderation/posts/\(post)").status == 404)
    }

    @Test func hostileInputToTheNewRoutesIsRefusedCalmly() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("author@example.com")
        _ = try share(author, topic: "anxious", "I want to die")
        let post = try postID(app, body: "I want to die")
        let admin = try staff(app, "admin@example.com", .admin)
        _ = try admin.get("/admin/moderation")
        // Ids of the wrong form, or paths trying to climb out of their segment: no such page.
        for path in ["/admin/moderation/posts/..%2F..%2Fadmin%2Fsettings", "/admin/moderation/posts/\(post.uppercased())",
                     "/admin/moderation/posts/\(post)x"] {
            #expect(try admin.get(path).status == 404, "\(path)")
        }
        for path in ["/admin/moderation/posts/\(post)/..%2Fapprove", "/messages/..%2F..%2Fx/seen", "/admin/crisis-contacts/%2E%2E/remove",
                     "/admin/watched-words/\(String(repeating: "f", count: 33))/remove"] {
            #expect(try admin.post(path, [("note", "x"), ("message", "x")]).status == 404, "\(path)")
        }
        // Huge, negative and malformed numbers and dates: ignored in a filter, refused with a message in a form.
        for query in ["before=99999999999999999999999999", "before=-1", "before=1e9", "from=9999-99-99&to=-1", "moderator=\(String(repeating: "a", count: 5000))"] {
            #expect(try admin.get("/admin/audit?" + query).status == 200, "\(query)")
        }
        #expect(try admin.get("/admin/audit?action=%00").status == 400)  // strict decoding, as everywhere
        _ = try admin.get("/admin/settings")
        for minutes in ["99999999999999999999", "-5", "4", "1441", "60.5"] {
            let saved = try admin.post("/admin/settings", [("name", "Resett"), ("accent", "#0F7A5C"), ("freeResets", "3"), ("price", "1.99"),
                                                            ("threshold", "3"), ("crisis", "Call us."), ("responseMinutes", minutes)])
            #expect(saved.status == 422 && saved.text.contains("from 5 to 1440"), "\(minutes)")
            #expect(saved.text.contains("value=\"\(minutes)\""), "\(minutes) kept")
        }
        // Too long a message or note: a clear 400, nothing written.
        let before = try auditCount(app)
        _ = try admin.get("/admin/moderation/posts/\(post)")
        #expect(try admin.post("/admin/moderation/posts/\(post)/reach-out", [("message", String(repeating: "x", count: 5000))]).status == 400)
        #expect(try admin.post("/admin/moderation/posts/\(post)/notes", [("note", String(repeating: "x", count: 1500))]).status == 400)
        #expect(try auditCount(app) == before)
        // A forged host finds no tenant; "I'm safe for now" with a huge or foreign address goes home.
        #expect(try app.browser(host: "evil.example").get("/help").status == 404)
        #expect(try app.browser().get("/help/safe?from=/" + String(repeating: "a", count: 600)).header("Location") == "/")
    }
}
