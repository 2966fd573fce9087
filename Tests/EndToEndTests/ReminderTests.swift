import Domain
import Foundation
@testable import Storage
import Synchronization
import Testing
@testable import UseCases
@testable import Web

/// Issue 38, reminders by email, over real sockets: the settings page, the scheduler on the member's clock (once, never
/// late, never in quiet hours, never two in an hour), the neutral email with its one-click "turn this off" (RFC 8058),
/// forged and replayed links, a setback's follow-up, exactly once across two nodes, and erasure.
@Suite("Reminders")
struct ReminderTests {
    let saturdayNoonUTC = 1_774_699_200 // 2026-03-28 12:00 UTC, the day before the UK's clocks go forward
    let sundayNineBST = 1_774_771_200

    func reminderMails(_ app: RunningApp) -> [String] { app.mails().filter { $0.contains("Subject: A gentle reminder from") } }

    /// A member in London with the check-in reminder on at 09:00, saved at Saturday noon.
    func memberWithCheckInReminder(_ app: RunningApp, _ email: String = "remind.me@example.com") throws -> Browser {
        app.clock.set(saturdayNoonUTC)
        let member = app.browser()
        try member.signUp(email)
        let page = try member.get("/account/reminders").text
        #expect(page.contains("A check-in reminder by email") && page.contains("type=\"time\""))
        #expect(try member.get("/account").text.contains(">Reminders</span>"))
        let saved = try member.post("/account/reminders", [("checkIn", "on"), ("checkInTime", "09:00"), ("quietStart", "22:00"),
                                                           ("quietEnd", "08:00")])
        #expect(saved.status == 303 && saved.header("Location") == "/account/reminders?notice=reminders-saved")
        return member
    }

    @Test func theCheckInReminderComesOnceADayAtTheMembersTimeNeutralAndWithAOneClickOff() throws {
        let app = try RunningApp()
        let member = try memberWithCheckInReminder(app)
        #expect(try member.get("/account/reminders").text.contains("value=\"09:00\""))
        // Bad times come back with what was typed.
        let refused = try member.post("/account/reminders", [("checkIn", "on"), ("checkInTime", "25:99"), ("quietStart", "22:00"), ("quietEnd", "22:00")])
        #expect(refused.status == 422 && refused.text.contains("value=\"25:99\"") && refused.text.contains("Choose a time like 09:00."))
        #expect(refused.text.contains("Quiet hours need to start and end at different times."))

        try app.environment.subscriptionClock.tick(now: sundayNineBST - 60)
        #expect(reminderMails(app).isEmpty, "not before its time")
        try app.environment.subscriptionClock.tick(now: sundayNineBST + 30)
        try app.environment.subscriptionClock.tick(now: sundayNineBST + 90)
        let mails = reminderMails(app)
        #expect(mails.count == 1)
        let mail = try #require(mails.first)
        #expect(mail.contains("Subject: A gentle reminder from Resett") && mail.contains("http://localhost/check-in"))
        #expect(!mail.lowercased().contains("mood") && !mail.contains("setback"))
        let off = try #require(mail.firstMatch(of: /List-Unsubscribe: <(http:\/\/localhost\/reminders\/off\?[^>]+)>/)).1
        #expect(mail.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"))
        // The next one is Monday at 09:00 BST.
        let stored = try app.environment.database.read { try $0.int(sql: "SELECT due_at FROM reminders WHERE kind = 'check-in'") }
        #expect(stored == sundayNineBST + 86_400)

        // The link: a GET only asks; a forged one is not found; the one click, with no session, turns it off; again, it has been used.
        let path = String(off.dropFirst("http://localhost".count))
        let visitor = app.browser()
        let asked = try visitor.get(path)
        #expect(asked.status == 200 && asked.text.contains("Turn off this reminder?") && asked.text.contains("your check-in reminder"))
        let forged = path.replacingOccurrences(of: "sig=", with: "sig=0").dropLast()
        #expect(try visitor.exchange("POST", String(forged), headers: ["Content-Type: application/x-www-form-urlencoded"],
                                     body: "List-Unsubscribe=One-Click").status == 404)
        let mailClient = app.browser()
        let done = try mailClient.exchange("POST", path, headers: ["Content-Type: application/x-www-form-urlencoded"], body: "List-Unsubscribe=One-Click")
        #expect(done.status == 200 && done.text.contains("Turned off"))
        #expect(try member.get("/account/reminders").text.contains("id=\"checkIn\" name=\"checkIn\" aria-describedby=\"checkIn-hint\">"))
        let again = try mailClient.exchange("POST", path, headers: ["Content-Type: application/x-www-form-urlencoded"], body: "List-Unsubscribe=One-Click")
        #expect(again.status == 410)
        // Turned on again, the old link no longer applies.
        #expect(try member.post("/account/reminders", [("checkIn", "on"), ("checkInTime", "09:00"), ("quietStart", "22:00"), ("quietEnd", "08:00")]).status == 303)
        #expect(try mailClient.exchange("POST", path, headers: ["Content-Type: application/x-www-form-urlencoded"], body: "List-Unsubscribe=One-Click").status == 410)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT enabled FROM reminders WHERE kind = 'check-in'") } == 1)
    }

    @Test func lateQuietAndCrowdedRemindersWait() throws {
        let app = try RunningApp()
        _ = try memberWithCheckInReminder(app)
        // The server was down all Sunday morning: more than an hour late, Sunday's is skipped, not sent; Monday's stands.
        try app.environment.subscriptionClock.tick(now: sundayNineBST + 3 * 3600)
        #expect(reminderMails(app).isEmpty)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT due_at FROM reminders WHERE kind = 'check-in'") } == sundayNineBST + 86_400)
        // A reminder found due in quiet hours (the member changed them meanwhile) waits until they end.
        let database = app.environment.database
        try database.write { try $0.execute(sql: "UPDATE accounts SET quiet_start = 480, quiet_end = 600") } // 08:00–10:00
        try app.environment.subscriptionClock.tick(now: sundayNineBST + 86_400 + 60)
        #expect(reminderMails(app).isEmpty)
        let waited = try #require(try database.read { try $0.int(sql: "SELECT due_at FROM reminders WHERE kind = 'check-in'") })
        #expect(waited == sundayNineBST + 86_400 + 3600) // Monday 10:00 BST
        // One an hour at most: reminded at 09:30 by another reminder, this one waits until 10:30.
        try database.write { try $0.execute(sql: "UPDATE accounts SET quiet_start = 1320, quiet_end = 480, reminded_at = ?",
                                            arguments: [waited - 1800]) }
        try app.environment.subscriptionClock.tick(now: waited)
        #expect(reminderMails(app).isEmpty)
        try app.environment.subscriptionClock.tick(now: waited + 1800)
        #expect(reminderMails(app).count == 1)
    }

    @Test func aHardSetbackIsFollowedUpTheNextMorningWhenAsked() throws {
        let app = try RunningApp()
        app.clock.set(saturdayNoonUTC)
        let member = app.browser()
        try member.signUp("follow.up@example.com")
        #expect(try member.post("/account/reminders", [("setback", "on"), ("checkInTime", "09:00"), ("quietStart", "22:00"), ("quietEnd", "08:00")]).status == 303)
        #expect(try member.post("/setbacks", [("kind", "job"), ("hurt", "5")]).status == 303)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT due_at FROM reminders WHERE kind = 'setback'") } == nil)
        #expect(try member.post("/setbacks", [("kind", "job"), ("hurt", "9")]).status == 303)
        let due = try #require(try app.environment.database.read { try $0.int(sql: "SELECT due_at FROM reminders WHERE kind = 'setback'") })
        #expect(due == sundayNineBST + 3600) // Sunday 10:00 BST
        try app.environment.subscriptionClock.tick(now: due + 10)
        let mail = try #require(reminderMails(app).first)
        #expect(!mail.contains("setback") && !mail.contains("job") && mail.contains("/check-in"))
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT due_at FROM reminders WHERE kind = 'setback'") } == nil)
    }

    /// Two nodes (two connections to one database, as two `resett serve` would be) run the scheduler at the same moment:
    /// every due reminder is sent exactly once.
    @Test func twoNodesSendEachReminderExactlyOnce() throws {
        let location = temporaryDatabasePath()
        let first = try RunningApp(database: location)
        first.clock.set(saturdayNoonUTC)
        let members = 8 // sign-ups from one address are limited to ten an hour
        for index in 0..<members {
            let member = first.browser()
            try member.signUp("node\(index)@example.com")
            #expect(try member.post("/account/reminders", [("checkIn", "on"), ("checkInTime", "09:00"), ("quietStart", "22:00"), ("quietEnd", "08:00")]).status == 303)
        }
        let second = try RunningApp(database: location)
        let links = first.environment.reminderLinks
        let sent = Mutex(0)
        let group = DispatchGroup()
        for app in [first, second, first, second] {
            let database = app.environment.database, mailer = app.environment.mailer, logger = app.environment.logger
            let now = sundayNineBST + 5
            DispatchQueue.global().async(group: group) {
                let count = (try? Reminders.sendDue(database: database, mailer: mailer, push: nil, links: links, now: now, logger: logger)) ?? 0
                sent.withLock { $0 += count }
            }
        }
        group.wait()
        // On SQLite the two may find the file busy and leave some for the next minute; nothing is sent twice, so one more
        // tick on each finishes the round.
        for app in [first, second] {
            let count = try Reminders.sendDue(database: app.environment.database, mailer: app.environment.mailer, push: nil, links: links,
                                              now: sundayNineBST + 65, logger: app.environment.logger)
            sent.withLock { $0 += count }
        }
        #expect(sent.withLock { $0 } == members)
        let recipients = (reminderMails(first) + reminderMails(second)).compactMap { $0.firstMatch(of: /To: (node\d+@example\.com)/).map { String($0.1) } }
        #expect(recipients.count == members && Set(recipients).count == members)
    }

    @Test func erasingTheAccountRemovesItsReminders() throws {
        let app = try RunningApp()
        let member = try memberWithCheckInReminder(app, "leaving.reminders@example.com")
        _ = try member.get("/account/data")
        #expect(try member.post("/account/delete", [("password", "a calm and steady passphrase")]).status == 200)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM reminders") } == 0)
    }
}
