import Domain
import Foundation
import Cryptography
@testable import Storage
import Testing
@testable import Web
@testable import UseCases

/// Issue 16, first part: the daily check-in over real sockets, its words sealed at rest with the tenant's data key.
@Suite("Daily check-ins, encrypted at rest")
struct CheckInTests {
    let note = "Rough meeting with Sam about the Harbour project"

    func count(_ app: RunningApp, _ sql: String) throws -> Int {
        try app.environment.database.read { try $0.int(sql: sql) } ?? -1
    }

    @Test func onceADayChangeableThatDayAndEmptyTheNext() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("checking@example.com")
        let first = try browser.get("/check-in")
        #expect(first.status == 200)
        #expect(first.text.contains("How was your day?") && first.text.contains("<h1>Check in</h1>"))
        let saved = try browser.post("/check-in", [("rating", "2"), ("note", note), ("tags", "sleep"), ("tags", "work")])
        #expect(saved.status == 303)
        #expect(saved.header("Location") == "/check-in?notice=checked-in")
        let again = try browser.get("/check-in?notice=checked-in").text
        #expect(again.contains("Thank you for checking in.") && again.contains("<h1>Today’s check-in</h1>"))
        #expect(again.contains("name=\"rating\" value=\"2\" checked>"))
        #expect(again.contains(">\(note)</textarea>"))
        #expect(again.contains("value=\"sleep\" checked>") && again.contains("value=\"work\" checked>") && !again.contains("value=\"family\" checked>"))
        // Changed the same day: still one check-in, now Good, the note cleared.
        #expect(try browser.post("/check-in", [("rating", "4"), ("note", "")]).status == 303)
        #expect(try count(app, "SELECT count(*) FROM check_ins") == 1)
        let changed = try browser.get("/check-in").text
        #expect(changed.contains("name=\"rating\" value=\"4\" checked>") && !changed.contains(note))
        // The next day starts empty: nothing to catch up on, nothing missing.
        app.clock.advance(86400)
        let tomorrow = try browser.get("/check-in").text
        #expect(tomorrow.contains("<h1>Check in</h1>") && !tomorrow.contains(" checked>"))
        #expect(try browser.post("/check-in", [("rating", "5")]).status == 303)
        #expect(try count(app, "SELECT count(*) FROM check_ins") == 2)
    }

    @Test func aProblemIsExplainedAndWhatWasTypedStays() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("typing@example.com")
        _ = try browser.get("/check-in")
        let noRating = try browser.post("/check-in", [("note", "Kept <b>as typed</b>"), ("tags", "family")])
        #expect(noRating.status == 422)
        #expect(noRating.text.contains("Choose how your day was, from Horrible to Great."))
        #expect(noRating.text.contains(">Kept &lt;b&gt;as typed&lt;/b&gt;</textarea>"))
        #expect(noRating.text.contains("value=\"family\" checked>"))
        for rating in ["0", "6", "-1", "3.5", "99999999999999999999999", "great", ""] {
            #expect(try browser.post("/check-in", [("rating", rating)]).status == 422, "\(rating)")
        }
        let long = try browser.post("/check-in", [("rating", "3"), ("note", String(repeating: "a", count: CheckIn.noteLimit + 1))])
        #expect(long.status == 422)
        #expect(long.text.contains("Please keep it to 1000 characters or fewer."))
        // A tag not on the list is left out, never stored.
        #expect(try browser.post("/check-in", [("rating", "3"), ("tags", "<script>"), ("tags", "exercise")]).status == 303)
        #expect(try app.environment.checkIns.todays(try app.member("typing@example.com"))?.tags == [.exercise])
        #expect(try count(app, "SELECT count(*) FROM check_ins") == 1)
        // Signed out: the page is for members.
        #expect(try app.browser().get("/check-in").status == 303)
    }

    @Test func wordsAreUnreadableInTheDatabaseFileAndUnderAnotherKey() throws {
        let path = temporaryDatabasePath()
        let app = try RunningApp(database: path)
        let browser = app.browser()
        try browser.signUp("secret@example.com")
        _ = try browser.get("/check-in")
        #expect(try browser.post("/check-in", [("rating", "1"), ("note", note), ("tags", "weather"), ("tags", "exercise")]).status == 303)
        let stored = try #require(try app.environment.database.read { try $0.row(sql: "SELECT note, tags, key_id FROM check_ins") })
        let sealed: String = try #require(stored["note"])
        #expect(!sealed.contains("Harbour") && Data(base64Encoded: sealed) != nil)
        #expect((stored["tags"] as String?)?.contains("exercise") == false)
        if app.environment.database.dialect == .sqlite {
            // The file itself (and its write-ahead log), byte for byte: neither the note nor the tags (stored together as
            // "exercise,weather" before sealing) are there.
            let bytes = [path, path + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }.reduce(Data(), +)
            #expect(!bytes.isEmpty)
            for word in ["Harbour", "Rough meeting", "exercise,weather"] { #expect(bytes.range(of: Data(word.utf8)) == nil, "\(word) in the file") }
            #expect(bytes.range(of: Data("secret@example.com".utf8)) != nil, "the file was read")
        }
        // The data key is stored only wrapped: the master key is not in the database, and another one opens nothing.
        let member = try app.member("secret@example.com")
        let clock = app.clock
        let stranger = CheckIns(database: app.environment.database,
                                vault: DataVault(database: app.environment.database, masterKey: try MasterKey(bytes: SecureRandom.bytes(32)),
                                                 clock: { clock.now }), clock: { clock.now })
        let opened = try #require(try stranger.todays(member))
        #expect(opened.wordsUnreadable && opened.note.isEmpty && opened.tags.isEmpty && opened.rating.rawValue == 1, "the rating is still there")
        #expect(try app.environment.checkIns.todays(member)?.note == note)
        // Moved to another day (or person), a sealed note does not open: each is bound to where it belongs.
        try app.environment.database.write { try $0.execute(sql: "UPDATE check_ins SET local_day = '2020-01-01'") }
        let moved = try app.environment.checkIns.checkIns(member, from: Day("2020-01-01")!, through: Day("2020-01-01")!)
        #expect(moved.count == 1 && moved[0].wordsUnreadable && moved[0].note.isEmpty)
    }

    @Test func rotatingTheMasterKeyKeepsEveryWordReadable() throws {
        let database = temporaryDatabasePath()
        let old = try MasterKey(bytes: SecureRandom.bytes(32)), new = try MasterKey(bytes: SecureRandom.bytes(32))
        let app = try RunningApp(database: database, masterKey: old)
        let browser = app.browser()
        try browser.signUp("rotate@example.com")
        _ = try browser.get("/check-in")
        #expect(try browser.post("/check-in", [("rating", "3"), ("note", note)]).status == 303)
        #expect(try DataVault.rewrap(app.environment.database, from: old, to: new) == 1)
        #expect(throws: DataVault.Failure.cannotOpen) { try DataVault.rewrap(app.environment.database, from: old, to: new) }
        let rotated = try RunningApp(database: database, masterKey: new)
        let member = try rotated.member("rotate@example.com")
        #expect(try rotated.environment.checkIns.todays(member)?.note == note)
        let same = rotated.browser()
        same.cookies = browser.cookies
        #expect(try same.get("/check-in").text.contains(">\(note)</textarea>"))
    }

    @Test func withoutAMasterKeyOnlyTheRatingIsKept() throws {
        let app = try RunningApp(masterKey: nil)
        let browser = app.browser()
        try browser.signUp("nokey@example.com")
        _ = try browser.get("/check-in")
        let refused = try browser.post("/check-in", [("rating", "4"), ("note", note)])
        #expect(refused.status == 422)
        #expect(refused.text.contains("can’t keep notes or tags safely yet"))
        #expect(refused.text.contains(">\(note)</textarea>"))
        #expect(try count(app, "SELECT count(*) FROM check_ins") == 0)
        #expect(try browser.post("/check-in", [("rating", "4")]).status == 303)
        #expect(try count(app, "SELECT count(*) FROM check_ins WHERE note IS NULL AND key_id IS NULL") == 1)
    }

    @Test func eachOrganisationHasItsOwnKeyAndSeesOnlyItsOwn() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme")
        let here = app.browser(), there = app.browser(host: "acme.localhost")
        try here.signUp("same@example.com")
        try there.signUp("same@example.com")
        _ = try here.get("/check-in")
        _ = try there.get("/check-in")
        #expect(try here.post("/check-in", [("rating", "2"), ("note", "Here")]).status == 303)
        #expect(try there.post("/check-in", [("rating", "5"), ("note", "There")]).status == 303)
        #expect(try count(app, "SELECT count(DISTINCT tenant_id) FROM data_keys") == 2)
        #expect(try count(app, "SELECT count(DISTINCT id) FROM data_keys") == 2)
        #expect(try here.get("/check-in").text.contains(">Here</textarea>"))
        #expect(try there.get("/check-in").text.contains(">There</textarea>"))
    }

    @Test func theExportHasEveryCheckInOpenedAndDeletingTheAccountRemovesThem() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("export@example.com")
        _ = try browser.get("/check-in")
        #expect(try browser.post("/check-in", [("rating", "2"), ("note", note), ("tags", "work")]).status == 303)
        app.clock.advance(86400)
        #expect(try browser.post("/check-in", [("rating", "5")]).status == 303)
        let export = try browser.get("/account/export.json")
        #expect(export.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(export.text.utf8)) as? [String: Any])
        let checkIns = try #require(json["checkIns"] as? [[String: Any]])
        #expect(checkIns.count == 2)
        #expect(checkIns.first?["note"] as? String == note && checkIns.first?["tags"] as? [String] == ["Work"])
        #expect(checkIns.first?["ratingWord"] as? String == "Bad" && checkIns.last?["rating"] as? Int == 5)
        // The same as a spreadsheet, a note with a comma quoted as RFC 4180 says.
        _ = try browser.post("/check-in", [("rating", "5"), ("note", "Sun, at last"), ("tags", "weather"), ("tags", "exercise")])
        let csv = try browser.get("/account/check-ins.csv")
        #expect(csv.status == 200 && csv.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(csv.text.hasPrefix("date,rating,rating_word,note,tags\r\n"))
        #expect(csv.text.contains(",2,Bad,\(note),Work\r\n") && csv.text.contains(",5,Great,\"Sun, at last\",Exercise; Weather\r\n"))
        _ = try browser.post("/insights/week/intention", [("intention", "Rest on Sunday")])
        let again = try #require(try JSONSerialization.jsonObject(with: Data(try browser.get("/account/export.json").text.utf8)) as? [String: Any])
        #expect((again["intentions"] as? [[String: Any]])?.first?["intention"] as? String == "Rest on Sunday")
        _ = try browser.get("/account")
        #expect(try browser.post("/account/delete", [("password", "a calm and steady passphrase")]).status == 200)
        #expect(try count(app, "SELECT count(*) FROM check_ins") == 0)
        #expect(try count(app, "SELECT count(*) FROM intentions") == 0)
    }
}

@Suite("Check-ins on the calendar")
struct CheckInCalendarTests {
    @Test func colourByCheckInsOrResetsAndSeeTheDay() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("calendar.check@example.com")
        _ = try browser.get("/check-in")
        #expect(try browser.post("/check-in", [("rating", "2"), ("note", "Long day"), ("tags", "work")]).status == 303)
        let today = Day.of(app.clock.now, in: "Europe/London")
        let cell = "<td class=\"day tint-2 today\"><a href=\"/calendar/\(today)\">"
        var month = try browser.get("/calendar").text
        // Colours follow resets by default (none today), but the day says it was checked in, and links to its page.
        #expect(!month.contains(cell) && month.contains("checked in: Bad (today)"))
        #expect(month.contains("Check in for today"))
        let chosen = try browser.post("/calendar/colours", [("colours", "check-ins"), ("return_to", "/calendar")])
        #expect(chosen.status == 303 && chosen.header("Location") == "/calendar")
        month = try browser.get("/calendar").text
        #expect(month.contains(cell) && month.contains("<span class=\"legend-title\">Check-in:</span>"))
        #expect(month.contains("value=\"check-ins\" aria-pressed=\"true\">"))
        let year = try browser.get("/calendar/year").text
        #expect(year.contains("<td class=\"tint-2 today\">"))
        // Only pages of ours to go back to; anything else is the calendar.
        for target in ["https://evil.example/", "//evil.example", "/calendar/year?year=2026&x=1", "/account"] {
            #expect(try browser.post("/calendar/colours", [("colours", "resets"), ("return_to", target)]).header("Location") == "/calendar", "\(target)")
        }
        #expect(try browser.post("/calendar/colours", [("colours", "resets"), ("return_to", "/calendar/year?year=2025")])
            .header("Location") == "/calendar/year?year=2025")
        #expect(try browser.post("/calendar/colours", [("colours", "purple")]).status == 400)
        #expect(!(try browser.get("/calendar").text.contains(cell)))
        // The day's page shows the check-in, opened for its owner, with a way to change it and to reflect.
        let day = try browser.get("/calendar/\(today)").text
        #expect(day.contains("Check-in: Bad") && day.contains("Long day") && day.contains("About: Work"))
        #expect(day.contains("Change today’s check-in") && day.contains("Reflect on today"))
    }

    @Test func theYearCanShowOneWeekdayOnly() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("weekdays@example.com")
        let today = Day.of(app.clock.now, in: "Europe/London")
        let all = try browser.get("/calendar/year").text
        // Each small month so far is one link to its month; its days are squares of colour, not links.
        #expect(all.matches(of: /<h2><a href="\/calendar\?month=\d{4}-\d{2}">/).count == today.month)
        #expect(all.matches(of: /<a href="\/calendar\/\d{4}-\d{2}-\d{2}"/).isEmpty)
        let drawn = all.matches(of: /<td[ >]/).count - all.matches(of: /<td class="blank"><\/td>/).count
        #expect(drawn == Day(year: today.year, month: today.month, day: Day.daysIn(year: today.year, month: today.month))!.ordinal
            - Day(year: today.year, month: 1, day: 1)!.ordinal + 1, "every day of the months shown, to come included")
        let mondays = try browser.get("/calendar/year?weekday=monday").text
        // Every other day keeps its place as a blank square: only the Mondays of the months shown (up to this one, its
        // Mondays to come included) are drawn as days.
        let shown = (Day(year: today.year, month: 1, day: 1)!.ordinal...Day(year: today.year, month: 12, day: 31)!.ordinal)
            .map { Day(ordinal: $0) }.filter { $0.month <= today.month }
        let squares = mondays.matches(of: /<td[ >]/).count, blanks = mondays.matches(of: /<td class="blank"><\/td>/).count
        #expect(squares - blanks == shown.filter { $0.weekdayFromMonday == 0 }.count)
        #expect(squares % 7 == 0, "every week of every month keeps its seven squares")
        #expect(mondays.contains("aria-current=\"page\"><span aria-hidden=\"true\">Mon</span><span class=\"visually-hidden\">Mondays</span></a>"))
        for bad in ["funday", "MONDAY1", "", "%00"] {
            #expect(try browser.get("/calendar/year?weekday=\(bad)").status == 400, "\(bad)")
        }
    }
}
