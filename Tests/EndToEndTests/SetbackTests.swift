import Domain
import Foundation
@testable import Storage
import Testing
@testable import Web

/// Issue 35: setbacks over real sockets (SQLite, and PostgreSQL when the suite runs there): the log and its page,
/// changing, moving on and deleting one's own only, bad input kept as typed, the note sealed at rest, patterns,
/// small brave steps, templates, and every place a setback appears (calendar, report, export, CSV, erasure).
@Suite("Setbacks and bouncing back")
struct SetbackTests {
    let note = "Turned down for the Harbour role after the final interview"

    func setbackID(_ answer: RawClient.Answer) throws -> String {
        let location = try #require(answer.header("Location"))
        #expect(location.hasPrefix("/setbacks/") && location.hasSuffix("?notice=setback-logged"), "\(location)")
        return String(location.dropFirst("/setbacks/".count).prefix(32))
    }

    @Test func logShowChangeMoveOnAndDelete() throws {
        let app = try RunningApp()
        // Midday in London, so "three hours earlier" is the same day whenever the suite runs (before 03:00 it was the
        // day before, and moving on two days later was three of the member's days).
        app.clock.set(app.clock.now - app.clock.now % 86_400 + 12 * 3600)
        let browser = app.browser()
        try browser.signUp("bounce@example.com")
        #expect(try browser.get("/").text.contains(">Setbacks</a>"), "found from the home page by its name")
        let form = try browser.get("/setbacks/new").text
        #expect(form.contains("<h1>Log a setback</h1>") && form.contains("name=\"hurt\" value=\"5\" checked>"))
        let logged = try browser.post("/setbacks", [("kind", "job"), ("hurt", "6"), ("note", note), ("happened", "")])
        #expect(logged.status == 303)
        let id = try setbackID(logged)
        let page = try browser.get("/setbacks/\(id)?notice=setback-logged").text
        #expect(page.contains("Naming it is a brave first step"))
        #expect(page.contains(note) && page.contains("Hurt 6 of 10: Quite a lot"))
        // The seed's plan for a job, in its words, with resets that fit and the templates; no crisis block under 8.
        #expect(page.contains("Another ‘no’? Let’s rebuild your confidence") && page.contains("Remember: the average job gets 240+ applications"))
        #expect(page.contains("href=\"/emotions/stressed\"") && page.contains("href=\"/setbacks/templates\""))
        #expect(!page.contains("That sounds really painful"))
        // Changed: a heavier hurt, another kind, an earlier time (the member's own clock: London, GMT in November).
        let earlier = LocalMoment(app.clock.now - 3 * 3600, in: "Europe/London").text
        #expect(try browser.post("/setbacks/\(id)", [("kind", "work"), ("hurt", "8"), ("note", note), ("happened", earlier)]).header("Location")
                == "/setbacks/\(id)?notice=setback-saved")
        let heavy = try browser.get("/setbacks/\(id)").text
        #expect(heavy.contains("Work setback") && heavy.contains("Hurt 8 of 10"))
        let help = try #require(heavy.range(of: "href=\"tel:")), plan = try #require(heavy.range(of: "id=\"plan-heading\""))
        #expect(help.lowerBound < plan.lowerBound, "from 8, the crisis contacts come before the plan")
        let edit = try browser.get("/setbacks/\(id)/edit").text
        #expect(edit.contains("value=\"\(earlier)\"") && edit.contains("id=\"kind-work\" name=\"kind\" value=\"work\" checked"))
        // Moved on two days later: the time it took is kept and said; the help steps back.
        app.clock.advance(2 * 86_400)
        #expect(try browser.post("/setbacks/\(id)/moved-on", []).header("Location") == "/setbacks/\(id)?notice=moved-on")
        let moved = try browser.get("/setbacks/\(id)").text
        #expect(moved.contains("You moved on after 2 days.") && !moved.contains("href=\"tel:"))
        #expect(try browser.get("/setbacks").text.contains("moved on after 2 days"))
        #expect(try browser.post("/setbacks/\(id)/not-yet", []).status == 303)
        #expect(!(try browser.get("/setbacks/\(id)").text.contains("You moved on after")))
        // Deleted: gone, and its page is not found.
        #expect(try browser.post("/setbacks/\(id)/delete", []).header("Location") == "/setbacks?notice=setback-deleted")
        #expect(try browser.get("/setbacks/\(id)").status == 404)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM setbacks") } == 0)
    }

    @Test func anotherPersonsSetbackIsNotFoundAndUnchanged() throws {
        let app = try RunningApp()
        let owner = app.browser(), other = app.browser()
        try owner.signUp("owner@example.com")
        try other.signUp("other@example.com")
        let id = try setbackID(try owner.post("/setbacks", [("kind", "social"), ("hurt", "4"), ("note", note)]))
        #expect(try other.get("/setbacks/\(id)").status == 404)
        #expect(try other.get("/setbacks/\(id)/edit").status == 404)
        #expect(try other.post("/setbacks/\(id)", [("kind", "job"), ("hurt", "1")]).status == 404)
        for action in ["moved-on", "not-yet", "delete"] { #expect(try other.post("/setbacks/\(id)/\(action)", []).status == 404, "\(action)") }
        #expect(try other.get("/setbacks/not-an-id").status == 404)
        #expect(!(try other.get("/setbacks").text.contains(id)))
        #expect(!(try other.get("/account/export.json").text.contains("Harbour")))
        let still = try owner.get("/setbacks/\(id)").text
        #expect(still.contains("Social setback") && still.contains(note) && !still.contains("You moved on"))
    }

    @Test func badInputIsExplainedKeepsWhatWasTypedAndSavesNothing() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("typing@example.com")
        let typed = "Kept <b>as typed</b>"
        let noKind = try browser.post("/setbacks", [("hurt", "7"), ("note", typed), ("happened", "2026-11-21T08:15")])
        #expect(noKind.status == 422)
        #expect(noKind.text.contains("Choose what kind of setback it was.") && noKind.text.contains("<title>Error: "))
        #expect(noKind.text.contains(">Kept &lt;b&gt;as typed&lt;/b&gt;</textarea>") && noKind.text.contains("value=\"2026-11-21T08:15\""))
        #expect(noKind.text.contains("name=\"hurt\" value=\"7\" checked>"))
        for hurt in ["0", "11", "-1", "5.5", "99999999999999999999999", "lots", ""] {
            #expect(try browser.post("/setbacks", [("kind", "job"), ("hurt", hurt)]).status == 422, "\(hurt)")
        }
        for kind in ["", "rejection", "JOB", "job ", "<script>"] {
            #expect(try browser.post("/setbacks", [("kind", kind), ("hurt", "3")]).status == 422, "\(kind)")
        }
        let future = LocalMoment(app.clock.now + 86_400, in: "Europe/London").text
        #expect(try browser.post("/setbacks", [("kind", "job"), ("hurt", "3"), ("happened", future)]).text.contains("hasn’t happened yet"))
        #expect(try browser.post("/setbacks", [("kind", "job"), ("hurt", "3"), ("happened", "2020-01-01T10:00")]).text
                .contains("in the last year"))
        #expect(try browser.post("/setbacks", [("kind", "job"), ("hurt", "3"), ("happened", "yesterday")]).text.contains("like 2026-11-26 09:30"))
        let long = try browser.post("/setbacks", [("kind", "job"), ("hurt", "3"), ("note", String(repeating: "a", count: 1001))])
        #expect(long.status == 422 && long.text.contains("1000 characters or fewer"))
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM setbacks") } == 0)
        // A change refused keeps the setback as it was.
        let id = try setbackID(try browser.post("/setbacks", [("kind", "academic"), ("hurt", "2"), ("note", note)]))
        #expect(try browser.post("/setbacks/\(id)", [("kind", "job"), ("hurt", "12"), ("note", "changed")]).status == 422)
        let kept = try browser.get("/setbacks/\(id)").text
        #expect(kept.contains("Academic setback") && kept.contains(note))
        #expect(try app.browser().get("/setbacks").status == 303, "signed out: log in first")
    }

    @Test func theNoteIsUnreadableInTheDatabaseFileAndReadableInTheExport() throws {
        let path = temporaryDatabasePath()
        let app = try RunningApp(database: path)
        let browser = app.browser()
        try browser.signUp("sealed@example.com")
        let id = try setbackID(try browser.post("/setbacks", [("kind", "dating"), ("hurt", "5"), ("note", note)]))
        let stored: String = try #require(try app.environment.database.read { try $0.string(sql: "SELECT note FROM setbacks") })
        #expect(!stored.contains("Harbour") && Data(base64Encoded: stored) != nil)
        if app.environment.database.dialect == .sqlite {
            let bytes = [path, path + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }.reduce(Data(), +)
            #expect(bytes.range(of: Data("Harbour".utf8)) == nil && bytes.range(of: Data("sealed@example.com".utf8)) != nil)
        }
        let export = try #require(try JSONSerialization.jsonObject(with: Data(try browser.get("/account/export.json").body)) as? [String: Any])
        let setbacks = try #require(export["setbacks"] as? [[String: Any]])
        #expect(setbacks.count == 1)
        #expect(setbacks[0]["note"] as? String == note && setbacks[0]["kind"] as? String == "dating" && setbacks[0]["hurt"] as? Int == 5)
        #expect(setbacks[0]["id"] as? String == id && setbacks[0]["happenedDay"] as? String != nil && setbacks[0]["loggedAt"] as? Int != nil)
        let csv = try browser.get("/account/setbacks.csv")
        #expect(csv.header("Content-Disposition")?.contains("resett-setbacks.csv") == true)
        #expect(csv.text.hasPrefix("id,kind,hurt,hurt_words,note,happened_at,happened_day,logged_at,moved_on_at"))
        #expect(csv.text.contains("\(id),dating,5,It hurt,\(note),"))
    }

    @Test func theCalendarsDayAndTheReportShowItAndErasureTakesIt() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("everywhere@example.com")
        _ = try setbackID(try browser.post("/setbacks", [("kind", "work"), ("hurt", "3"), ("note", note)]))
        let today = Day.of(app.clock.now, in: "Europe/London")
        let day = try browser.get("/calendar/\(today)").text
        #expect(day.contains("id=\"setbacks-heading\"") && day.contains("Work · hurt 3: A bit"))
        let report = try browser.get("/account/report?show=1&from=\(today.adding(days: -7))&to=\(today)&include=setbacks").text
        #expect(report.contains("id=\"report-setbacks\"") && report.contains("<td>Work</td>") && !report.contains(note), "no notes unless asked")
        let withNotes = try browser.get("/account/report?show=1&from=\(today)&to=\(today)&include=setbacks&include=notes").text
        #expect(withNotes.contains(note))
        _ = try browser.get("/setbacks")
        #expect(try browser.post("/setbacks/small-step/swap", []).status == 303)
        let deleted = try browser.post("/account/delete", [("password", "a calm and steady passphrase")])
        #expect(deleted.status == 200 && deleted.text.contains("Your account has been deleted"))
        for table in ["setbacks", "small_steps"] {
            #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM \(table)") } == 0, "\(table)")
        }
    }

    @Test func patternsAppearOnlyWithEnoughToSayThem() throws {
        let app = try RunningApp()
        // Thursday of this week, at the hour it is now: the five setbacks a few hours back are all this week's, whatever
        // day the suite runs on (on a Monday at 00:00 they would all be last week's).
        let today = Day.of(app.clock.now, in: "Europe/London")
        app.clock.advance((3 - today.weekdayFromMonday) * 86_400)
        let browser = app.browser()
        try browser.signUp("patterns@example.com")
        #expect(try browser.get("/setbacks/insights").text.contains("Not enough yet"))
        var ids: [String] = []
        for (index, kind) in ["job", "job", "social", "job", "dating"].enumerated() {
            let when = LocalMoment(app.clock.now - (index + 1) * 3600, in: "Europe/London").text
            ids.append(try setbackID(try browser.post("/setbacks", [("kind", kind), ("hurt", "4"), ("happened", when)])))
        }
        let page = try browser.get("/setbacks/insights").text
        #expect(page.contains("3 of your last 5 setbacks were about job applications.") && !page.contains("Not enough yet"))
        #expect(page.contains("5 setbacks this week"))
        #expect(!page.contains("Resilience score") && !page.contains("/100"), "facts, never a score")
        // The page keeps what it worked out, and any change to a setback is seen at once: one deleted, one moved on.
        #expect(try browser.post("/setbacks/\(ids[0])/delete", []).status == 303)
        let fewer = try browser.get("/setbacks/insights").text
        #expect(fewer.contains("4 setbacks this week") && !fewer.contains("3 of your last 5"))
        #expect(try browser.post("/setbacks/\(ids[1])/moved-on", []).status == 303)
        #expect(try browser.get("/setbacks/insights").text.contains("You moved on from one."))
        // And the clock: ten days later (seen halfway, as a session must be within a week) this week holds none of them.
        app.clock.advance(5 * 86_400)
        _ = try browser.get("/setbacks/insights")
        app.clock.advance(5 * 86_400)
        #expect(try browser.get("/setbacks/insights").text.contains("No setbacks logged this week."))
    }

    /// The list is kept, drawn, under the member's history version: it follows a change written straight to the
    /// database (as another node would write it) at once, and a setback leaving the year goes from it by the clock
    /// alone, with nothing written.
    @Test func theKeptListFollowsEveryChangeAndTheYearsEdge() throws {
        let app = try RunningApp()
        app.clock.set(app.clock.now - app.clock.now % 86_400 + 12 * 3600)
        let browser = app.browser()
        try browser.signUp("kept@example.com")
        let nearlyAYear = LocalMoment(app.clock.now - 366 * 86_400 + 2 * 3600, in: "Europe/London").text
        let oldID = try setbackID(try browser.post("/setbacks", [("kind", "academic"), ("hurt", "3"), ("note", ""), ("happened", nearlyAYear)]))
        let newID = try setbackID(try browser.post("/setbacks", [("kind", "job"), ("hurt", "4"), ("note", ""), ("happened", "")]))
        let first = try browser.get("/setbacks").text
        #expect(first.contains("href=\"/setbacks/\(oldID)\"") && first.contains("Job · hurt 4"))
        try app.environment.database.write { db in
            try db.execute(sql: "UPDATE setbacks SET kind = 'dating' WHERE id = ?", arguments: [newID])
        }
        let changed = try browser.get("/setbacks").text
        #expect(changed.contains("Dating · hurt 4") && !changed.contains("Job · hurt 4"), "another node's change, shown at once")
        app.clock.advance(3 * 3600)
        let later = try browser.get("/setbacks").text
        #expect(!later.contains("href=\"/setbacks/\(oldID)\"") && later.contains("href=\"/setbacks/\(newID)\""), "gone from the year's list")
    }

    @Test func aSmallBraveStepCanBeDoneSwappedOrLetGoWithoutAStreak() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("brave@example.com")
        let first = try browser.get("/setbacks").text
        let step = try #require(first.firstMatch(of: /name="step" value="([a-z-]+)"/)?.1).description
        #expect(try browser.post("/setbacks/small-step/swap", []).status == 303)
        let swapped = try #require(try browser.get("/setbacks").text.firstMatch(of: /name="step" value="([a-z-]+)"/)?.1).description
        #expect(swapped != step)
        #expect(try browser.post("/setbacks/small-step/done", [("step", "not-a-step")]).status == 400)
        #expect(try browser.post("/setbacks/small-step/done", [("step", swapped)]).header("Location") == "/setbacks?notice=step-done")
        #expect(try browser.post("/setbacks/small-step/swap", []).status == 303, "a late swap from another tab")
        let done = try browser.get("/setbacks").text
        #expect(done.contains("You did it today.") && done.contains("Days you’ve done one: 1."), "a day tried is never taken away")
        // The next day, letting it go costs nothing: the count of days tried stays, nothing breaks.
        app.clock.advance(86_400)
        let next = try #require(try browser.get("/setbacks").text.firstMatch(of: /name="step" value="([a-z-]+)"/)?.1).description
        #expect(try browser.post("/setbacks/small-step/skip", [("step", next)]).status == 303)
        let skipped = try browser.get("/setbacks").text
        #expect(skipped.contains("You let this one go today.") && skipped.contains("Days you’ve done one: 1."))
        #expect(!skipped.lowercased().contains("streak broken") && !skipped.contains("points:"))
    }

    @Test func everyTemplateAtOnceFilledWithoutScript() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("templates@example.com")
        let page = try browser.get("/setbacks/templates").text
        #expect(page.components(separatedBy: "class=\"card template-card\"").count - 1 >= 8)
        for title in ["After being ghosted", "After a direct rejection", "Following up after silence", "Responding to a rejection email",
                      "Asking for feedback after a rejected application", "After a promotion went to someone else", "After a harsh review",
                      "Declining gracefully"] {
            #expect(page.contains(">\(title)</h2>"), "\(title)")
        }
        let filled = try browser.post("/setbacks/templates", [("template", "following-up-after-silence"), ("name", "Sam <Lee>"),
                                                              ("position", "Analyst"), ("company", "Harbour\r\nCo")])
        #expect(filled.status == 200)
        #expect(filled.text.contains("Hi Sam &lt;Lee&gt;, I wanted to follow up on my application for Analyst.")
                && filled.text.contains("contribute to Harbour  Co."), "escaped, one line")
        #expect(filled.text.contains("value=\"Sam &lt;Lee&gt;\""), "what was typed stays in its field")
        let tooLong = try browser.post("/setbacks/templates", [("template", "following-up-after-silence"), ("name", String(repeating: "n", count: 81))])
        #expect(tooLong.status == 422 && tooLong.text.contains("Please keep name to 80 characters or fewer."))
        #expect(try browser.post("/setbacks/templates", [("template", "../../etc/passwd")]).status == 400)
        #expect(try browser.post("/setbacks/templates", []).status == 400)
    }
}
