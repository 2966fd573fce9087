@testable import Domain
import Foundation
@testable import Storage
import Testing
@testable import UseCases

/// The insights read only the setbacks some rule looks at; what they say must be what the whole year says.
struct SetbackInsightsReads {
    @Test(arguments: [7, 31, 97])
    func theInsightsFromWhatTheyReadAreTheInsightsOfTheWholeYear(seed: UInt64) throws {
        let fixture = try RulesFixture()
        let guide = SetbackRules.guide, setbacks = try fixture.setbacks()
        let ana = try fixture.member("ana@example.com")
        var random = SeededRandom(seed: seed)
        let now = fixture.clock(), kinds = SetbackKind.allCases
        // A year of setbacks at random moments, some noting a ghosting, about half moved on after up to forty days.
        for _ in 0..<150 {
            let happened = now - Int(random.next() % UInt64(365 * 86_400))
            let note = random.next() % 3 == 0 ? "They went silent again" : ""
            let id = try setbacks.log(ana, .init(kind: kinds[Int(random.next() % UInt64(kinds.count))], hurt: .usual, note: note, happenedAt: happened))
            if random.next() % 2 == 0 {
                let movedOn = min(now, happened + Int(random.next() % UInt64(40 * 86_400)))
                try fixture.database.write { try $0.execute(sql: "UPDATE setbacks SET moved_on_at = ? WHERE id = ?", arguments: [movedOn, id]) }
            }
        }
        let insights = try setbacks.insights(ana)
        let year = try setbacks.recent(ana, days: Setbacks.oldestDays, limit: Setbacks.insightLimit)
        let zone = ana.account.timeZone, today = Day.of(now, in: zone)
        let weekStart = today.adding(days: -today.weekdayFromMonday)
        #expect(insights.total == year.count)
        #expect(insights.patterns == SetbackPatterns.of(year, rules: guide.patterns, now: now, timeZone: zone))
        #expect(insights.week == SetbackWeek.of(year, from: weekStart, through: today, timeZone: zone))
        #expect(insights.months == Setbacks.months(year, today: today, timeZone: zone))
        #expect(insights.months.contains { $0.movedOn > 0 }, "the data reach the months shown, so the comparison says something")
    }
}

/// The list page reads its newest setbacks once and takes the small step's look-back from them when they reach past
/// it: the step must be the one its own look-back gives, also when the newest do not reach that far.
struct SetbackListReads {
    /// (kind, hours ago), newest first in each case.
    static let cases: [[(SetbackKind, Int)]] = [
        // Three this week: the list holds every one.
        [(.job, 2), (.dating, 30), (.dating, 50)],
        // Forty in two days: the thirty-one newest lean to job, the forty to dating; only a second read sees that.
        (0..<16).map { (.job, $0 + 1) } + (0..<15).map { (.dating, $0 + 17) } + (0..<9).map { (.dating, $0 + 32) },
        // Forty over eighty days: the newest reach past the week.
        (0..<40).map { (SetbackKind.allCases[$0 % 3], $0 * 48 + 1) },
    ]

    @Test(arguments: 0..<3)
    func theListsStepIsTheStepOfItsOwnLookBack(_ number: Int) throws {
        let fixture = try RulesFixture()
        let setbacks = try fixture.setbacks()
        let ana = try fixture.member("ana@example.com")
        for (kind, hoursAgo) in Self.cases[number] {
            _ = try setbacks.log(ana, .init(kind: kind, hurt: .usual, note: "", happenedAt: fixture.clock() - hoursAgo * 3600))
        }
        let listing = try setbacks.listing(ana, limit: 30)
        let recent = try setbacks.recent(ana, days: Setbacks.oldestDays, limit: 31)
        let step = try setbacks.todaysStep(ana)
        #expect(listing.step == step)
        #expect(listing.setbacks.map(\.id) == recent.prefix(30).map(\.id))
        #expect(listing.hasMore == (recent.count > 30))
        if number == 1 {
            let newestOnly = SmallBraveStep.kind(recent: Array(recent.prefix(31)))
            let lookBack = try setbacks.lookBack(ana, since: fixture.clock() - 7 * 86_400)
            #expect(newestOnly == .job && SmallBraveStep.kind(recent: lookBack) == .dating, "the case tells the two reads apart")
        }
    }
}

/// SplitMix64: the same setbacks for the same seed, so a failure can be run again.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
