import Domain
import Testing
@testable import UseCases

@Suite("Rules: the free resets a day")
struct ResetAllowanceRules {
    /// A reset counts once its second step is reached (a look at the first step is free).
    @Test func threeFreeResetsADayThenTheFourthIsRefusedUntilTomorrow() throws {
        let rules = try RulesFixture()
        let member = try rules.member("allowance@example.com")
        let resets = rules.library.resets(for: "stressed")
        #expect(resets.count >= 4)
        for reset in resets.prefix(3) {
            guard case .started(let id) = try rules.runs.start(member, reset: reset) else { Issue.record("\(reset.id) was refused"); return }
            #expect(try rules.runs.reach(member, try rules.runs.run(member, id).0, step: 2))
        }
        #expect(try rules.runs.start(member, reset: resets[3]) == .limitReached)
        #expect(try rules.runs.allowance(member) == .remaining(0, of: 3))
        // Today's unfinished reset of one already started is resumed, not charged again.
        guard case .resumed = try rules.runs.start(member, reset: resets[0]) else { Issue.record("not resumed"); return }

        rules.advance(24 * 3600)
        guard case .started = try rules.runs.start(member, reset: resets[3]) else { Issue.record("a new day is refused"); return }
    }

    @Test func anotherPersonsRunIsNotFound() throws {
        let rules = try RulesFixture()
        let owner = try rules.member("owner@example.com"), other = try rules.member("other@example.com")
        let elsewhere = try rules.member("elsewhere@example.com", tenant: "elsewhere")
        guard case .started(let run) = try rules.runs.start(owner, reset: rules.library.resets(for: "tired")[0]) else {
            Issue.record("not started"); return
        }
        #expect(throws: UseCaseError.notFound) { try rules.runs.run(other, run) }
        #expect(throws: UseCaseError.notFound) { try rules.runs.run(elsewhere, run) }
        #expect(try rules.runs.run(owner, run).0.typedID == run)
    }

    /// The home page and a reset's intro read today in one statement: the allowance, today's unfinished runs (newest
    /// first; finished ones, other days' and other people's left out) and the mood after the latest rated reset.
    @Test func todayIsTheAllowanceTheUnfinishedRunsNewestFirstAndTheLastMood() throws {
        let rules = try RulesFixture()
        let member = try rules.member("today@example.com"), other = try rules.member("someone@example.com")
        let resets = rules.library.resets(for: "stressed")
        var empty = try rules.runs.today(member, withLastMood: true)
        #expect(empty.allowance == .remaining(3, of: 3) && empty.unfinished.isEmpty && empty.lastMood == nil)
        func started(_ who: MemberScope, _ reset: Reset) throws -> Run {
            guard case .started(let id) = try rules.runs.start(who, reset: reset) else { throw UseCaseError.notFound }
            rules.advance(60)
            return try rules.runs.run(who, id).0
        }
        _ = try started(member, resets[3])
        rules.advance(24 * 3600)  // yesterday's unfinished run is not today's
        let first = try started(member, resets[0])
        let second = try started(member, resets[1])
        #expect(try rules.runs.reach(member, second, step: 2))
        let rated = try started(member, resets[2])
        #expect(try rules.runs.reach(member, rated, step: 2))
        try rules.runs.finish(member, rated, completed: false)
        try rules.runs.rate(member, try rules.runs.run(member, rated.typedID).0, mood: 6)
        _ = try started(other, resets[0])
        let today = try rules.runs.today(member, withLastMood: true)
        #expect(today.allowance == .remaining(1, of: 3))
        #expect(today.unfinished.map(\.0.typedID) == [second.typedID, first.typedID])
        #expect(today.unfinished.map(\.1.id) == [resets[1].id, resets[0].id])
        #expect(today.lastMood == 6)
        empty = try rules.runs.today(member)
        #expect(empty.lastMood == nil, "asked for only when wanted")
    }
}
