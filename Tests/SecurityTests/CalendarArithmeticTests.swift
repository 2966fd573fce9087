import Foundation
import Testing
@testable import Domain

@Suite("Days, month grids and streaks")
struct CalendarArithmeticTests {
    func day(_ text: String) -> Day { Day(text)! }

    @Test func daysRoundTripAndKnowTheirWeekday() {
        for ordinal in stride(from: -800_000, through: 3_000_000, by: 997) {
            let day = Day(ordinal: ordinal)
            #expect(day.ordinal == ordinal)
            // Written digit by digit for years 0–9999, padded Strings otherwise: the same text either way.
            #expect(day.description == Digits.padded(day.year, 4) + "-" + Digits.padded(day.month, 2) + "-" + Digits.padded(day.day, 2))
            if (1...9999).contains(day.year) { #expect(Day(day.description) == day) }
        }
        #expect(day("1970-01-01").ordinal == 0)
        #expect(day("2026-11-22").weekdayFromMonday == 6, "a Sunday")
        #expect(day("2026-11-23").weekdayFromMonday == 0, "a Monday")
        #expect(day("2026-11-22").longText == "Sunday 22 November 2026")
        #expect(day("2028-02-28").adding(days: 1) == day("2028-02-29"))
        #expect(day("2026-02-28").adding(days: 1) == day("2026-03-01"))
        #expect(day("2026-12-31").adding(days: 1) == day("2027-01-01"))
    }

    @Test func leapYearsAndInvalidDates() {
        #expect(Day.isLeap(2028) && Day.isLeap(2000) && !Day.isLeap(2100) && !Day.isLeap(2026))
        #expect(Day("2028-02-29") != nil && Day("2026-02-29") == nil && Day("2100-02-29") == nil)
        for bad in ["2026-13-01", "2026-00-10", "2026-04-31", "2026-1-1", "20261122", "", "abcd-ef-gh"] {
            #expect(Day(bad) == nil, "\(bad)")
        }
    }

    @Test func monthGridsStartOnTheChosenDay() {
        // November 2026 begins on a Sunday.
        let monday = MonthGrid.weeks(year: 2026, month: 11, weekStartsOnSunday: false)
        #expect(monday.first?.prefix(6).allSatisfy { $0 == nil } == true)
        #expect(monday.first?[6] == day("2026-11-01"))
        #expect(monday.count == 6)
        let sunday = MonthGrid.weeks(year: 2026, month: 11, weekStartsOnSunday: true)
        #expect(sunday.first?.first == day("2026-11-01"))
        #expect(sunday.count == 5)
        #expect(MonthGrid.weekdays(weekStartsOnSunday: true).first == "Sunday")
        // A leap February has 29 days, an ordinary one 28.
        #expect(MonthGrid.weeks(year: 2028, month: 2, weekStartsOnSunday: false).flatMap { $0 }.compactMap { $0 }.count == 29)
        #expect(MonthGrid.weeks(year: 2026, month: 2, weekStartsOnSunday: false).flatMap { $0 }.compactMap { $0 }.count == 28)
        #expect(MonthGrid.weeks(year: 2026, month: 2, weekStartsOnSunday: false).allSatisfy { $0.count == 7 })
    }

    @Test func streakEdgeCases() {
        let today = day("2026-11-22")
        #expect(Streaks.of(days: [], today: today) == (0, 0))
        #expect(Streaks.of(days: [today], today: today) == (1, 1))
        // Yesterday counts: today may still come, and no one is told off for an unfinished day.
        #expect(Streaks.of(days: [day("2026-11-20"), day("2026-11-21")], today: today) == (2, 2))
        #expect(Streaks.of(days: [day("2026-11-19"), day("2026-11-20")], today: today) == (0, 2))
        // Across a month and a year end, with duplicates and disorder.
        let days = [day("2025-12-30"), day("2025-12-31"), day("2026-01-01"), day("2026-01-01"), day("2026-10-31"),
                    day("2026-11-01"), day("2026-11-22"), day("2026-11-21")]
        #expect(Streaks.of(days: days.shuffled(), today: today) == (2, 3))
        // A leap day joins February to March.
        #expect(Streaks.of(days: [day("2028-02-28"), day("2028-02-29"), day("2028-03-01")], today: day("2028-03-01")) == (3, 3))
    }

    @Test func tintsFollowTheAverageMood() {
        func tint(_ moods: [Int]) -> Int? {
            DaySummary(day: Day("2026-01-01")!, runs: max(1, moods.count), rated: moods.count, moodTotal: moods.reduce(0, +)).tint
        }
        #expect(tint([]) == nil)
        #expect(tint([1]) == 1 && tint([2]) == 1 && tint([3]) == 2 && tint([5]) == 3 && tint([8]) == 4 && tint([10]) == 5)
        #expect(tint([1, 10]) == 3)
    }
}

@Suite("Money")
struct MoneyTests {
    @Test func formatsEveryAmountWithoutTrapping() {
        #expect(Money(minor: 199, currency: "GBP").formatted == "£1.99")
        #expect(Money(minor: -5, currency: "EUR").formatted == "-€0.05")
        #expect(Money(minor: Int.min, currency: "USD").formatted == "-$92233720368547758.08")
        #expect(Money(minor: Int.max, currency: "USD").formatted == "$92233720368547758.07")
    }
}

@Suite("Local days and numbers as text, without Foundation's formatter")
struct LocalDayAndDigitsTests {
    @Test func localDaysFollowTheZonesOffsetIncludingSummerTime() {
        // 23:30 UTC on 28 March 2026 is already the 29th in Tokyo, still the 28th in London (GMT) and in New York.
        let instant = 1_774_740_600  // 2026-03-28T23:30:00Z
        #expect(LocalDay.of(instant, in: "Asia/Tokyo") == "2026-03-29")
        #expect(LocalDay.of(instant, in: "Europe/London") == "2026-03-28")
        #expect(LocalDay.of(instant, in: "America/New_York") == "2026-03-28")
        #expect(LocalDay.time(instant, in: "Europe/London") == "23:30")
        // After the clocks go forward (01:00 UTC on the 29th), London is an hour ahead of UTC.
        #expect(LocalDay.time(instant + 2 * 3600, in: "Europe/London") == "02:30")
        #expect(LocalDay.of(-1, in: "UTC") == "1969-12-31" && LocalDay.time(-1, in: "UTC") == "23:59")
        #expect(LocalDay.of(0, in: "No/Such_Zone") == "1970-01-01", "an unknown zone falls back to London")
    }

    @Test func digitsArePaddedAndRounded() {
        #expect(Digits.padded(7, 2) == "07" && Digits.padded(2026, 4) == "2026" && Digits.padded(123, 2) == "123")
        #expect(Digits.oneDecimal(6.25) == "6.3" && Digits.oneDecimal(6.0) == "6.0" && Digits.oneDecimal(-0.04) == "0.0")
        #expect(Digits.oneDecimal(-1.26) == "-1.3" && Digits.oneDecimal(110.0) == "110.0")
        #expect(Day(year: 5, month: 1, day: 9)?.description == "0005-01-09")
    }

    /// The offsets read once per zone agree with the system's own answer for every instant we try: either side of
    /// each change, and across the years, in zones with summer time, without it, with half hours and south of the
    /// equator.
    @Test(arguments: ["Europe/London", "America/New_York", "Australia/Adelaide", "Asia/Kolkata", "Pacific/Chatham", "America/Sao_Paulo",
                      "Africa/Casablanca", "UTC", "Not/AZone"])
    func zoneOffsetsMatchTheSystem(_ name: String) {
        let zone = LocalDay.zone(name), offsets = ZoneOffsets(zone)
        func system(_ epoch: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epoch))) }
        var epoch = 0
        while epoch < ZoneOffsets.end {
            #expect(offsets.offset(at: epoch) == system(epoch), "\(name) at \(epoch)")
            epoch += 86_400 * 7 + 3_607
        }
        var after = Date(timeIntervalSince1970: 1_700_000_000)
        for _ in 0..<12 {
            guard let change = zone.nextDaylightSavingTimeTransition(after: after) else { break }
            let at = Int(change.timeIntervalSince1970)
            for instant in [at - 1, at, at + 1] { #expect(offsets.offset(at: instant) == system(instant), "\(name) at \(instant)") }
            after = change
        }
        #expect(offsets.offset(at: -1) == nil && offsets.offset(at: ZoneOffsets.end) == nil)
        #expect(LocalDay.wallClock(-86_400 * 400, name) == -86_400 * 400 + system(-86_400 * 400), "before 1970 the system answers")
    }

    /// A moment read from the zone's offsets is the wall clock the system's calendar gives for that instant, before
    /// 1970, across clock changes, and past 2100 (where the system is asked directly).
    @Test(arguments: ["Europe/London", "Pacific/Chatham", "America/St_Johns", "UTC"])
    func momentsAreTheSystemCalendarsWallClock(_ zone: String) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        for epoch in stride(from: -3 * 86_400 - 7, through: 4_200_000_000, by: 1_234_567) {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(epoch)))
            let moment = LocalMoment(epoch, in: zone)
            #expect(moment.day.description == String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!), "\(epoch)")
            #expect(moment.clockText == String(format: "%02d:%02d", parts.hour!, parts.minute!), "\(epoch)")
            #expect(Day.of(epoch, in: zone) == moment.day && LocalDay.hour(epoch, in: zone) == parts.hour!)
        }
    }
}
