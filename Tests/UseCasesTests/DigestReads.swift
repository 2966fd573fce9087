import Domain
import Foundation
import Logging
@testable import Storage
import Synchronization
import Testing
@testable import UseCases

/// The minute's clock and the weekly email (`WeeklyDigest.sendDue`): each person's email goes once, when their own week
/// has begun, never to an account the organisation has turned off; and the clock reads only those due, by an index,
/// never everyone who asked for it. The members' own reminders are read the same way.
struct DigestReads {
    /// Saturday 21 November 2026 in London; the next week begins on Monday 23 November, 00:00 (UTC then too).
    static let monday = 1_795_392_000

    @Test func theEmailGoesOnceWhenEachPersonsWeekBeginsAndNeverToATurnedOffAccount() throws {
        let fixture = try RulesFixture()
        let london = try fixture.member("ana@example.com"), auckland = try fixture.member("cy@example.com")
        let turnedOff = try fixture.member("bo@example.com")
        try fixture.database.setTimeZone(tenantID: auckland.tenantID, accountID: auckland.accountID, timeZone: "Pacific/Auckland")
        let now = fixture.clock(), mailer = Outbox()
        for (member, zone) in [(london, "Europe/London"), (auckland, "Pacific/Auckland"), (turnedOff, "Europe/London")] {
            try fixture.database.setDigestEmail(tenantID: member.tenantID, accountID: member.accountID, on: true,
                                                thisWeek: WeekDigest.weekStart(of: Day.of(now, in: zone)))
        }
        try fixture.database.write { db in
            try db.execute(sql: "UPDATE accounts SET deactivated_at = ? WHERE id = ?", arguments: [now, turnedOff.accountID])
        }
        func send(at moment: Int) throws -> [String] {
            let before = mailer.sent.count
            try WeeklyDigest.sendDue(database: fixture.database, mailer: mailer, page: { _ in "https://resett.example/insights/week" },
                                     now: moment, logger: Logger(label: "test"))
            return mailer.sent.dropFirst(before).map(\.to)
        }
        func dueAt(_ member: MemberScope) throws -> Int? {
            try fixture.database.read { try $0.row(sql: "SELECT digest_due_at FROM accounts WHERE id = ?", arguments: [member.accountID]) }?["digest_due_at"]
        }

        // Turned on this week: this week counts as sent, and each is looked at again when their next week begins.
        #expect(try send(at: now).isEmpty)
        #expect(try dueAt(london) == Self.monday)
        #expect(try dueAt(auckland) == Self.monday - 13 * 3600, "Monday begins at 11:00 UTC on Sunday in Auckland (summer time)")
        #expect(try fixture.database.digestsDue(now: Self.monday - 13 * 3600 - 1, limit: 10).isEmpty, "nobody is read before they are due")

        #expect(try send(at: Self.monday - 13 * 3600) == ["cy@example.com"])
        #expect(try fixture.database.digestsDue(now: Self.monday - 1, limit: 10).isEmpty)
        #expect(try send(at: Self.monday) == ["ana@example.com"], "the turned-off account gets none")
        #expect(try send(at: Self.monday + 60).isEmpty, "once a week, however often the clock ticks")
        #expect(try dueAt(london) == Self.monday + 7 * 86_400)
        #expect(try dueAt(turnedOff) == Self.monday + 7 * 86_400, "a turned-off account is looked at once a week, not every minute")

        // A new zone is looked at the next minute and goes by its own week from then on; turned off, never again.
        try fixture.database.setTimeZone(tenantID: london.tenantID, accountID: london.accountID, timeZone: "America/New_York")
        #expect(try send(at: Self.monday + 120).isEmpty, "this week's has gone")
        #expect(try dueAt(london) == Self.monday + 7 * 86_400 + 5 * 3600)
        try fixture.database.setDigestEmail(tenantID: auckland.tenantID, accountID: auckland.accountID, on: false, thisWeek: Day.of(now, in: "UTC"))
        #expect(try dueAt(auckland) == nil)
        #expect(try send(at: Self.monday + 14 * 86_400) == ["ana@example.com"])
    }

    @Test func theClockFindsWhatIsDueByAnIndex() throws {
        let fixture = try RulesFixture()
        for (sql, index) in [(AppDatabase.digestsDueSQL, "accounts_digest_due"), (AppDatabase.dueRemindersSQL, "reminders_due")] {
            let plan = try fixture.database.read { db in
                try db.rows(sql: "EXPLAIN QUERY PLAN " + sql, arguments: [0, 10]).map { $0["detail"] as String }
            }
            #expect(plan.first?.hasPrefix("SEARCH") == true && plan.first?.contains("INDEX \(index) ") == true, "\(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN") || $0.contains("TEMP B-TREE") }, "\(sql): \(plan)")
        }
    }
}

/// What was sent, kept for the test to read.
private final class Outbox: Mailer, Sendable {
    private let mails = Mutex<[Mail]>([])
    var sent: [Mail] { mails.withLock { $0 } }
    func send(_ mail: Mail) throws { mails.withLock { $0.append(mail) } }
}
