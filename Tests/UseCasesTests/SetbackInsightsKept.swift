@testable import Domain
import Foundation
@testable import Storage
import Testing
@testable import UseCases

/// The patterns page keeps a person's setback insights until `holdsUntil` (and while their history version and day
/// stand): worked out again at any moment before it, on the same day, they must say the same.
struct SetbackInsightsKept {
    @Test(arguments: [3, 11, 29])
    func theInsightsSayTheSameUntilTheyMayNot(seed: UInt64) throws {
        let fixture = try RulesFixture()
        let setbacks = try fixture.setbacks()
        let ana = try fixture.member("ana@example.com")
        var random = SeededRandom(seed: seed)
        let start = fixture.clock()
        // A year of setbacks, half of them on the same weekday (so the weekday pattern speaks, its counts moving as each
        // leaves its window), most of the dating ones noting a ghosting, most moved on from after up to three weeks.
        for index in 0..<120 {
            let daysAgo = Int(random.next() % 360), onTheDay = index % 2 == 0 ? daysAgo - daysAgo % 7 : daysAgo
            let happened = start - onTheDay * 86_400 - Int(random.next() % 86_400)
            let kind: SetbackKind = random.next() % 3 == 0 ? .job : (random.next() % 2 == 0 ? .dating : .social)
            let note = kind == .dating && random.next() % 4 != 0 ? "They stopped replying" : ""
            let id = try setbacks.log(ana, .init(kind: kind, hurt: .usual, note: note, happenedAt: happened))
            if random.next() % 4 != 0 {
                // A few moved on from "later" than now, as a node whose clock runs ahead would write.
                let movedOn = min(start + Int(random.next() % UInt64(20 * 86_400)), happened + Int(random.next() % UInt64(21 * 86_400)))
                try fixture.database.write { try $0.execute(sql: "UPDATE setbacks SET moved_on_at = ? WHERE id = ?", arguments: [movedOn, id]) }
            }
        }
        var checked = 0, changedAtAnEdge = 0
        // A walk from edge to edge over half a year, as the clock would move under a kept page.
        for _ in 0..<120 {
            let now = fixture.clock(), kept = try setbacks.insights(ana)
            #expect(kept.holdsUntil >= now)
            guard kept.holdsUntil < now + 30 * 86_400 else { fixture.advance(86_400); continue }
            // Just before the edge, and at a moment between: the same, on the same day.
            for moment in [now + Int(random.next() % UInt64(max(1, kept.holdsUntil - now))), kept.holdsUntil - 1] where moment > now {
                fixture.advance(moment - fixture.clock())
                let again = try setbacks.insights(ana)
                if again.today == kept.today {
                    #expect(again == kept, "seed \(seed): worked out at \(moment), kept from \(now) until \(kept.holdsUntil)")
                    checked += 1
                }
            }
            // Just past it, something may have left a window.
            fixture.advance(kept.holdsUntil + 1 - fixture.clock())
            let after = try setbacks.insights(ana)
            if after.today == kept.today, after != kept { changedAtAnEdge += 1 }
        }
        #expect(checked > 50, "the walk compares on the same day often enough to mean something (\(checked))")
        #expect(changedAtAnEdge > 10, "edges are where the insights change, so the walk tests them (\(changedAtAnEdge))")
    }
}
