import Domain
import Foundation
import Testing
@testable import Storage
@testable import Web

@Suite("The mood calendar over real sockets")
struct CalendarTests {
    /// Records a finished, rated run at `iso` (UTC) for the account, as the app would.
    func run(_ app: RunningApp, _ email: String, at iso: String, mood: Int?, reset: String = "tired-blink-track",
             timeZone: String = "Europe/London") throws {
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        let account = try #require(try app.environment.database.account(tenantID: tenant.id, email: EmailAddress(email)!))
        let when = epoch(iso)
        guard case .started(let started) = try app.environment.database.startRun(
            tenantID: tenant.id, accountID: account.id, reset: try #require(app.environment.library.reset(id: reset)), now: when,
            localDay: LocalDay.of(when, in: timeZone), localTime: LocalDay.time(when, in: timeZone))
        else { Issue.record("limit reached"); return }
        _ = try app.environment.database.finishRun(tenantID: tenant.id, accountID: account.id, id: started.typedID, completed: false,
                                                   now: when + 70)
        if let mood { _ = try app.environment.database.rateRun(tenantID: tenant.id, accountID: account.id, id: started.typedID, mood: mood) }
    }

    func unlimited(_ app: RunningApp) throws {
        var tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.licenceAllMembers = true
        try app.environment.database.saveSettings(of: tenant)
    }

    /// The year is kept once drawn (CalendarGrid), and drawn again when anything it shows changes: a rating, a
    /// check-in, what the colours follow, the week's first day.
    @Test func aKeptYearFollowsEveryChangeToWhatItShows() throws {
        let app = try RunningApp()
        app.clock.set(epoch("2026-11-22T12:00:00Z"))
        let browser = app.browser()
        try browser.signUp("kept.year@example.com")
        #expect(try browser.get("/calendar/year").text.contains("November<span class=\"visually-hidden\">: no resets</span>"))
        try run(app, "kept.year@example.com", at: "2026-11-22T09:00:00Z", mood: 3)
        #expect(try browser.get("/calendar/year").text.contains("November<span class=\"visually-hidden\">: 1 reset, average mood 3</span>"))
        _ = try browser.get("/calendar/year")
        #expect(try browser.post("/calendar/colours", [("colours", "check-ins"), ("return_to", "/calendar/year")]).status == 303)
        #expect(!(try browser.get("/calendar/year").text.contains("check-in</span></a>")))
        _ = try browser.get("/check-in")
        #expect(try browser.post("/check-in", [("rating", "5")]).status == 303)
        let year = try browser.get("/calendar/year").text
        #expect(year.contains("November<span class=\"visually-hidden\">: 1 reset, average mood 3, 1 check-in</span>"))
        #expect(year.contains("<td class=\"tint-5 today\">"), "the colour follows the check-in")
        // One weekday only: the month's figures count the days shown (22 November 2026 is a Sunday).
        #expect(try browser.get("/calendar/year?weekday=sunday").text.contains("November<span class=\"visually-hidden\">: 1 reset, average mood 3, 1 check-in</span>"))
        #expect(try browser.get("/calendar/year?weekday=monday").text.contains("November<span class=\"visually-hidden\">: no resets</span>"))
    }

    /// The month is kept once drawn too (CalendarGrid.Month), under the same history version: a reset, its rating, a
    /// check-in and a new day each show at once.
    @Test func aKeptMonthFollowsEveryChangeToWhatItShows() throws {
        let app = try RunningApp()
        app.clock.set(epoch("2026-11-22T12:00:00Z"))
        let browser = app.browser()
        try browser.signUp("kept.month@example.com")
        let empty = try browser.get("/calendar").text
        #expect(empty.contains("22 November: no resets (today)"))
        #expect(try browser.get("/calendar").text == empty, "drawn again from what was kept")
        #expect(app.environment.calendarMonths.count >= 1)
        try run(app, "kept.month@example.com", at: "2026-11-22T09:00:00Z", mood: 3)
        var month = try browser.get("/calendar").text
        #expect(month.contains("22 November: 1 reset, average mood 3 (today)"))
        #expect(month.contains("<span class=\"fact-label\">Resets this month</span> <span class=\"fact-value\">1</span>"))
        _ = try browser.get("/check-in")
        #expect(try browser.post("/check-in", [("rating", "5")]).status == 303)
        #expect(try browser.get("/calendar").text.contains("22 November: 1 reset, average mood 3, checked in: Great (today)"))
        // Midnight passes with nothing else changing: the kept month has a new today.
        app.clock.set(epoch("2026-11-23T12:00:00Z"))
        month = try browser.get("/calendar").text
        #expect(month.contains("23 November: no resets (today)"))
        #expect(month.contains("22 November: 1 reset, average mood 3, checked in: Great<"))
    }

    /// A day's resets, setbacks and practices are kept once read (CalendarGrid.KeptDay), under the history version each
    /// of them moves on, and the tenant's version (which resets can be done again); the check-in, reflection and
    /// glimmers are read on each visit. Each change shows at once.
    @Test func aKeptDayFollowsEveryChangeToWhatItShows() throws {
        let app = try RunningApp()
        try unlimited(app)
        app.clock.set(epoch("2026-11-22T12:00:00Z"))
        let admin = try staff(app, "kept.day.admin@example.com", .admin)
        let browser = app.browser()
        try browser.signUp("kept.day@example.com")
        let path = "/calendar/2026-11-22"
        let empty = try browser.get(path).text
        #expect(empty.contains("No resets on this day."))
        #expect(try browser.get(path).text == empty && app.environment.calendarDays.count >= 1, "drawn again from what was kept")
        try run(app, "kept.day@example.com", at: "2026-11-22T09:15:00Z", mood: 4, reset: "stressed-safety-scan")
        var day = try browser.get(path).text
        #expect(day.contains("09:15 · Safety Scan") && day.contains("href=\"/resets/stressed-safety-scan\""))
        #expect(try admin.post("/admin/resets/stressed-safety-scan/hide", []).status == 303)
        #expect(!(try browser.get(path).text.contains("href=\"/resets/stressed-safety-scan\"")), "a hidden reset can't be done again")
        _ = try browser.get("/check-in")
        #expect(try browser.post("/check-in", [("rating", "4"), ("note", "A slow Sunday")]).status == 303)
        day = try browser.get(path).text
        #expect(day.contains("A slow Sunday") && day.contains("Reflect on today"))
        _ = try browser.post("/reflection", [("step", "1"), ("intensity", "6")])
        #expect(try browser.get(path).text.contains("Carry on reflecting"))
        #expect(try browser.post("/glimmers", [("text", "A robin on the fence")]).status == 303)
        #expect(try browser.get(path).text.contains("A robin on the fence"))
        let started = try browser.post("/practices/container/start", [("mood_before", "4")])
        let session = String(try #require(started.header("Location")).dropFirst("/practices/sessions/".count).prefix(32))
        #expect(try browser.post("/practices/sessions/\(session)/done", [("mood_after", "7")]).status == 303)
        #expect(try browser.get(path).text.contains("The container, 4 minutes, mood 4 to 7"))
        #expect(try browser.post("/setbacks", [("kind", "job"), ("hurt", "5")]).status == 303)
        day = try browser.get(path).text
        #expect(day.contains("href=\"/setbacks/"))
        // Midnight passes: the day is no longer today, and its check-in can no longer be changed here.
        app.clock.set(epoch("2026-11-23T12:00:00Z"))
        day = try browser.get(path).text
        #expect(day.contains("Carry on reflecting") && !day.contains("href=\"/check-in\""))
    }

    @Test func theMonthShowsDaysSummaryAndStreaks() throws {
        let app = try RunningApp()
        try unlimited(app)
        app.clock.set(epoch("2026-11-22T12:00:00Z"))
        let browser = app.browser()
        try browser.signUp("cal@example.com")
        try run(app, "cal@example.com", at: "2026-11-20T08:00:00Z", mood: 3)
        try run(app, "cal@example.com", at: "2026-11-21T08:00:00Z", mood: 9)
        try run(app, "cal@example.com", at: "2026-11-21T20:00:00Z", mood: 7)
        try run(app, "cal@example.com", at: "2026-11-22T07:00:00Z", mood: nil)
        try run(app, "cal@example.com", at: "2026-10-31T23:30:00Z", mood: 5)  // the last day of October in London
        let page = try browser.get("/calendar")
        #expect(page.status == 200)
        #expect(page.header("Cache-Control") == "no-store")
        #expect(page.text.contains("<h1>November 2026</h1>"))
        #expect(page.text.contains("<span class=\"fact-label\">Resets this month</span> <span class=\"fact-value\">4</span>"))
        #expect(page.text.contains("<span class=\"fact-label\">Average mood after</span> <span class=\"fact-value\">6.3</span>"))
        // The month's own facts; no "current streak", which would mean nothing on a past month.
        #expect(page.text.contains("<span class=\"fact-label\">Days with a reset</span> <span class=\"fact-value\">3</span>"))
        #expect(page.text.contains("<span class=\"fact-label\">Most days in a row</span> <span class=\"fact-value\">3 days</span>"))
        #expect(!page.text.contains("streak"))
        #expect(page.text.contains("21 November: 2 resets, average mood 8"))
        #expect(page.text.contains("22 November: 1 reset (today)"))
        #expect(page.text.contains("class=\"day tint-4\""))
        #expect(page.text.contains("class=\"day today\""))
        // No future months: no link to one, and asking for one shows this month.
        #expect(page.text.contains("href=\"/calendar?month=2026-10\"") && !page.text.contains("href=\"/calendar?month=2026-12\""))
        #expect(try browser.get("/calendar?month=2026-12").header("Location") == "/calendar")
        // The trend's axes are labelled, and its words state facts without judging.
        #expect(page.text.contains("class=\"trend-label\" x=\"22\"") && page.text.contains(">Today</text>"))
        #expect(page.text.contains("<svg class=\"trend\""))
        #expect(page.text.contains("6 out of 10 on average"))
        #expect(!page.text.contains("#ef4444") && !page.text.contains("red"))

        let october = try browser.get("/calendar?month=2026-10").text
        #expect(october.contains("31 October: 1 reset, average mood 5"))
        #expect(october.contains("href=\"/calendar?month=2026-11\""))
        let empty = try browser.get("/calendar?month=2026-09").text
        #expect(empty.contains("No resets this month."))
        for bad in ["2026-13", "26-11", "2026-1", "x", "2026-11-01"] {
            #expect(try browser.get("/calendar?month=\(bad)").status == 400, "\(bad)")
        }
        #expect(try app.browser().get("/calendar").status == 303, "signed out")
    }

    @Test func theWeekStartsWhenThePersonSays() throws {
        let app = try RunningApp()
        app.clock.set(epoch("2026-11-22T12:00:00Z"))
        let browser = app.browser()
        try browser.signUp("weeks@example.com")
        #expect(try browser.get("/calendar").text.contains("<thead><tr><th scope=\"col\" abbr=\"Monday\">Mon</th>"))
        _ = try browser.get("/account")
        #expect(try browser.post("/account/week-start", [("week_starts_on", "sunday")]).status == 303)
        let sunday = try browser.get("/calendar").text
        #expect(sunday.contains("<thead><tr><th scope=\"col\" abbr=\"Sunday\">Sun</th>"))
        // November 2026 starts on a Sunday: no blank before the 1st when weeks start on Sunday.
        #expect(sunday.contains("<tbody>\n      <tr><td class=\"day\"><span aria-hidden=\"true\" class=\"day-number\">1</span>"))
        #expect(try browser.post("/account/week-start", [("week_starts_on", "friday")]).status == 400)
    }

    @Test func daysAreLocalOnBothSidesOfTheDateLine() throws {
        let app = try RunningApp()
        try unlimited(app)
        app.clock.set(epoch("2026-11-23T12:00:00Z"))
        let east = app.browser()
        try east.signUp("kiritimati@example.com", timeZone: "Pacific/Kiritimati")
        let west = app.browser()
        try west.signUp("pagopago@example.com", timeZone: "Pacific/Pago_Pago")
        // 10:30 UTC on the 22nd is 00:30 on the 23rd at UTC+14 and 23:30 on the 21st at UTC-11.
        try run(app, "kiritimati@example.com", at: "2026-11-22T10:30:00Z", mood: 6, timeZone: "Pacific/Kiritimati")
        try run(app, "pagopago@example.com", at: "2026-11-22T10:30:00Z", mood: 6, timeZone: "Pacific/Pago_Pago")
        #expect(try east.get("/calendar?month=2026-11").text.contains("23 November: 1 reset"))
        #expect(try west.get("/calendar?month=2026-11").text.contains("21 November: 1 reset"))
        let eastDay = try east.get("/calendar/2026-11-23").text
        #expect(eastDay.contains("00:30 · Blink &amp; Track"))
        // Moving to another time zone does not move past runs.
        _ = try east.get("/account")
        _ = try east.post("/account/time-zone", [("time_zone", "America/New_York")])
        #expect(try east.get("/calendar?month=2026-11").text.contains("23 November: 1 reset"))
        #expect(try east.get("/calendar/2026-11-23").text.contains("00:30 · Blink &amp; Track"))
    }

    @Test func theDayAndTheYear() throws {
        let app = try RunningApp()
        try unlimited(app)
        app.clock.set(epoch("2028-03-01T12:00:00Z"))
        let browser = app.browser()
        try browser.signUp("year@example.com")
        try run(app, "year@example.com", at: "2028-02-29T09:15:00Z", mood: 2, reset: "stressed-safety-scan")
        let day = try browser.get("/calendar/2028-02-29")
        #expect(day.text.contains("<h1>Tuesday 29 February 2028</h1>"))
        #expect(day.text.contains("09:15 · Safety Scan"))
        #expect(day.text.contains("Finished early") && day.text.contains("</svg> 2</span>") && day.text.contains("1 minute 10 seconds"))
        #expect(day.text.contains("href=\"/resets/stressed-safety-scan\""))
        #expect(try browser.get("/calendar/2026-02-29").status == 404)
        #expect(try browser.get("/calendar/2028-03-02").text.contains("No resets on this day."))
        let year = try browser.get("/calendar/year?year=2028")
        #expect(year.text.contains("<h1>2028</h1>"))
        // Up to this month, not beyond; each small month is one link to its month, which names its figures.
        #expect(year.text.components(separatedBy: "class=\"mini-month\"").count == 4)
        #expect(year.text.contains("<h2><a href=\"/calendar?month=2028-02\">February<span class=\"visually-hidden\">: 1 reset, average mood 2</span></a></h2>"))
        #expect(year.text.contains("January<span class=\"visually-hidden\">: no resets</span>") && !year.text.contains("/calendar/2028-"))
        #expect(year.text.contains("<td class=\"tint-1\"></td>"), "29 February's square has its colour")
        #expect(try browser.get("/calendar/year?year=2029").header("Location") == "/calendar/year?year=2028")
        #expect(!year.text.contains("href=\"/calendar/year?year=2029\"") && year.text.contains("href=\"/calendar/year?year=2027\""))
        #expect(try browser.get("/calendar/year?year=20x8").status == 400)
    }

    @Test func theCSVHasExactColumnsAndQuoting() throws {
        let app = try RunningApp()
        try unlimited(app)
        let browser = app.browser()
        try browser.signUp("csv@example.com")
        try run(app, "csv@example.com", at: "2026-11-20T08:05:00Z", mood: 8, reset: "stressed-tense-release")
        try run(app, "csv@example.com", at: "2026-11-21T18:40:00Z", mood: nil, reset: "tired-blink-track")
        let csv = try browser.get("/account/export.csv")
        #expect(csv.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(csv.header("Content-Disposition") == "attachment; filename=\"resett-history.csv\"")
        #expect(csv.text == "date,time,emotion,reset_id,reset_name,completed,mood_before,mood_after,duration_seconds\r\n"
                + "2026-11-20,08:05,stressed,stressed-tense-release,Full-Body Tense & Release,no,,8,70\r\n"
                + "2026-11-21,18:40,tired,tired-blink-track,Blink & Track,no,,,70\r\n")
        #expect(CSV.encode([["a,b", "say \"hi\"", "two\nlines", "plain"]]) == "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",plain\r\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try browser.get("/account/export.json").body)) as? [String: Any])
        #expect((json["runs"] as? [[String: Any]])?.first?["localTime"] as? String == "08:05")
    }

    @Test func fiveYearsOfHistoryUseTheIndex() throws {
        let app = try RunningApp()
        app.clock.set(epoch("2026-11-22T12:00:00Z"))
        let browser = app.browser()
        try browser.signUp("history@example.com")
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        let account = try #require(try app.environment.database.account(tenantID: tenant.id, email: EmailAddress("history@example.com")!))
        // 5 years of daily runs, written straight to the table for speed.
        try app.environment.database.write { db in
            let today = Day("2026-11-22")!
            for offset in 0..<(5 * 365) {
                let day = today.adding(days: -offset)
                try db.execute(sql: """
                    INSERT INTO runs (id, tenant_id, account_id, reset_id, emotion, started_at, local_day, local_time, step_count,
                        steps_reached, outcome, finished_at, mood, duration_seconds)
                    VALUES (?, ?, ?, 'tired-blink-track', 'tired', ?, ?, '08:00', 8, 8, 'completed', ?, ?, 90)
                    """, arguments: [RandomID.make(), tenant.id, account.id, day.ordinal * 86400, day.description, day.ordinal * 86400 + 90, offset % 10 + 1])
            }
        }
        let plans = try app.environment.database.calendarQueryPlans()
        #expect(plans.count == 3)
        for (place, plan) in plans.enumerated() {
            switch app.environment.database.dialect {
            case .sqlite:
                #expect(plan.contains("USING COVERING INDEX runs_by_day"), "each read from the index alone: \(plan)")
                // Insights' lifts group by reset, which the day's order cannot give; the calendar's need no sorting.
                #expect(!plan.contains("SCAN runs") && (place == 2 || !plan.contains("TEMP B-TREE")), "in the index's order, unsorted: \(plan)")
            case .postgres:
                #expect(plan.contains("runs_by_day"), "\(plan)")
                #expect(!plan.contains("Seq Scan"), "\(plan)")
            }
        }
        let page = try browser.get("/calendar")
        #expect(page.status == 200)
        #expect(page.text.contains("<span class=\"fact-label\">Resets this month</span> <span class=\"fact-value\">22</span>"))
        #expect(page.text.contains("<span class=\"fact-label\">Most days in a row</span> <span class=\"fact-value\">22 days</span>"))
    }
}
