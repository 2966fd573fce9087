import Cryptography
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
        let vault = DataVault(database: fixture.database, masterKey: try MasterKey(bytes: SecureRandom.bytes(32)), clock: fixture.clock)
        let guide = SetbackRules.guide
        let setbacks = Setbacks(database: fixture.database, vault: vault, guide: guide, clock: fixture.clock)
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
