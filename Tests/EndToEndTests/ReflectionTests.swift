import Domain
import Foundation
@testable import Storage
import Testing
@testable import Web
@testable import UseCases

/// Issue 16: the guided reflection after a check-in, over real sockets: one step a page, quoting, the thinking trap's
/// question, the feeling before and after, resumable, sealed at rest.
@Suite("Guided reflections")
struct ReflectionTests {
    func checkedIn(_ app: RunningApp, _ email: String, rating: Int) throws -> Browser {
        let browser = app.browser()
        try browser.signUp(email)
        _ = try browser.get("/check-in")
        #expect(try browser.post("/check-in", [("rating", String(rating))]).status == 303)
        return browser
    }

    /// Posts a step and follows the redirect to the next page.
    func step(_ browser: Browser, _ fields: [(String, String)]) throws -> String {
        let answer = try browser.post("/reflection", fields)
        #expect(answer.status == 303 && answer.header("Location") == "/reflection", "\(answer.status) \(answer.text.prefix(300))")
        return try browser.get("/reflection").text
    }

    @Test func aHardDayIsAThoughtRecordThatQuotesAndFollowsTheTrap() throws {
        let app = try RunningApp()
        let browser = try checkedIn(app, "hard.day@example.com", rating: 2)
        let offer = try browser.get("/check-in").text
        #expect(offer.contains("Would you like to reflect on today?") && offer.contains("Look again at a hard thought: 5 questions"))
        let first = try browser.get("/reflection").text
        #expect(first.contains("step 1 of 7") && first.contains("how strong is the upset right now?"))
        var page = try step(browser, [("step", "1"), ("intensity", "8")])
        #expect(page.contains("step 2 of 7") && page.contains("What happened today that affected your mood?"))
        page = try step(browser, [("step", "2"), ("answer", "My boss criticised my presentation in front of the team. It stung.")])
        #expect(page.contains("What thought kept coming back about it?") && page.contains("You wrote: “My boss criticised my presentation in front of the team”"))
        page = try step(browser, [("step", "3"), ("answer", "I'm not cut out for this job")])
        // Labelling: the third question is the one for it; the thought it builds on is shown above it (escaped as every
        // value is), never inside it.
        #expect(page.contains("Is that something you are, or something you did?") && page.contains("You wrote: “I&#39;m not cut out for this job”"))
        page = try step(browser, [("step", "4"), ("answer", "I did one thing badly")])
        #expect(page.contains("What supports that thought, and what doesn’t fit with it?"))
        page = try step(browser, [("step", "5"), ("answer", "Two good reviews this year")])
        #expect(page.contains("Looking at that thought again") && page.contains("You wrote: “I&#39;m not cut out for this job”"))
        page = try step(browser, [("step", "6"), ("answer", "")])
        #expect(page.contains("And now: how strong is the upset?"))
        page = try step(browser, [("step", "7"), ("intensity", "5")])
        #expect(page.contains("Thank you for taking the time") && page.contains("The feeling eased from 8 to 5."))
        #expect(page.contains("Two good reviews this year") && page.contains("Left blank"))
        #expect(try browser.get("/check-in").text.contains("See your reflection"))
    }

    @Test func eachRatingHasItsOwnPathAndAReflectionFollowsACheckIn() throws {
        let app = try RunningApp()
        let good = try checkedIn(app, "good.day@example.com", rating: 5)
        #expect(try good.get("/reflection").text.contains("Savour the good · step 1 of 5"))
        var page = try step(good, [("step", "1"), ("intensity", "3")])
        #expect(page.contains("What went well today, even if it was small?"))
        page = try step(good, [("step", "2"), ("answer", "A walk by the river with Ana")])
        #expect(page.contains("What did you do that helped it happen, even a little?") && page.contains("You wrote: “A walk by the river with Ana”"))
        let average = try checkedIn(app, "average.day@example.com", rating: 3)
        #expect(try average.get("/reflection").text.contains("Loosen a thought’s grip · step 1 of 6"))
        // No check-in today: the reflection starts from one.
        let none = app.browser()
        try none.signUp("no.check.in@example.com")
        #expect(try none.get("/reflection").header("Location") == "/check-in")
        #expect(try none.post("/reflection", [("step", "1"), ("intensity", "5")]).header("Location") == "/check-in")
    }

    @Test func leftAndPickedUpAgainOneStepAtATimeAndNeverAhead() throws {
        let app = try RunningApp()
        let browser = try checkedIn(app, "resume@example.com", rating: 1)
        _ = try step(browser, [("step", "1"), ("intensity", "9")])
        _ = try step(browser, [("step", "2"), ("answer", "The train was cancelled")])
        // Later, in another tab or after signing in again: the reflection is where it was left.
        let later = app.browser()
        later.cookies = browser.cookies
        #expect(try later.get("/reflection").text.contains("You wrote: “The train was cancelled”"))
        // Back to an earlier step, with its answer; changing it keeps the later place.
        let back = try later.get("/reflection?step=2").text
        #expect(back.contains(">The train was cancelled</textarea>") && back.contains("href=\"/reflection?step=1\""))
        _ = try step(later, [("step", "2"), ("answer", "The last train was cancelled")])
        #expect(try later.get("/reflection").text.contains("You wrote: “The last train was cancelled”"))
        // A step not reached yet, or not there at all, is not shown and not taken.
        for step in ["5", "8", "0", "-1", "abc", "99999999999999999999"] {
            #expect(try later.get("/reflection?step=\(step)").status == 404, "\(step)")
        }
        #expect(try later.post("/reflection", [("step", "6"), ("answer", "skipping ahead")]).header("Location") == "/reflection")
        #expect(try later.post("/reflection", [("step", "9"), ("answer", "x")]).status == 400)
        let tooLong = try later.post("/reflection", [("step", "3"), ("answer", String(repeating: "é", count: Reflection.answerLimit + 1))])
        #expect(tooLong.status == 422 && tooLong.text.contains("Please keep it to 1000 characters or fewer."))
        let noNumber = try later.post("/reflection", [("step", "1"), ("intensity", "eleven")])
        #expect(noNumber.status == 422 && noNumber.text.contains("Choose a number from 0 to 10."))
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT step FROM reflections") } == 3)
    }

    @Test func answersAreSealedAtRestAndInTheExport() throws {
        let path = temporaryDatabasePath()
        let app = try RunningApp(database: path)
        let browser = try checkedIn(app, "sealed.reflection@example.com", rating: 2)
        _ = try step(browser, [("step", "1"), ("intensity", "6")])
        _ = try step(browser, [("step", "2"), ("answer", "Argument with Priya about the Lisbon trip")])
        let stored: String = try #require(try app.environment.database.read { try $0.string(sql: "SELECT answers FROM reflections") })
        #expect(!stored.contains("Priya") && Data(base64Encoded: stored) != nil)
        if app.environment.database.dialect == .sqlite {
            let bytes = [path, path + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }.reduce(Data(), +)
            #expect(bytes.range(of: Data("Lisbon".utf8)) == nil)
        }
        let export = try browser.get("/account/export.json").text
        let json = try #require(try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any])
        let reflections = try #require(json["reflections"] as? [[String: Any]])
        #expect(reflections.count == 1 && reflections.first?["intensityBefore"] as? Int == 6 && reflections.first?["complete"] as? Bool == false)
        let steps = try #require(reflections.first?["steps"] as? [[String: Any]])
        #expect(steps.count == 5 && steps.first?["answer"] as? String == "Argument with Priya about the Lisbon trip")
        _ = try browser.get("/account")
        #expect(try browser.post("/account/delete", [("password", "a calm and steady passphrase")]).status == 200)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM reflections") } == 0)
    }

    @Test func anEarlierDayWithACheckInCanBeReflectedOnFromItsPage() throws {
        let app = try RunningApp()
        let browser = try checkedIn(app, "earlier.day@example.com", rating: 5)
        let earlier = Day.of(app.clock.now, in: "Europe/London")
        app.clock.advance(2 * 86400)
        let today = Day.of(app.clock.now, in: "Europe/London")
        // The earlier day's page offers a reflection on that day; it is not today's.
        let dayPage = try browser.get("/calendar/\(earlier)").text
        #expect(dayPage.contains("href=\"/reflection?day=\(earlier)\">Reflect on this day</a>"), "\(dayPage)")
        #expect(!dayPage.contains("Change today’s check-in"))
        let first = try browser.get("/reflection?day=\(earlier)").text
        #expect(first.contains("Savour the good · \(earlier.longText) · step 1 of 5") && first.contains("name=\"day\" value=\"\(earlier)\""))
        let begun = try browser.post("/reflection", [("day", earlier.description), ("step", "1"), ("intensity", "4")])
        #expect(begun.status == 303 && begun.header("Location") == "/reflection?day=\(earlier)")
        let second = try browser.get("/reflection?day=\(earlier)").text
        #expect(second.contains("What went well that day, even if it was small?") && second.contains("step 2 of 5"))
        #expect(second.contains("href=\"/reflection?day=\(earlier)&amp;step=1\"") && second.contains("href=\"/calendar/\(earlier)\""))
        _ = try browser.post("/reflection", [("day", earlier.description), ("step", "2"), ("answer", "Lunch in the sun with Tom")])
        let stored = try #require(app.environment.reflections.reflection(try app.member("earlier.day@example.com"), on: earlier))
        #expect(stored.day == earlier && stored.answers == ["Lunch in the sun with Tom"] && stored.intensityBefore == 4)
        // Today has no check-in, so nothing to reflect on; a day still to come, or not a date, does not exist.
        #expect(try browser.get("/reflection").header("Location") == "/check-in")
        #expect(try browser.get("/reflection?day=\(today.adding(days: 1))").status == 404)
        #expect(try browser.get("/reflection?day=2026-02-30").status == 404)
        #expect(try browser.post("/reflection", [("day", "yesterday"), ("step", "1"), ("intensity", "4")]).status == 404)
        // A day without a check-in leads to the check-in, and begins nothing.
        #expect(try browser.get("/reflection?day=\(today.adding(days: -1))").header("Location") == "/check-in")
        #expect(try browser.post("/reflection", [("day", today.adding(days: -1).description), ("step", "1"), ("intensity", "4")])
            .header("Location") == "/check-in")
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM reflections") } == 1)
    }
}
