import Testing
@testable import Domain

/// When reminders fall due on a member's own clock: across zones and the clocks changing, and quiet hours.
@Suite("Reminder times")
struct ReminderScheduleTests {
    let saturdayNoonUTC = 1_774_699_200 // 2026-03-28 12:00 UTC; the UK's clocks go forward at 01:00 the next morning

    @Test func aDailyTimeIsTheNextOnTheMembersClockAcrossTheClocksGoingForward() {
        let first = ReminderSchedule.next(after: saturdayNoonUTC, minute: 9 * 60, in: "Europe/London", quiet: nil)
        #expect(first == 1_774_771_200) // Sunday 09:00 BST = 08:00 UTC
        #expect(ReminderSchedule.next(after: first, minute: 9 * 60, in: "Europe/London", quiet: nil) == 1_774_857_600)
        // Kolkata has no clock changes and a half-hour offset: 18:00 IST on the same day is 12:30 UTC.
        #expect(ReminderSchedule.next(after: saturdayNoonUTC, minute: 18 * 60, in: "Asia/Kolkata", quiet: nil) == 1_774_701_000)
        // New York's clocks went forward two weeks earlier: 07:00 EDT is 11:00 UTC, tomorrow since it has passed today.
        #expect(ReminderSchedule.next(after: saturdayNoonUTC, minute: 7 * 60, in: "America/New_York", quiet: nil) == 1_774_782_000)
    }

    @Test func aSkippedTimeComesOnceAfterTheGapAndARepeatedOneOnceAtTheFirst() {
        // 01:30 does not exist in London on 29 March 2026: the reminder comes once, just after the gap (01:00–01:59 UTC).
        let halfPastMidnight = 1_774_744_200 // 00:30 UTC = 00:30 GMT
        let skipped = ReminderSchedule.next(after: halfPastMidnight, minute: 90, in: "Europe/London", quiet: nil)
        #expect((1_774_746_000...1_774_749_600).contains(skipped))
        #expect(ReminderSchedule.next(after: skipped, minute: 90, in: "Europe/London", quiet: nil) - skipped >= 82_800) // a 23-hour day
        // 01:30 happens twice on 25 October 2026 (BST, then GMT): the first, 00:30 UTC, and not again that night.
        let autumnSaturday = 1_792_843_200 // 2026-10-24 12:00 UTC
        let repeated = ReminderSchedule.next(after: autumnSaturday, minute: 90, in: "Europe/London", quiet: nil)
        #expect(repeated == 1_792_888_200)
        #expect(ReminderSchedule.next(after: repeated, minute: 90, in: "Europe/London", quiet: nil) - repeated > 86_400)
    }

    @Test func quietHoursMoveATimeToWhenTheyEnd() {
        let quiet = QuietHours.standard // 22:00 to 08:00
        #expect(quiet.contains(23 * 60) && quiet.contains(0) && quiet.contains(7 * 60 + 59))
        #expect(!quiet.contains(8 * 60) && !quiet.contains(21 * 60 + 59))
        #expect(ReminderSchedule.next(after: saturdayNoonUTC, minute: 23 * 60, in: "Europe/London", quiet: quiet) == 1_774_771_200 - 3600)
        let daytime = QuietHours(startMinute: 9 * 60, endMinute: 17 * 60)!
        #expect(daytime.contains(12 * 60) && !daytime.contains(18 * 60))
        #expect(QuietHours(startMinute: 600, endMinute: 600) == nil && QuietHours(startMinute: 1440, endMinute: 0) == nil)
    }
}
