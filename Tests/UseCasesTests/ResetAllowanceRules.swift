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
}
