import Domain
import Foundation
import Testing
@testable import Storage
@testable import UseCases
@testable import Web

/// Seconds since 1970 for an ISO-8601 UTC time.
func epoch(_ iso: String) -> Int {
    Int(ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970)
}

@Suite("The daily limit and the paywall over real sockets")
struct DailyLimitTests {
    /// Starts a reset and goes on to its second step, where a run starts to use a free reset, then finishes it
    /// (so the next start of the same reset is a new run). Returns where the start sent the browser, or the paywall
    /// if the second step was refused.
    func startRun(_ browser: Browser, _ resetID: String = "tired-blink-track") throws -> String {
        _ = try browser.get("/resets/\(resetID)")
        let location = try #require(try browser.post("/resets/\(resetID)/start", []).header("Location"))
        guard let run = location.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1 else { return location }
        let second = try browser.get("/runs/\(run)/steps/2")
        if second.status == 303 { return second.header("Location") ?? "" }
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "finished_early")])
        return location
    }

    func runCount(_ app: RunningApp) throws -> Int {
        try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM runs") ?? -1 }
    }

    @Test func threeFreeThenThePaywallThenTomorrow() throws {
        let app = try RunningApp()
        app.clock.set(epoch("2026-11-22T12:00:00Z"))
        let browser = app.browser()
        try browser.signUp("three@example.com")
        #expect(try browser.get("/resets/tired-blink-track").text.contains("3 free resets left today"))
        for left in [2, 1, 0] {
            #expect(try startRun(browser).hasPrefix("/runs/"))
            let expected = left == 0 ? "No free resets left today" : "\(left) free reset\(left == 1 ? "" : "s") left today"
            #expect(try browser.get("/emotions/tired").text.contains(expected))
        }
        #expect(try startRun(browser) == "/paywall")
        #expect(try runCount(app) == 3)
        let paywall = try browser.get("/paywall")
        #expect(paywall.text.contains("You’ve used your 3 free resets today"))
        #expect(paywall.text.contains("£1.99/month"))
        #expect(paywall.text.contains("Your calendar, the community and help when you need it stay free for everyone"))
        #expect(paywall.text.contains(">Subscribe</button>") && paywall.text.contains(">Maybe later</a>"))
        // Tomorrow, at the person's own midnight, there are three again.
        app.clock.set(epoch("2026-11-23T00:00:01Z"))
        #expect(try startRun(browser).hasPrefix("/runs/"))
    }

    @Test func theLastFreeResetsResultOffersThePaywall() throws {
        let app = try RunningApp()
        var tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.freeResetsPerDay = 1
        try app.environment.database.saveSettings(of: tenant)
        let browser = app.browser()
        try browser.signUp("last@example.com")
        let run = try #require(try startRun(browser).firstMatch(of: /\/runs\/([0-9a-f]{32})/)).1
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "finished_early")])
        _ = try browser.post("/runs/\(run)/mood", [("mood", "7")])
        let result = try browser.get("/runs/\(run)/result").text
        #expect(result.contains("That was your last free reset for today"))
        #expect(result.contains("href=\"/paywall\""))
        #expect(try browser.get("/paywall").text.contains("You’ve used your 1 free reset today"))
    }

    @Test func localMidnightIsThePersonsOwnInTwoTimeZones() throws {
        let app = try RunningApp()
        var tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.freeResetsPerDay = 1
        try app.environment.database.saveSettings(of: tenant)
        // 10:30 UTC is 23:30 in Auckland (UTC+13 in November) and 02:30 in Los Angeles (UTC-8).
        app.clock.set(epoch("2026-11-22T10:30:00Z"))
        let auckland = app.browser()
        try auckland.signUp("nz@example.com", timeZone: "Pacific/Auckland")
        let losAngeles = app.browser()
        try losAngeles.signUp("la@example.com", timeZone: "America/Los_Angeles")
        #expect(try startRun(auckland).hasPrefix("/runs/"))
        #expect(try startRun(losAngeles).hasPrefix("/runs/"))
        #expect(try startRun(auckland) == "/paywall")
        #expect(try startRun(losAngeles) == "/paywall")
        // An hour later it is a new day in Auckland, still the same day in Los Angeles.
        app.clock.advance(3600)
        #expect(try startRun(auckland).hasPrefix("/runs/"))
        #expect(try startRun(losAngeles) == "/paywall")
        let days = try app.environment.database.read { try $0.strings(sql: "SELECT local_day FROM runs ORDER BY started_at") }
        #expect(days == ["2026-11-22", "2026-11-22", "2026-11-23"])
    }

    @Test func aDaylightSavingDayEndsAtLocalMidnight() throws {
        let app = try RunningApp()
        let browser = app.browser()
        app.clock.set(epoch("2026-03-29T00:30:00Z"))  // 00:30 GMT on the day the clocks go forward at 01:00
        try browser.signUp("dst@example.com", timeZone: "Europe/London")
        for _ in 0..<3 { #expect(try startRun(browser).hasPrefix("/runs/")) }
        app.clock.set(epoch("2026-03-29T22:59:00Z"))  // 23:59 BST, still the 29th
        #expect(try startRun(browser) == "/paywall")
        app.clock.set(epoch("2026-03-29T23:00:30Z"))  // 00:00:30 BST on the 30th: a new day, though only 23 hours on
        #expect(try startRun(browser).hasPrefix("/runs/"))
    }

    /// The same request fifty times at once, with the member's cookies and token.
    func simultaneously(_ app: RunningApp, _ browser: Browser, _ requests: [String]) throws -> [String] {
        let clients = try requests.map { _ in try app.client() }
        let locations = Locations()
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            clients[index].send(requests[index])
            locations.add((try? clients[index].readResponse())?.header("Location") ?? "none")
        }
        return locations.all
    }

    @Test func fiftyStartsOfTheSameResetAtOnceMakeOneRun() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("race@example.com")
        _ = try browser.get("/resets/tired-blink-track")
        let start = browser.formPostText("/resets/tired-blink-track/start", [])
        let all = try simultaneously(app, browser, Array(repeating: start, count: 50))
        #expect(Set(all).count == 1 && all[0].hasPrefix("/runs/"), "every start went to the one run: \(Set(all))")
        #expect(try runCount(app) == 1)
        #expect(try browser.get("/emotions/tired").text.contains("3 free resets left today"), "an unplayed run costs nothing")
    }

    @Test func twentyRunsGoingPastTheirFirstStepAtOnceWithTwoLeftCountExactlyTwo() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("race@example.com")
        #expect(try startRun(browser).hasPrefix("/runs/"))
        // Every reset in the library started (each costs nothing yet), then all moved to their second step at once.
        var steps: [String] = []
        for reset in app.environment.library.resets where reset.steps.count > 1 {
            _ = try browser.get("/resets/\(reset.id)")
            let location = try #require(try browser.post("/resets/\(reset.id)/start", []).header("Location"))
            let run = try #require(location.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1)
            steps.append(browser.requestText("GET", "/runs/\(run)/steps/2", headers: [], body: nil))
        }
        let all = try simultaneously(app, browser, steps)
        #expect(all.filter { $0 == "none" }.count == 2, "two second steps shown (200, no redirect)")
        #expect(all.filter { $0 == "/paywall" }.count == steps.count - 2)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM runs WHERE steps_reached >= 2") } == 3)
    }

    @Test func anAccidentalTapCostsNothingAndStartingAgainResumes() throws {
        let app = try RunningApp()
        var tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.freeResetsPerDay = 1
        try app.environment.database.saveSettings(of: tenant)
        let browser = app.browser()
        try browser.signUp("tap@example.com")
        _ = try browser.get("/resets/tired-blink-track")
        let first = try #require(try browser.post("/resets/tired-blink-track/start", []).header("Location"))
        let run = try #require(first.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1)
        // Finished early on its first step: nothing used.
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "finished_early")])
        #expect(try browser.get("/emotions/tired").text.contains("1 free reset left today"))
        // A new run, played to step 3 and left: starting the same reset again carries on at step 3, at no cost.
        _ = try browser.get("/resets/tired-posture-ladder")
        let second = try #require(try browser.post("/resets/tired-posture-ladder/start", []).header("Location"))
        let id = try #require(second.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1)
        #expect(try browser.get("/runs/\(id)/steps/2").status == 200)
        #expect(try browser.get("/runs/\(id)/steps/3").status == 200)
        #expect(try browser.get("/").text.contains("Pick up where you left off"))
        let intro = try browser.get("/resets/tired-posture-ladder").text
        #expect(intro.contains("Carry on from step 3"))
        #expect(try browser.post("/resets/tired-posture-ladder/start", []).header("Location") == "/runs/\(id)/steps/3")
        // The day's one free reset is that run: another reset now goes to the paywall, and its intro says so.
        #expect(try browser.get("/resets/tired-blink-track").text.contains("You’ve used today’s free resets"))
        #expect(try browser.post("/resets/tired-blink-track/start", []).header("Location") == "/paywall")
        #expect(try runCount(app) == 2)
    }

    @Test func theMoodBeforeIsOptionalBoundedAndShownAfter() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("before@example.com")
        _ = try browser.get("/resets/tired-blink-track")
        #expect(try browser.post("/resets/tired-blink-track/start", [("mood_before", "11")]).status == 400)
        #expect(try browser.post("/resets/tired-blink-track/start", [("mood_before", "-1")]).status == 400)
        #expect(try runCount(app) == 0)
        let location = try #require(try browser.post("/resets/tired-blink-track/start", [("mood_before", "4")]).header("Location"))
        let run = try #require(location.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1)
        for step in 2...8 { _ = try browser.get("/runs/\(run)/steps/\(step)") }
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "completed")])
        _ = try browser.post("/runs/\(run)/mood", [("mood", "7")])
        let result = try browser.get("/runs/\(run)/result").text
        #expect(result.contains("You went from 4, a little low, to 7, quite good."))
        #expect(result.contains("You did all 8 steps of Blink &amp; Track. You went from 4, a little low, to 7, quite good."), "no time for a run of a few seconds")
        #expect(result.contains("href=\"/calendar/"))
        #expect(try browser.get("/account/export.csv").text.contains(",Blink & Track,yes,4,7,"))
    }

    @Test func everyWayToBeUnlimited() throws {
        let app = try RunningApp()
        var tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.freeResetsPerDay = 1
        tenant.settings.unlimitedEmails = ["Tester@Example.com"]
        try app.environment.database.saveSettings(of: tenant)

        let listed = app.browser()
        try listed.signUp("tester@example.com")
        let member = app.browser()
        try member.signUp("member@example.com")
        let moderator = app.browser()
        try moderator.signUp("moderator@example.com")
        #expect(try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress("moderator@example.com")!, role: .moderator))

        for _ in 0..<3 {
            #expect(try startRun(listed).hasPrefix("/runs/"))
            #expect(try startRun(moderator).hasPrefix("/runs/"))
        }
        #expect(!(try listed.get("/emotions/tired").text.contains("left today")), "no count shown to the unlimited")
        #expect(try startRun(member).hasPrefix("/runs/"))
        #expect(try startRun(member) == "/paywall")

        // A tenant-wide licence makes every member unlimited.
        tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.licenceAllMembers = true
        try app.environment.database.saveSettings(of: tenant)
        #expect(try startRun(member).hasPrefix("/runs/"))
    }
}
