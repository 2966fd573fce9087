import Domain
import Foundation
import Cryptography
@testable import Storage
import Testing
@testable import Web
@testable import UseCases

@Suite("Insights over real sockets")
struct InsightsPageTests {
    @Test func saysNotEnoughYetThenWhatAWeekOfCheckInsShows() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("insightful@example.com")
        let empty = try browser.get("/insights")
        #expect(empty.status == 200 && empty.text.contains("<h1>Your insights</h1>"))
        #expect(empty.text.contains("Not enough yet: this needs 7 check-ins, and there are 0 so far."))
        _ = try browser.get("/check-in")
        for rating in [5, 4, 4, 3, 2, 4, 5] {
            #expect(try browser.post("/check-in", [("rating", String(rating))]).status == 303)
            app.clock.advance(86400)
        }
        let week = try browser.get("/insights").text
        #expect(week.contains("From 7 check-ins.") && week.contains("Good: 3 days (43%)"))
        #expect(week.contains("You’ve checked in on 7 days."))
        // Someone else's insights are their own.
        let other = app.browser()
        try other.signUp("someone.else@example.com")
        #expect(try other.get("/insights").text.contains("there are 0 so far"))
        #expect(try app.browser().get("/insights").status == 303, "signed out: to the login")
    }
}

@Suite("A report to share")
struct ReportTests {
    @Test func thePersonPicksTheDatesAndWhatGoesIn() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("report@example.com")
        _ = try browser.get("/check-in")
        #expect(try browser.post("/check-in", [("rating", "2"), ("note", "Private words about Jo"), ("tags", "family")]).status == 303)
        _ = try browser.post("/reflection", [("step", "1"), ("intensity", "7")])
        _ = try browser.post("/reflection", [("step", "2"), ("answer", "An argument at dinner")])
        let today = Day.of(app.clock.now, in: "Europe/London")
        let form = try browser.get("/account/report")
        #expect(form.status == 200 && form.text.contains("A report to share") && !form.text.contains("Resett report:"))
        #expect(form.text.contains("value=\"check-ins\" checked>") && form.text.contains("value=\"notes\">"))
        // Check-ins without their notes: the words stay out unless chosen.
        let plain = try browser.get("/account/report?show=1&from=\(today.adding(days: -6))&to=\(today)&include=check-ins&include=insights").text
        #expect(plain.contains("Resett report:") && plain.contains("<td>Bad</td>") && plain.contains("<td>Family</td>"))
        #expect(!plain.contains("Private words about Jo") && !plain.contains("An argument at dinner"))
        #expect(plain.contains("Patterns in these dates") && !plain.contains("<h3 id=\"report-resets\">"))
        let full = try browser.get("/account/report?show=1&from=\(today)&to=\(today)&include=check-ins&include=notes&include=reflections").text
        #expect(full.contains("Private words about Jo") && full.contains("An argument at dinner") && full.contains("(left blank)"))
        // Bad dates: a clear error, the form kept, no report.
        for (query, message) in [("from=2026-13-01&to=\(today)", "Enter the first day as a date"),
                                 ("from=\(today)&to=\(today.adding(days: 1))", "The last day can’t be after today."),
                                 ("from=\(today)&to=\(today.adding(days: -1))", "The first day needs to come before the last."),
                                 ("from=\(today.adding(days: -400))&to=\(today)", "A report covers a year at most.")] {
            let answer = try browser.get("/account/report?show=1&" + query)
            #expect(answer.status == 400 && answer.text.contains(message) && !answer.text.contains("Resett report:"), "\(query)")
        }
        #expect(try app.browser().get("/account/report").status == 303, "signed out")
    }
}

@Suite("The weekly digest")
struct WeeklyDigestTests {
    @Test func theWeekInWordsAndAnIntentionForTheNext() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("weekly@example.com")
        let quiet = try browser.get("/insights/week")
        #expect(quiet.status == 200 && quiet.text.contains("A quiet week here, and that’s all right."))
        _ = try browser.get("/check-in")
        for rating in [4, 5, 2] {
            #expect(try browser.post("/check-in", [("rating", String(rating)), ("tags", "friends")]).status == 303)
            app.clock.advance(86400)
        }
        let week = try browser.get("/insights/week").text
        #expect(week.contains("You checked in on 3 of the last 7 days; most were"))
        #expect(week.contains("Your best day:") && week.contains("(Great)") && week.contains("2 of your good days were about friends."))
        let long = try browser.post("/insights/week/intention", [("intention", String(repeating: "x", count: 281))])
        #expect(long.status == 422 && long.text.contains("280 characters or fewer") && long.text.contains(String(repeating: "x", count: 281)))
        #expect(try browser.post("/insights/week/intention", [("intention", "Walk to work twice")]).status == 303)
        #expect(try browser.get("/insights/week").text.contains(">Walk to work twice</textarea>"))
        let stored = try app.environment.database.read { try $0.string(sql: "SELECT text FROM intentions") }
        #expect(stored?.contains("Walk") == false)
        // A week on, it is last week's intention, and the field is free for the next.
        app.clock.advance(7 * 86400)
        let next = try browser.get("/insights/week").text
        #expect(next.contains("Last week you set: <q>Walk to work twice</q>") && !next.contains(">Walk to work twice</textarea>"))
    }

    @Test func theWeeklyEmailIsOptInOnceAWeekAndOnlyALink() throws {
        let app = try RunningApp()
        let browser = app.browser(), other = app.browser()
        try browser.signUp("mailme@example.com")
        try other.signUp("notme@example.com")
        _ = try browser.get("/check-in")
        #expect(try browser.post("/check-in", [("rating", "1"), ("note", "A terrible day with Alex")]).status == 303)
        func digests(_ email: String) -> [String] { app.mails().filter { $0.contains("To: \(email)") && $0.contains("/insights/week") } }
        _ = try browser.get("/insights/week")
        let on = try browser.post("/insights/week/email", [("email", "on")])
        let turnedOn = try browser.get(on.header("Location") ?? "/").text
        #expect(on.status == 303 && turnedOn.contains("Stop the weekly email"))
        try app.environment.subscriptionClock.tick(now: app.clock.now + 60)
        #expect(digests("mailme@example.com").isEmpty, "the first comes next week, not at once")
        try app.environment.subscriptionClock.tick(now: app.clock.now + 7 * 86400)
        try app.environment.subscriptionClock.tick(now: app.clock.now + 7 * 86400 + 60)
        let sent = digests("mailme@example.com")
        #expect(sent.count == 1, "once a week, however often the clock ticks")
        let mail = sent.first ?? ""
        #expect(mail.contains("Subject: Your week in Resett") && mail.contains("http://localhost"))
        for word in ["terrible", "Alex", "Horrible", "mood", "Bad"] { #expect(!mail.contains(word), "\(word) in the email") }
        #expect(digests("notme@example.com").isEmpty, "nobody is emailed without asking")
        // A week later the session has gone idle; signed in again, the email is turned off, and stays off.
        app.clock.advance(8 * 86400)
        #expect(try browser.logIn("mailme@example.com").status == 303)
        _ = try browser.get("/insights/week")
        #expect(try browser.post("/insights/week/email", [("email", "sometimes")]).status == 400)
        #expect(try browser.post("/insights/week/email", [("email", "off")]).status == 303)
        try app.environment.subscriptionClock.tick(now: app.clock.now + 14 * 86400)
        #expect(digests("mailme@example.com").count == 1)
    }

    @Test func anOrganisationAddsItsOwnTagsAndRemovingOneKeepsTheDaysThatHaveIt() throws {
        let app = try RunningApp()
        let admin = try staff(app, "tags.admin@example.com", .admin)
        let page = try admin.get("/admin/check-in-tags").text
        #expect(page.contains("No tags of your own yet") && page.contains("Work, Sleep, Family"))
        #expect(try admin.post("/admin/check-in-tags", [("label", "  Night shift ")]).status == 303)
        // Refused, with the reason and what was typed kept: a standard tag's name, a repeat, empty, too long, a comma.
        for (label, reason) in [("work", "There is already a tag called work."), ("NIGHT SHIFT", "There is already a tag called NIGHT SHIFT."),
                                ("   ", "Give the tag a name."), (String(repeating: "x", count: 31), "to 30 characters or fewer"),
                                ("Rota, weekend", "can’t contain commas")] {
            let refused = try admin.post("/admin/check-in-tags", [("label", label)])
            #expect(refused.status == 422 && refused.text.contains(reason), "\(label): \(refused.text.prefix(200))")
        }
        #expect(try admin.post("/admin/check-in-tags", [("label", "x")], csrf: "forged").status == 403)
        let tagID = try #require(try app.environment.database.read { try $0.string(sql: "SELECT id FROM check_in_tags WHERE label = 'Night shift'") })

        // Members see it on the check-in and choose it; it is sealed like every tag, and named on the day and in the export.
        let member = app.browser()
        try member.signUp("tags.member@example.com")
        #expect(try member.get("/check-in").text.contains("value=\"\(tagID)\"><span>Night shift</span></label>"))
        #expect(try member.get("/admin/check-in-tags").status == 404)
        #expect(try member.post("/admin/check-in-tags", [("label", "Mine")]).status == 404)
        #expect(try member.post("/check-in", [("rating", "4"), ("tags", tagID), ("tags", "sleep")]).status == 303)
        let today = Day.of(app.clock.now, in: "Europe/London")
        let stored = try #require(try app.environment.database.read { try $0.string(sql: "SELECT tags FROM check_ins") })
        #expect(!stored.contains(tagID) && !stored.contains("sleep"))
        #expect(try member.get("/calendar/\(today)").text.contains("About: Sleep, Night shift"))

        // Removed: no longer offered to anyone, but today's check-in keeps it (shown checked, so saving again keeps it).
        let list = try admin.get("/admin/check-in-tags").text
        #expect(list.contains("Remove “Night shift”"))
        #expect(try admin.post("/admin/check-in-tags/\(tagID)/remove", []).status == 303)
        #expect(try admin.post("/admin/check-in-tags/\(tagID)/remove", []).status == 404, "already removed")
        #expect(try admin.post("/admin/check-in-tags/\(String(repeating: "a", count: 32))/remove", []).status == 404)
        #expect(try admin.post("/admin/check-in-tags/not-an-id/remove", []).status == 404)
        #expect(try member.get("/check-in").text.contains("value=\"\(tagID)\" checked><span>Night shift</span></label>"))
        let newcomer = app.browser()
        try newcomer.signUp("tags.newcomer@example.com")
        #expect(!(try newcomer.get("/check-in").text.contains("Night shift")))
        app.clock.advance(86400)
        #expect(!(try member.get("/check-in").text.contains("Night shift")))
        #expect(try member.get("/calendar/\(today)").text.contains("About: Sleep, Night shift"))
        let export = try member.get("/account/export.json").text
        #expect(export.contains("Night shift"))
        #expect(try admin.get("/admin/audit").text.contains("Added a check-in tag"))

        // Another organisation's tag means nothing here: a member there cannot choose it.
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let elsewhere = app.browser(host: "acme.localhost")
        try elsewhere.signUp("acme.member@example.com")
        #expect(try elsewhere.post("/check-in", [("rating", "3"), ("tags", tagID)]).status == 303)
        let acme = try #require(try app.environment.database.tenant(slug: "acme"))
        let acmeAccount = try #require(try app.environment.database.account(tenantID: acme.id, email: EmailAddress("acme.member@example.com")!))
        #expect(try app.environment.checkIns.todays(MemberScope(tenant: acme, account: acmeAccount))?.tags == [])
    }

    @Test func anOrganisationOffersAtMostTwelveTagsOfItsOwn() throws {
        let app = try RunningApp()
        let admin = try staff(app, "limit.admin@example.com", .admin)
        _ = try admin.get("/admin/check-in-tags")
        for number in 1...CheckInTag.tenantLimit {
            #expect(try admin.post("/admin/check-in-tags", [("label", "Tag \(number)")]).status == 303)
        }
        let full = try admin.post("/admin/check-in-tags", [("label", "One more")])
        #expect(full.status == 422 && full.text.contains("up to 12 tags of your own"))
        #expect(try admin.get("/admin/check-in-tags").text.contains("Remove one to add another."))
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM check_in_tags") } == CheckInTag.tenantLimit)
    }
}
