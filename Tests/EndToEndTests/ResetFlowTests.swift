import Domain
import Foundation
import Testing
@testable import Storage
@testable import Web

@Suite("Resets over real sockets: choose, play, rate")
struct ResetFlowTests {
    /// Starts `resetID` through its intro page; returns the run's id.
    func start(_ browser: Browser, _ resetID: String) throws -> String {
        _ = try browser.get("/resets/\(resetID)")
        let started = try browser.post("/resets/\(resetID)/start", [])
        #expect(started.status == 303)
        let location = try #require(started.header("Location"))
        let match = try #require(location.firstMatch(of: /^\/runs\/([0-9a-f]{32})\/steps\/1$/))
        return String(match.1)
    }

    @Test func selectorListAndIntroShowTheLibrary() throws {
        let app = try RunningApp()
        let browser = app.browser()
        let home = try browser.get("/")
        #expect(home.text.contains("<h1>How are you feeling?</h1>"))
        #expect(home.text.contains("Choose what you’re experiencing right now, and we’ll guide you through a science-backed reset."))
        #expect(home.text.components(separatedBy: "class=\"emotion-card").count == 6)
        // Each emotion has its own icon (inline, our own), and the footer doesn't contradict the 150-second resets.
        #expect(home.text.components(separatedBy: "<span class=\"emotion-icon\" aria-hidden=\"true\"><svg class=\"icon\"").count == 6)
        #expect(home.text.contains("Each reset takes 1 to 3 minutes"))
        #expect(app.environment.library.resets.allSatisfy { (60...180).contains($0.durationSeconds) })

        let list = try browser.get("/emotions/tired")
        #expect(list.text.contains("<h1>Tired resets</h1>"))
        #expect(list.text.components(separatedBy: "class=\"card reset-card\"").count == 5)
        // One wording for durations everywhere, within 10 seconds of each reset's own.
        #expect(list.text.contains("Posture Ladder") && list.text.contains("<span class=\"chip\">About 1¾ minutes</span>"))
        #expect(ResetsHandler.duration(75) == "About 75 seconds" && ResetsHandler.duration(90) == "About 90 seconds"
                && ResetsHandler.duration(150) == "About 2½ minutes")
        #expect(try browser.get("/emotions/sad").status == 404)

        let intro = try browser.get("/resets/restless-pulse-reset")
        #expect(intro.text.contains("<title>The Pulse Reset – Resett</title>"))
        #expect(intro.text.contains("ease or skip any movement that isn’t comfortable for you."))
        #expect(intro.text.contains("href=\"/signup?next=/resets/restless-pulse-reset\""))
        #expect(!(try browser.get("/resets/stressed-tense-release").text.contains("Before you begin")))
        #expect(try browser.get("/resets/no-such-reset").status == 404)
    }

    @Test func signedOutStartGoesToLogInAndStraightBack() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("later@example.com")
        _ = try browser.get("/")
        #expect(try browser.post("/logout", []).status == 303)
        let intro = try browser.get("/resets/tired-blink-track")
        #expect(intro.text.contains("href=\"/login?next=/resets/tired-blink-track\""))
        #expect(!intro.text.contains("/resets/tired-blink-track/start"), "signed out, there is no Start form")
        // A start posted anyway (say, from a page left open) is sent to log in too.
        _ = try browser.get("/login")
        let start = try browser.post("/resets/tired-blink-track/start", [])
        #expect(start.header("Location") == "/login?next=/resets/tired-blink-track")
        _ = try browser.get("/login?next=/resets/tired-blink-track")
        let login = try browser.post("/login", [("email", "later@example.com"), ("password", "a calm and steady passphrase"),
                                                ("next", "/resets/tired-blink-track")])
        #expect(login.header("Location") == "/resets/tired-blink-track")
        #expect(try count(app, "SELECT count(*) FROM runs") == 0)
    }

    @Test(arguments: ["stressed-safety-scan", "anxiety-calm-corridor", "restless-focus-path", "tired-posture-ladder",
                      "scattered-grid-focus"])
    func playingAResetToTheEnd(_ resetID: String) throws {
        let app = try RunningApp()
        let reset = try #require(app.environment.library.reset(id: resetID))
        let browser = app.browser()
        try browser.signUp("player@example.com", timeZone: "Asia/Tokyo")
        let run = try start(browser, resetID)
        for (index, step) in reset.steps.enumerated() {
            let number = index + 1
            let page = try browser.get("/runs/\(run)/steps/\(number)")
            #expect(page.status == 200)
            #expect(page.text.contains("<title>Step \(number) of \(reset.steps.count) – \(reset.name) – Resett</title>"))
            #expect(page.text.contains(">\(step.title.replacingOccurrences(of: "&", with: "&amp;"))</h1>"))
            // The focused player: no site header or tab bar, one progress indicator, "Finish early" except on the last step.
            #expect(!page.text.contains("class=\"site-header\"") && !page.text.contains("class=\"tab-bar\""))
            #expect(page.text.contains("<progress max=\"\(reset.steps.count)\" value=\"\(number)\" aria-label=\"Step \(number) of \(reset.steps.count)\">"))
            #expect(page.text.contains("Finish early") == (number < reset.steps.count))
            #expect(page.text.contains("Need help now?"))
            #expect(page.text.contains("href=\"/runs/\(run)/steps/\(number - 1)\">Back</a>") == (number > 1))
            #expect(page.text.contains(">Continue</a>") == (number < reset.steps.count))
            #expect(page.text.contains(">Finish<") == (number == reset.steps.count))
            #expect(page.header("Cache-Control") == "no-store")
        }
        app.clock.advance(95)
        let finished = try browser.post("/runs/\(run)/finish", [("outcome", "completed")])
        #expect(finished.header("Location") == "/runs/\(run)/mood")
        let mood = try browser.get("/runs/\(run)/mood")
        #expect(mood.text.contains("How do you feel now?"))
        #expect(mood.text.components(separatedBy: "type=\"radio\" id=\"mood-").count == 11)
        #expect(try browser.post("/runs/\(run)/mood", [("mood", "8")]).header("Location") == "/runs/\(run)/result")
        let result = try browser.get("/runs/\(run)/result")
        #expect(result.text.contains("Well done"))
        #expect(result.text.contains("You did all \(reset.steps.count) steps of \(reset.name.replacingOccurrences(of: "&", with: "&amp;")) in about 95 seconds."))

        let stored = try #require(try app.environment.database.runs(tenantID: try tenantID(app), accountID: try accountID(app)).first)
        #expect(stored.resetID == resetID && stored.emotion == reset.emotion)
        #expect(stored.outcome == .completed && stored.mood == 8 && stored.durationSeconds == 95)
        #expect(stored.stepsReached == reset.steps.count)
        #expect(stored.localDay == LocalDay.of(stored.startedAt, in: "Asia/Tokyo"))
    }

    @Test func finishingEarlyAndALowRatingOfferAnotherReset() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("early@example.com")
        let run = try start(browser, "tired-blink-track")
        _ = try browser.get("/runs/\(run)/steps/2")
        // "completed" is not believed before the last step was shown.
        #expect(try browser.post("/runs/\(run)/finish", [("outcome", "completed")]).status == 303)
        #expect(try browser.post("/runs/\(run)/mood", [("mood", "3")]).status == 303)
        let result = try browser.get("/runs/\(run)/result")
        #expect(result.text.contains("Try another reset?"))
        #expect(result.text.contains("href=\"/emotions/tired\">Try another reset</a>"))
        #expect(result.text.contains(">Not now</a>"))
        // What was done, truthfully: two of eight steps; a few seconds is not worth a number ("in 0 seconds").
        #expect(result.text.contains("You did 2 of 8 steps of Blink &amp; Track. Stopping early is fine too."))
        #expect(!result.text.contains(" seconds") && !result.text.contains(" in about"))
        let stored = try #require(try app.environment.database.run(tenantID: try tenantID(app), accountID: try accountID(app), id: RunID(stored: run)))
        #expect(stored.outcome == .finishedEarly && stored.stepsReached == 2 && stored.mood == 3)
    }

    /// The home page's "today" list: the free resets left and the mood after the latest rated reset (read in one
    /// statement with the allowance), which follows each new rating.
    @Test func homeShowsTheResetsLeftAndTheLatestMood() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("home-mood@example.com")
        let before = try browser.get("/")
        #expect(before.text.contains("3 free resets left today"))
        #expect(!before.text.contains("After your last reset"))
        for (resetID, mood, words) in [("tired-blink-track", "3", "3 of 10"), ("scattered-focus-funnel", "8", "8 of 10")] {
            let run = try start(browser, resetID)
            _ = try browser.get("/runs/\(run)/steps/2")
            _ = try browser.post("/runs/\(run)/finish", [("outcome", "finished_early")])
            #expect(try browser.post("/runs/\(run)/mood", [("mood", mood)]).status == 303)
            #expect(try browser.get("/").text.contains("After your last reset: \(words), "))
        }
        let home = try browser.get("/")
        #expect(home.text.contains("1 free reset left today"))
        #expect(!home.text.contains("3 of 10"))
    }

    @Test func boundsRatingsAndRepeatsAreRefusedClearly() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("bounds@example.com")
        let run = try start(browser, "scattered-focus-funnel")
        for step in ["0", "9", "-1", "x", "99999999999999999999"] {
            #expect(try browser.get("/runs/\(run)/steps/\(step)").status == 404, "step \(step)")
        }
        // Rating before finishing is a conflict; the mood page sends you back to your step.
        _ = try browser.get("/runs/\(run)/steps/1")
        #expect(try browser.post("/runs/\(run)/mood", [("mood", "5")]).status == 409)
        #expect(try browser.get("/runs/\(run)/mood").header("Location") == "/runs/\(run)/steps/1")
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "finished_early")])
        for bad in ["0", "11", "", "five", "5.5"] {
            let answer = try browser.post("/runs/\(run)/mood", [("mood", bad)])
            #expect(answer.status == 422, "mood \(bad)")
            #expect(answer.text.contains("Choose a number from 1 to 10."))
        }
        #expect(try browser.post("/runs/\(run)/mood", [("mood", "10")]).status == 303)
        let again = try browser.post("/runs/\(run)/mood", [("mood", "3")])
        #expect(again.status == 409)
        #expect(again.text.contains("already told us"))
        // Going back to a step of a finished run never reopens it.
        #expect(try browser.get("/runs/\(run)/steps/1").header("Location") == "/runs/\(run)/result")
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "completed")])
        let stored = try #require(try app.environment.database.run(tenantID: try tenantID(app), accountID: try accountID(app), id: RunID(stored: run)))
        #expect(stored.mood == 10 && stored.outcome == .finishedEarly)
        #expect(try count(app, "SELECT count(*) FROM runs") == 1)
    }

    @Test func aRunIsOnlyItsOwners() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let owner = app.browser()
        try owner.signUp("owner@example.com")
        let run = try start(owner, "anxiety-anchor-body")
        let neighbour = app.browser()
        try neighbour.signUp("neighbour@example.com")
        let elsewhere = app.browser(host: "acme.localhost")
        try elsewhere.signUp("owner@example.com")
        for other in [neighbour, elsewhere] {
            _ = try other.get("/")
            #expect(try other.get("/runs/\(run)/steps/1").status == 404)
            #expect(try other.post("/runs/\(run)/finish", [("outcome", "completed")]).status == 404)
            #expect(try other.get("/runs/\(run)/mood").status == 404)
            #expect(try other.post("/runs/\(run)/mood", [("mood", "5")]).status == 404)
            #expect(try other.get("/runs/\(run)/result").status == 404)
        }
        // The owner's own session cookie on the other tenant's host finds nothing either.
        owner.host = "acme.localhost"
        #expect(try owner.get("/runs/\(run)/steps/1").status == 303)
        owner.host = "localhost"
        #expect(try owner.get("/runs/\(run)/steps/1").status == 200)
    }

    @Test func bubblePopCalmIsOneStepWithADoneButton() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("bubbles@example.com")
        let run = try start(browser, "anxiety-bubble-calm")
        let page = try browser.get("/runs/\(run)/steps/1")
        #expect(page.text.contains("Tap the bubbles as they float across the screen. Watch them gently pop and fade away. Take your time, there’s no rush."))
        #expect(page.text.contains(">Done</button>"))
        // Real bubbles without script: each a checkbox that pops, so focus stays in the field.
        #expect(page.text.components(separatedBy: "<input type=\"checkbox\" class=\"bubble-input\">").count == 13)
        #expect(try browser.post("/runs/\(run)/finish", [("outcome", "completed")]).header("Location") == "/runs/\(run)/mood")
        #expect(try app.environment.database.run(tenantID: try tenantID(app), accountID: try accountID(app), id: RunID(stored: run))?.outcome == .completed)
    }

    @Test func runsAreInTheExportAndGoWithTheAccount() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("runs@example.com")
        let run = try start(browser, "tired-blink-track")
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "finished_early")])
        _ = try browser.post("/runs/\(run)/mood", [("mood", "6")])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try browser.get("/account/export.json").body)) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        #expect(runs.count == 1 && runs[0]["resetID"] as? String == "tired-blink-track" && runs[0]["mood"] as? Int == 6)
        _ = try browser.get("/account")
        _ = try browser.post("/account/delete", [("password", "a calm and steady passphrase")])
        #expect(try count(app, "SELECT count(*) FROM runs") == 0)
    }

    func count(_ app: RunningApp, _ sql: String) throws -> Int {
        try app.environment.database.read { try $0.int(sql: sql) ?? -1 }
    }

    func tenantID(_ app: RunningApp) throws -> TenantID {
        try #require(try app.environment.database.tenant(slug: "default")).id
    }

    func accountID(_ app: RunningApp) throws -> AccountID {
        AccountID(stored: try #require(try app.environment.database.read { try $0.string(sql: "SELECT id FROM accounts LIMIT 1") }))
    }
}
