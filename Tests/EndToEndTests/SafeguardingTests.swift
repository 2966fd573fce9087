import Domain
import Foundation
import Testing
@testable import Storage
@testable import UseCases
@testable import Web

/// Issue 14: crisis help a person can act on at once, and moderators who can act for them without learning who they are.
@Suite("Safeguarding over real sockets")
struct SafeguardingTests {
    func auditCount(_ app: RunningApp) throws -> Int {
        try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM moderation_audit") ?? -1 }
    }

    @Test func crisisContactsAreButtonsThatCallOrText() throws {
        let app = try RunningApp()
        let page = try app.browser().get("/help/talk").text
        #expect(page.contains("href=\"tel:999\">Call 999</a>"))
        #expect(page.contains("href=\"tel:116123\">Call 116 123</a>"))
        #expect(page.contains("href=\"sms:85258?&amp;body=SHOUT\">Text SHOUT to 85258</a>"))
        #expect(page.contains("href=\"tel:111\">Call 111</a>"))
        #expect(page.contains("href=\"https://www.samaritans.org\""))
        // Never as plain text: the old default sentence with the numbers in it is not repeated under the buttons.
        #expect(!page.contains("on 116 123."))
        // In the order the admin chose: emergency first.
        let order = ["Emergency services", "Samaritans", "Shout", "NHS 111, option 2"].compactMap { page.range(of: $0)?.lowerBound }
        #expect(order.count == 4 && order == order.sorted())
    }

    @Test func theFlowBreathesFirstOffersFourChoicesAndGoesBackWithoutScript() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("flow@example.com")
        let calendar = try browser.get("/calendar").text
        #expect(calendar.contains("href=\"/help?from=/calendar\">Need help now?</a>"))
        let first = try browser.get("/help?from=%2Fcalendar").text
        #expect(first.contains("Breathe in slowly for 4 seconds"))
        // Nothing to wait for: the next step is a link from the start.
        #expect(first.contains("href=\"/help/now?from=/calendar\""))
        let choices = try browser.get("/help/now?from=%2Fcalendar").text
        #expect(choices.components(separatedBy: "<li><a class=\"help-choice").count - 1 == 4)
        for link in ["/help/talk?from=/calendar", "/help/breathe?from=/calendar", "/help/ground?from=/calendar", "/help/safe?from=/calendar"] {
            #expect(choices.contains("href=\"\(link)\""), "\(link)")
            #expect(try browser.get(link.replacingOccurrences(of: "/help/safe", with: "/help/now")).status == 200)
        }
        #expect(try browser.get("/help/breathe").status == 200)
        #expect(try browser.get("/help/ground").text.contains("things you can see"))
        let safe = try browser.get("/help/safe?from=%2Fcalendar")
        #expect(safe.status == 303 && safe.header("Location") == "/calendar")
        // Only a path on this site: anything else goes home.
        for from in ["%2F%2Fevil.example", "https%3A%2F%2Fevil.example", "%2F%09%2Fevil.example", "calendar"] {
            #expect(try browser.get("/help/safe?from=" + from).header("Location") == "/", "\(from)")
        }
    }

    @Test func aVeryLowMoodOffersHelpFirstAndNeverThePaywall() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("low@example.com")
        var last = ""
        for _ in 0..<3 {  // every free reset of the day, rated 1
            _ = try browser.get("/resets/tired-blink-track")
            let started = try browser.post("/resets/tired-blink-track/start", [])
            let run = try #require(started.header("Location")?.firstMatch(of: /\/runs\/([0-9a-f]{32})/)?.1)
            _ = try browser.get("/runs/\(run)/steps/2")  // past its first step: it uses a free reset
            _ = try browser.post("/runs/\(run)/finish", [("outcome", "finished_early")])
            _ = try browser.post("/runs/\(run)/mood", [("mood", "1")])
            last = String(run)
        }
        let result = try browser.get("/runs/\(last)/result").text
        #expect(result.contains("Thank you for telling us"))
        #expect(result.contains("href=\"tel:116123\""))
        #expect(result.contains("Breathe for two minutes"))
        #expect(!result.contains("/paywall") && !result.contains("Try another reset"))
        #expect(result.contains("class=\"button button-crisis\" href=\"/help\">Need help now?</a>"))
        // A mood of 3 still offers another reset, as before.
        #expect(MoodScale.isLow(3) && !MoodScale.isVeryLow(3))
    }

    @Test func aHeldPostShowsTheContactsFirstAndWritingOffersThemBeforeSending() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("hard@example.com")
        let feed = try author.get("/community").text
        // The compose form carries the phrases and the contacts, hidden until script sees risky words.
        #expect(feed.contains("data-safety-phrases=\"") && feed.contains("data-compose-help hidden"))
        let held = try share(author, topic: "anxious", "I feel suicidal today").text
        let contacts = try #require(held.range(of: "href=\"tel:999\"")), waiting = try #require(held.range(of: "a real person"))
        #expect(contacts.lowerBound < waiting.lowerBound)
        #expect(!held.contains("/paywall"))
    }

    @Test func adminsChangeReorderAndAddContactsWithValidation() throws {
        let app = try RunningApp()
        let admin = try staff(app, "admin@example.com", .admin)
        _ = try admin.get("/admin/crisis-contacts")
        let before = try auditCount(app)
        let bad = try admin.post("/admin/crisis-contacts", [("name", "Campus security"), ("purpose", "On campus, any time"),
                                                             ("phone", "0800 <script>"), ("url", "javascript:alert(1)")])
        #expect(bad.status == 422)
        #expect(bad.text.contains("A phone number is digits and spaces"))
        #expect(bad.text.contains("value=\"Campus security\""))
        #expect(try auditCount(app) == before)
        let good = try admin.post("/admin/crisis-contacts", [("name", "Campus security"), ("purpose", "On campus, any time"),
                                                              ("phone", "+44 1234 567890")])
        #expect(good.status == 303)
        #expect(try app.browser().get("/help/talk").text.contains("href=\"tel:+441234567890\">Call +44 1234 567890</a>"))
        let contacts = try app.environment.database.crisisContacts(tenantID: try #require(try app.environment.database.tenant(slug: "default")).id)
        let campus = try #require(contacts.last)
        #expect(campus.name == "Campus security")
        _ = try admin.get("/admin/crisis-contacts")
        #expect(try admin.post("/admin/crisis-contacts/\(campus.id)/up", []).status == 303)
        let moved = try app.environment.database.crisisContacts(tenantID: try #require(try app.environment.database.tenant(slug: "default")).id)
        #expect(moved.map(\.name) == ["Emergency services", "Samaritans", "Shout", "Campus security", "NHS 111, option 2"])
        #expect(try admin.post("/admin/crisis-contacts/\(campus.id)/remove", []).status == 303)
        #expect(!(try app.browser().get("/help/talk").text.contains("Campus security")))
        #expect(try auditCount(app) == before + 3)
        // A moderator is not an admin: these pages do not exist for them; nor do another tenant's contacts.
        let moderator = try staff(app, "mod@example.com", .moderator)
        #expect(try moderator.get("/admin/crisis-contacts").status == 404)
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme")
        let other = try staff(app, "boss@acme.example", .admin, tenant: "acme", host: "acme.localhost")
        _ = try other.get("/admin/crisis-contacts")
        #expect(try other.post("/admin/crisis-contacts/\(contacts[0].id)/remove", []).status == 404)
        #expect(try other.post("/admin/crisis-contacts/not-an-id/remove", []).status == 404)
        #expect(try app.browser(host: "acme.localhost").get("/help/talk").text.contains("tel:116123"))
    }

    @Test func aContactChangedOnOneNodeIsWhatEveryNodeShowsNext() throws {
        // Two apps on one database are two nodes, each keeping its own copy of the contacts between requests.
        let database = temporaryDatabasePath()
        let first = try RunningApp(database: database), second = try RunningApp(database: database)
        let admin = try staff(first, "admin@example.com", .admin)
        let reader = second.browser()
        #expect(!(try reader.get("/help/talk").text.contains("Campus security")))
        #expect(!(try reader.get("/help/talk").text.contains("Campus security")), "now from the second node's copy")
        _ = try admin.get("/admin/crisis-contacts")
        #expect(try admin.post("/admin/crisis-contacts", [("name", "Campus security"), ("purpose", "On campus, any time"),
                                                           ("phone", "+44 1234 567890")]).status == 303)
        #expect(try reader.get("/help/talk").text.contains("Campus security"), "the change raised the version the second node reads")
        let tenant = try #require(try first.environment.database.tenant(slug: "default"))
        let campus = try #require(try first.environment.database.crisisContacts(tenantID: tenant.id).last)
        _ = try admin.get("/admin/crisis-contacts")
        #expect(try admin.post("/admin/crisis-contacts/\(campus.id)/up", []).status == 303)
        let page = try reader.get("/help/talk").text
        let campusAt = try #require(page.range(of: "Campus security")), nhsAt = try #require(page.range(of: "NHS 111"))
        #expect(campusAt.lowerBound < nhsAt.lowerBound, "the new order at once")
        #expect(try admin.post("/admin/crisis-contacts/\(campus.id)/remove", []).status == 303)
        #expect(!(try reader.get("/help/talk").text.contains("Campus security")))
    }

    @Test func atRiskPostsComeFirstWithTheStepsAndTheLead() throws {
        let app = try RunningApp()
        let admin = try staff(app, "lead@example.com", .admin)
        _ = try admin.get("/admin/settings")
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        var changed = tenant
        changed.settings.escalationContact = "Priya Shah, safeguarding lead, 020 7946 0000"
        try app.environment.database.saveSettings(of: changed)
        let member = app.browser()
        try member.signUp("member@example.com")
        #expect(try share(member, "An older post that someone reported").status == 303)
        let reported = try postID(app, body: "An older post that someone reported")
        let reporter = app.browser()
        try reporter.signUp("reporter@example.com")
        _ = try reporter.get("/community/posts/\(reported)/report")
        _ = try reporter.post("/community/posts/\(reported)/reports", [("reason", "unkind")])
        app.clock.advance(60)
        _ = try share(member, topic: "anxious", "I want to kill myself")
        let queue = try admin.get("/admin/moderation").text
        let atRisk = try #require(queue.range(of: "May be at risk")), reportedHeading = try #require(queue.range(of: ">Reported<"))
        #expect(atRisk.lowerBound < reportedHeading.lowerBound)
        let heldText = try #require(queue.range(of: "I want to kill myself")), reportedText = try #require(queue.range(of: "An older post"))
        #expect(heldText.lowerBound < reportedText.lowerBound)
        #expect(queue.contains("Priya Shah, safeguarding lead, 020 7946 0000"))
        #expect(queue.contains("Reach out privately with warmth"))
        #expect(!queue.contains("<li>2. Reach out"), "the list numbers the steps; the stored text's own numbers are left off")
        var settings = TenantSettings()
        settings.safeguardingSteps = "1. Act now\n 2) Then this\n\nNo number\n10. Ten\n \t5)\tCall\t \n7.\n  "
        #expect(settings.safeguardingStepList == ["Act now", "Then this", "No number", "Ten", "Call"])
        settings.safeguardingSteps = "One step"
        #expect(settings.safeguardingStepList == ["One step"], "split again with every change")
        // The navigation counts what waits, for staff only.
        #expect(queue.contains("<span class=\"nav-count\">2<span class=\"visually-hidden\"> posts waiting</span></span>"))
        #expect(!(try member.get("/community").text.contains("nav-count")))
    }

    /// A post waits while any report of it is open (posts.reported_at): when one of its reporters leaves it still waits,
    /// dated by the report that is left; when a moderator deals with it, it leaves the queue and the count.
    @Test func aReportedPostWaitsUntilItIsDealtWithEvenWhenAReporterLeaves() throws {
        let app = try RunningApp()
        let admin = try staff(app, "lead@example.com", .admin)
        let author = app.browser()
        try author.signUp("author@example.com")
        _ = try share(author, "A post two people reported")
        let post = try postID(app, body: "A post two people reported")
        func waiting() throws -> String { try admin.get("/admin/moderation").text }
        #expect(try waiting().contains("Nothing is waiting"))
        let first = app.browser(), second = app.browser()
        try first.signUp("first.reporter@example.com")
        try second.signUp("second.reporter@example.com")
        #expect(try first.post("/community/posts/\(post)/reports", [("reason", "unkind")]).status == 303)
        let firstReportAt = app.clock.now
        app.clock.advance(3600)
        #expect(try second.post("/community/posts/\(post)/reports", [("reason", "spam")]).status == 303)
        func reportedAt() throws -> Int? {
            try app.environment.database.read { try $0.int(sql: "SELECT reported_at FROM posts WHERE id = ?", arguments: [post]) }
        }
        #expect(try reportedAt() == firstReportAt, "the oldest open report dates the post")
        var queue = try waiting()
        #expect(queue.contains(">Reported<") && queue.contains("A post two people reported"))
        #expect(queue.contains("<span class=\"nav-count\">1<span class=\"visually-hidden\">"))
        _ = try first.get("/account/data")
        #expect(try first.post("/account/delete", [("password", "a calm and steady passphrase")]).status == 200)
        #expect(try reportedAt() == firstReportAt + 3600, "the report left dates it now")
        queue = try waiting()
        #expect(queue.contains("A post two people reported") && queue.contains("Spam") && !queue.contains("Unkind"))
        #expect(try admin.post("/admin/moderation/posts/\(post)/approve", []).status == 303)
        #expect(try reportedAt() == nil)
        queue = try waiting()
        #expect(queue.contains("Nothing is waiting") && !queue.contains("nav-count"))
    }

    /// Each section shows its ten oldest, says how many it holds, and opens in full on request.
    @Test func eachSectionOfALongQueueShowsItsOldestTenAndOpensInFull() throws {
        let app = try RunningApp()
        let moderator = try staff(app, "mod@example.com", .moderator)
        let author = app.browser()
        try author.signUp("many.posts@example.com")
        for number in 1...12 {
            #expect(try share(author, topic: "anxious", "I want to kill myself, note \(number)").status == 200, "held, with the contacts")
            app.clock.advance(721)  // five posts an hour at most
        }
        let queue = try moderator.get("/admin/moderation").text
        #expect(queue.components(separatedBy: "moderation-item-at-risk\"").count - 1 == 10)
        #expect(queue.contains("note 1<") && queue.contains("note 10<") && !queue.contains("note 11<"), "oldest first")
        #expect(queue.contains("Show all 12"))
        // What to do for someone at risk is said once, at the head of their section, not under each of the ten.
        #expect(queue.components(separatedBy: "What to do for someone who may be at risk").count - 1 == 1)
        // Each item's buttons are one form: Approve posts to the form's action, Hide and Delete to their own.
        let forms = queue.matches(of: /<form method="post" action="(\/admin\/moderation\/posts\/[0-9a-f]{32})\/approve" class="button-row">/)
        #expect(forms.count == 10)
        for form in forms {
            #expect(queue.contains("formaction=\"\(form.1)/hide\">Hide</button>"))
            #expect(queue.contains("formaction=\"\(form.1)/delete\">Delete…</button>"))
        }
        let whole = try moderator.get("/admin/moderation?show=at-risk").text
        #expect(whole.components(separatedBy: "moderation-item-at-risk\"").count - 1 == 12)
        #expect(!whole.contains("Show all"))
        // Anything else in ?show= is no section: the page as usual, every section ten long.
        for show in ["nonsense", "..%2F..%2Fadmin", "-1", "99999999999999999999", String(repeating: "a", count: 4000), "at-risk%20"] {
            let page = try moderator.get("/admin/moderation?show=" + show)
            #expect(page.status == 200, "\(show.prefix(20))")
            #expect(page.text.components(separatedBy: "moderation-item-at-risk\"").count - 1 == 10, "\(show.prefix(20))")
        }
        // A NUL in a query string is refused before any handler sees it.
        #expect(try moderator.get("/admin/moderation?show=%00").status == 400)
    }
}
