import Domain
import Foundation
@testable import Storage
import Testing
@testable import Web

/// Issue 36 over real sockets (SQLite, and PostgreSQL when the suite runs there): practices through the player and
/// the timer, never the paywall; glimmers and the glimmer of the day; worries sorted into actions or worry time, the
/// window across midnight and a clock change; the welcome once; isolation; words sealed at rest; export, CSV, erasure.
@Suite("Practices, glimmers, worry time and the welcome")
struct PracticeTests {
    func id(after prefix: String, in answer: RawClient.Answer) throws -> String {
        let location = try #require(answer.header("Location"))
        #expect(location.hasPrefix(prefix), "\(location)")
        return String(location.dropFirst(prefix.count).prefix(32))
    }

    @Test func aPracticeIsStartContinueAndDoneAndNeverMeetsThePaywall() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("practise@example.com")
        // Three resets use up the day's free ones; practices stay free.
        for _ in 0..<3 { #expect(try browser.post("/resets/stressed-tense-release/start", []).status == 303) }
        let list = try browser.get("/practices").text
        #expect(list.contains("The container") && list.contains("Humming") && list.contains("Practice timer") && !list.contains("/paywall"))
        let page = try browser.get("/practices/container").text
        #expect(page.contains("Before you begin") && page.contains(">Start</button>"))
        let session = try id(after: "/practices/sessions/", in: try browser.post("/practices/container/start", [("mood_before", "4")]))
        let first = try browser.get("/practices/sessions/\(session)/steps/1").text
        #expect(first.contains("Settle") && first.contains(">Continue</a>") && first.contains("href=\"/practices/sessions/\(session)/steps/2\""))
        let last = try browser.get("/practices/sessions/\(session)/steps/6").text
        #expect(last.contains("Come back to now") && last.contains(">Done</button>"))
        #expect(try browser.get("/practices/sessions/\(session)/steps/7").status == 404)
        #expect(try browser.get("/practices/sessions/\(session)").header("Location") == "/practices/sessions/\(session)/steps/1", "not done yet")
        #expect(try browser.post("/practices/sessions/\(session)/done", []).header("Location") == "/practices/sessions/\(session)")
        let done = try browser.get("/practices/sessions/\(session)").text
        #expect(done.contains("Well done") && done.contains("4 minutes of the container") && done.contains("How do you feel now?"))
        #expect(try browser.post("/practices/sessions/\(session)/done", [("mood_after", "7")]).status == 303)
        #expect(try browser.get("/practices/sessions/\(session)").text.contains("From 4 to 7"))
        let row = try #require(try app.environment.database.read { try $0.row(sql: "SELECT mood_before, mood_after, minutes, finished_at FROM practice_sessions") })
        #expect(row["mood_before"] as Int? == 4 && row["mood_after"] as Int? == 7 && row["minutes"] as Int == 4 && (row["finished_at"] as Int?) != nil)
        // The calendar's day and the report show it.
        let today = Day.of(app.clock.now, in: "Europe/London")
        #expect(try browser.get("/calendar/\(today)").text.contains("The container, 4 minutes, mood 4 to 7"))
        #expect(try browser.get("/account/report?show=1&from=\(today)&to=\(today)&include=practices").text.contains("The container, 4 minutes"))
        // An unknown practice is not found; the CSV has it.
        #expect(try browser.get("/practices/nothing-here").status == 404)
        #expect(try browser.post("/practices/nothing-here/start", []).status == 404)
        #expect(try browser.get("/account/practices.csv").text.contains("\(session),container,4,,4,7,\(today),"))
    }

    @Test func theTimerTakesOneToTwentyMinutesAndAPaceAndKeepsWhatWasChosen() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("timer@example.com")
        let refused = try browser.post("/practices/timer/start", [("minutes", "21"), ("pace", "5-5")])
        #expect(refused.status == 422 && refused.text.contains("Choose from 1 to 20 minutes.") && refused.text.contains("value=\"5-5\" checked"))
        #expect(try browser.post("/practices/timer/start", [("minutes", "10"), ("pace", "9-9")]).status == 422)
        #expect(try browser.post("/practices/timer/start", [("minutes", "99999999999999999999"), ("pace", "4-6")]).status == 422)
        let session = try id(after: "/practices/sessions/", in: try browser.post("/practices/timer/start", [("minutes", "12"), ("pace", "4-8")]))
        let timer = try browser.get("/practices/sessions/\(session)/steps/1").text
        #expect(timer.contains("data-timer-seconds=\"720\"") && timer.contains("In for 4, out for 8, for 12 minutes") && timer.contains(">Done</button>"))
        #expect(try browser.get("/practices/sessions/\(session)/steps/2").status == 404)
        #expect(try browser.post("/practices/sessions/\(session)/done", []).status == 303)
        #expect(try browser.get("/practices/sessions/\(session)").text.contains("12 minutes of quiet breathing"))
        // Someone else's session, here or in another organisation, is not found, and Done there changes nothing.
        let other = app.browser()
        try other.signUp("other@example.com")
        #expect(try other.get("/practices/sessions/\(session)/steps/1").status == 404)
        #expect(try other.post("/practices/sessions/\(session)/done", [("mood_after", "2")]).status == 404)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM practice_sessions WHERE mood_after IS NOT NULL") } == 0)
    }

    @Test func glimmersAreSealedBrowsedByMonthAndOnlyTheirOwners() throws {
        let path = temporaryDatabasePath()
        let app = try RunningApp(database: path)
        let browser = app.browser()
        try browser.signUp("glimmer@example.com")
        let empty = try browser.post("/glimmers", [("text", "   "), ("kind", "nature")])
        #expect(empty.status == 422 && empty.text.contains("Write a few words") && empty.text.contains("value=\"nature\" checked"))
        let long = String(repeating: "é", count: Glimmer.textLimit + 1)
        let tooLong = try browser.post("/glimmers", [("text", long)])
        #expect(tooLong.status == 422 && tooLong.text.contains(long))
        #expect(try browser.post("/glimmers", [("text", "A robin on the fence"), ("kind", "animals")]).header("Location") == "/glimmers?notice=glimmer-kept")
        let list = try browser.get("/glimmers").text
        #expect(list.contains("A robin on the fence") && list.contains("Animals"))
        let glimmer = try #require(list.firstMatch(of: /href="\/glimmers\/([0-9a-f]{32})"/)).1
        let stored: String = try #require(try app.environment.database.read { try $0.string(sql: "SELECT text FROM glimmers") })
        #expect(!stored.contains("robin") && Data(base64Encoded: stored) != nil)
        if app.environment.database.dialect == .sqlite {
            let bytes = [path, path + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }.reduce(Data(), +)
            #expect(bytes.range(of: Data("robin".utf8)) == nil && bytes.range(of: Data("glimmer@example.com".utf8)) != nil)
        }
        #expect(try browser.post("/glimmers/\(glimmer)", [("text", "A robin on the garden fence"), ("kind", "")]).status == 303)
        #expect(try browser.get("/glimmers/\(glimmer)").text.contains("A robin on the garden fence"))
        // The list shows the change at once (it keeps a month's glimmers only while nothing of them changes).
        #expect(try browser.get("/glimmers").text.contains("A robin on the garden fence"))
        // Another month, by its link; a month that is not one shows this one.
        #expect(!(try browser.get("/glimmers?month=2020-01").text.contains("robin")))
        #expect(try browser.get("/glimmers?month=2020-13").text.contains("robin"))
        let other = app.browser()
        try other.signUp("nosy@example.com")
        #expect(try other.get("/glimmers/\(glimmer)").status == 404)
        #expect(try other.post("/glimmers/\(glimmer)", [("text", "mine now")]).status == 404)
        #expect(try other.post("/glimmers/\(glimmer)/delete", []).status == 404)
        #expect(!(try other.get("/glimmers").text.contains("robin")))
        let export = try #require(try JSONSerialization.jsonObject(with: Data(try browser.get("/account/export.json").body)) as? [String: Any])
        #expect((export["glimmers"] as? [[String: Any]])?.first?["text"] as? String == "A robin on the garden fence")
        #expect(try browser.get("/account/glimmers.csv").text.contains("\(glimmer),A robin on the garden fence,,"))
        #expect(try browser.post("/glimmers/\(glimmer)/delete", []).header("Location") == "/glimmers?notice=glimmer-deleted")
        #expect(try browser.get("/glimmers/\(glimmer)").status == 404)
        #expect(!(try browser.get("/glimmers").text.contains("robin")))
    }

    @Test func theGlimmerOfTheDayIsOnesOwnFromAWeekAgoAndTheSameAllDay() throws {
        let app = try RunningApp()
        // Midday in London, so "an hour later" is the same day whenever the suite runs (from 23:00 it was the next).
        app.clock.set(app.clock.now - app.clock.now % 86_400 + 12 * 3600)
        let browser = app.browser()
        try browser.signUp("daily@example.com")
        let neighbour = app.browser()
        try neighbour.signUp("neighbour@example.com")
        #expect(try neighbour.post("/glimmers", [("text", "Neighbour's glimmer")]).status == 303)
        for text in ["Warm tea", "The smell of rain", "Laughing with Jo"] {
            #expect(try browser.post("/glimmers", [("text", text)]).status == 303)
        }
        #expect(!(try browser.get("/").text.contains("A glimmer from before")), "none until one is a week old")
        app.clock.advance(7 * 86_400)
        _ = try browser.logIn("daily@example.com")
        let shown = try browser.get("/").text
        #expect(shown.contains("A glimmer from before") && !shown.contains("Neighbour"))
        let pick = ["Warm tea", "The smell of rain", "Laughing with Jo"].filter(shown.contains)
        #expect(pick.count == 1)
        app.clock.advance(3600)
        #expect(try browser.get("/").text.contains(pick[0]), "the same all day")
        var seen = Set(pick)
        for _ in 0..<12 {
            app.clock.advance(86_400)
            _ = try browser.logIn("daily@example.com")
            let home = try browser.get("/").text
            seen.formUnion(["Warm tea", "The smell of rain", "Laughing with Jo"].filter(home.contains))
        }
        #expect(seen.count > 1, "another day, another of them")
    }

    @Test func aWorryIsSortedIntoAnActionOrParkedAndWorryTimeBringsItBack() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("worrier@example.com")
        // Yes without a step keeps what was typed and asks for one.
        let noStep = try browser.post("/worries", [("text", "The boiler might break"), ("answer", "yes"), ("step", ""), ("due", "")])
        #expect(noStep.status == 422 && noStep.text.contains("Write a small first step") && noStep.text.contains("The boiler might break"))
        let badDay = try browser.post("/worries", [("text", "The boiler might break"), ("answer", "yes"), ("step", "Call the engineer"), ("due", "tomorrow")])
        #expect(badDay.status == 422 && badDay.text.contains("value=\"Call the engineer\""))
        #expect(try browser.post("/worries", [("text", "The boiler might break"), ("answer", "yes"), ("step", "Call the engineer")]).header("Location")
                == "/actions?notice=worry-action")
        let actions = try browser.get("/actions").text
        #expect(actions.contains("Call the engineer") && actions.contains("The boiler might break"))
        #expect(try browser.get("/worries").text.contains("1 action to do"))
        let action = try #require(actions.firstMatch(of: /href="\/worries\/([0-9a-f]{32})"/)).1
        #expect(try browser.post("/worries/\(action)/done", []).header("Location") == "/actions?notice=action-done")
        #expect(try browser.get("/actions").text.contains("id=\"done-heading\""))
        #expect(try browser.get("/worries").text.contains("Nothing to do yet"), "a done action is not one to do")
        // No: parked, and listed as parked (a second apart, so "oldest first" has one answer).
        app.clock.advance(1)
        #expect(try browser.post("/worries", [("text", "Whether they liked me"), ("answer", "no")]).header("Location") == "/worries?notice=worry-parked")
        // Not answered: its page asks the question with two buttons.
        app.clock.advance(1)
        let open = try id(after: "/worries/", in: try browser.post("/worries", [("text", "The meeting on Monday")]))
        let asking = try browser.get("/worries/\(open)").text
        #expect(asking.contains("Can I do something about this?") && asking.contains("No: park it for worry time") && asking.contains("Yes: make it an action"))
        #expect(try browser.post("/worries/\(open)/cannot", []).status == 303)
        #expect(try browser.post("/worries/\(open)/cannot", []).header("Location") == "/worries/\(open)", "a second tab that is behind changes nothing")
        let list = try browser.get("/worries").text
        #expect(list.contains("Parked for worry time") && list.contains("Whether they liked me") && list.contains("The meeting on Monday"))
        #expect(list.contains("Set your worry time") && !list.contains("It’s your worry time"))
        // Worry time at 23:50 for 20 minutes, London (GMT in November): it runs across midnight.
        let refused = try browser.post("/worries/time", [("start", "25:00"), ("minutes", "20")])
        #expect(refused.status == 422 && refused.text.contains("Enter a time of day"))
        #expect(try browser.post("/worries/time", [("start", "23:50"), ("minutes", "20"), ("save", "yes")]).status == 303)
        let today = Day.of(app.clock.now, in: "Europe/London")
        let start = LocalMoment(day: today, hour: 23, minute: 50).epoch(in: "Europe/London")
        app.clock.set(start - 60)
        _ = try browser.logIn("worrier@example.com")
        #expect(try browser.get("/worries").text.contains("Next: today at 23:50"))
        app.clock.set(start + 15 * 60)  // 00:05, the next day, still inside
        let window = try browser.get("/worries").text
        #expect(window.contains("It’s your worry time") && window.contains("Until 00:10") && window.contains("2 waiting"))
        #expect(window.contains("Whether they liked me"), "the oldest first")
        let first = try #require(window.firstMatch(of: /action="\/worries\/([0-9a-f]{32})\/let-go"/)).1
        #expect(try browser.post("/worries/\(first)/let-go", []).header("Location") == "/worries?notice=worry-let-go")
        let second = try browser.get("/worries").text
        #expect(second.contains("The last one waiting") && second.contains("The meeting on Monday"))
        #expect(try browser.post("/worries/\(open)/keep", []).status == 303)
        #expect(try browser.get("/worries").text.contains("Nothing is waiting for you"))
        app.clock.set(start + 21 * 60)
        #expect(!(try browser.get("/worries").text.contains("It’s your worry time")), "the window has closed")
        // The next evening it comes back, and can become an action after all.
        app.clock.set(start + 86_400 + 60)
        _ = try browser.logIn("worrier@example.com")
        #expect(try browser.get("/worries").text.contains("The meeting on Monday"))
        #expect(try browser.post("/worries/\(open)/can", [("step", "Write three points"), ("due", "")]).header("Location") == "/actions?notice=worry-action")
        let states = try app.environment.database.read { db in try db.rows(sql: "SELECT state FROM worries ORDER BY created_at").map { $0["state"] as String } }
        #expect(states.sorted() == ["action", "action", "let-go"])
        #expect(try browser.get("/insights").text.contains("Once you’ve sorted 5 worries"), "three sorted: not enough to say anything yet")
        let stored = try app.environment.database.read { try $0.rows(sql: "SELECT text, step FROM worries").map { ($0["text"] as String) + (($0["step"] as String?) ?? "") } }
        #expect(!stored.joined().contains("boiler") && !stored.joined().contains("engineer"))
        // Someone else's worry is not found, whatever they ask of it.
        let other = app.browser()
        try other.signUp("not-mine@example.com")
        for action in ["can", "cannot", "let-go", "keep", "done", "not-done", "delete"] {
            #expect(try other.post("/worries/\(open)/\(action)", [("step", "x")]).status == 404, "\(action)")
        }
        #expect(try other.get("/worries/\(open)").status == 404)
        let csv = try browser.get("/account/worries.csv").text
        #expect(csv.contains("The meeting on Monday,action,Write three points"))
        let deleted = try browser.post("/account/delete", [("password", "a calm and steady passphrase")])
        #expect(deleted.status == 200)
        for table in ["worries", "worry_times", "glimmers", "practice_sessions"] {
            let left = try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM \(table) WHERE account_id NOT IN (SELECT id FROM accounts)") }
            #expect(left == 0, "\(table)")
        }
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM worries") } == 0)
    }

    @Test func theWelcomeComesOnceAtTheFirstSignInAndSavesItsAnswersOnce() throws {
        let app = try RunningApp()
        let browser = app.browser()
        let signedUp = try browser.signUp("new@example.com")
        #expect(signedUp.header("Location") == "/welcome")
        let first = try browser.get("/welcome").text
        #expect(first.contains("<h1 id=\"welcome-heading\">Welcome</h1>") && first.contains(">Skip</button>") && first.contains("1 of 3"))
        #expect(try browser.get("/welcome?screen=2").text.contains("never a figure about fewer than"))
        let third = try browser.get("/welcome?screen=3").text
        #expect(third.contains("name=\"time_zone\"") && third.contains("name=\"feelings\" value=\"tired\""))
        let bad = try browser.post("/welcome", [("time_zone", "Mars/Olympus"), ("theme", "dark"), ("feelings", "tired"), ("finish", "yes")])
        #expect(bad.status == 422 && bad.text.contains("Choose your time zone") && bad.text.contains("value=\"tired\" checked"))
        #expect(try browser.post("/welcome", [("time_zone", "Asia/Tokyo"), ("theme", "dark"), ("feelings", "tired"), ("feelings", "nonsense"),
                                               ("finish", "yes")]).header("Location") == "/?notice=welcome-saved")
        let account = try #require(try app.environment.database.read { try $0.row(sql: "SELECT time_zone, theme, usual_feelings FROM accounts") })
        #expect(account["time_zone"] as String == "Asia/Tokyo" && account["theme"] as String == "dark" && account["usual_feelings"] as String? == "tired")
        let home = try browser.get("/").text
        let tired = try #require(home.range(of: "/emotions/tired")), stressed = try #require(home.range(of: "/emotions/stressed"))
        #expect(tired.lowerBound < stressed.lowerBound, "the feeling that comes up most leads")
        // Once: the next sign-in goes home; a first sign-in going elsewhere gets that page (and the welcome still waits in Account).
        #expect(try browser.logIn("new@example.com").header("Location") == "/")
        #expect(try browser.get("/account").text.contains("href=\"/welcome\""))
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        _ = try app.environment.database.createAccount(tenantID: tenant.id, email: EmailAddress("made@example.com")!,
                                                       passwordHash: try RunningApp.fastHasher.hash("a calm and steady passphrase"),
                                                       timeZone: "Europe/London", now: app.clock.now)
        let elsewhere = app.browser()
        _ = try elsewhere.get("/login?next=/glimmers")
        #expect(try elsewhere.post("/login", [("email", "made@example.com"), ("password", "a calm and steady passphrase"), ("next", "/glimmers")])
                    .header("Location") == "/glimmers")
        #expect(try elsewhere.logIn("made@example.com").header("Location") == "/welcome", "made by the command line, still new at home")
        #expect(try elsewhere.post("/welcome", [("skip", "yes")]).header("Location") == "/")
    }

    /// As an attacker would: numbers huge, negative or not numbers, path values that climb or are not ids. Each is a
    /// clear refusal or a quiet ignore of an optional field, never a crash and never another person's row.
    @Test func hostileInputToThePracticeRoutesIsRefusedCalmly() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("hostile@example.com")
        for path in ["/practices/..%2Fadmin", "/practices/..%2F..%2Fetc%2Fpasswd", "/practices/sessions/not-an-id/steps/1",
                     "/glimmers/..%2F..%2Fetc", "/glimmers/12345", "/worries/ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ", "/practices/sessions/%00"] {
            #expect([400, 404].contains(try browser.get(path).status), "\(path)")
        }
        for bad in ["x", "-1", "99999999999999999999999", "0", "2.5"] {
            let answer = try browser.post("/practices/humming/start", [("mood_before", bad)])
            let session = try id(after: "/practices/sessions/", in: answer)
            #expect(try browser.get("/practices/sessions/\(session)/steps/\(bad)").status == 404, "\(bad)")
            #expect(try browser.post("/practices/sessions/\(session)/done", [("mood_after", bad)]).status == 303)
            #expect(try browser.post("/practices/timer/start", [("minutes", bad), ("pace", "4-6")]).status == 422, "\(bad)")
            #expect(try browser.post("/worries/time", [("start", "18:00"), ("minutes", bad)]).status == 422, "\(bad)")
        }
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM practice_sessions WHERE mood_before IS NOT NULL OR mood_after IS NOT NULL") } == 0)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM worry_times") } == 0)
        let farDay = try browser.post("/worries", [("text", "A worry"), ("answer", "yes"), ("step", "A step"), ("due", "99999-99-99")])
        #expect(farDay.status == 422 && farDay.text.contains("value=\"A step\""))
        #expect(try browser.get("/glimmers?month=-1").status == 200)
        let huge = String(repeating: "a", count: 70_000)
        #expect([413, 422].contains(try browser.post("/glimmers", [("text", huge)]).status))
    }
}
