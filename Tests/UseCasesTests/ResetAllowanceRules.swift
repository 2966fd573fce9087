import Domain
import Testing
import Storage
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
        #expect(try rules.runs.today(member).allowance == .remaining(0, of: 3))
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
        let empty = try rules.runs.today(member)
        #expect(empty.allowance == .remaining(3, of: 3) && empty.unfinished.isEmpty && empty.lastMood == nil && empty.holdsUntil == nil)
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
        let today = try rules.runs.today(member)
        #expect(today.allowance == .remaining(1, of: 3))
        #expect(today.unfinished.map(\.0.typedID) == [second.typedID, first.typedID])
        #expect(today.unfinished.map(\.1.id) == [resets[1].id, resets[0].id])
        #expect(today.lastMood == 6)
        #expect(today.holdsUntil == nil, "only the data can change a day without a subscription")
    }

    /// A page keeps `Today` until the data changes or `holdsUntil`: a subscription that is live forever (until an
    /// event) has no such time; a cancelled one is unlimited until its paid period ends, a lapsed payment until its
    /// grace ends, and then the day's free resets are back without anything written.
    @Test func todaySaysUntilWhenTheClockAloneKeepsItsAllowance() throws {
        let rules = try RulesFixture()
        let member = try rules.member("subscriber@example.com"), tenant = member.tenantID
        let now = rules.clock(), periodEnd = now + 3 * 24 * 3600
        func event(_ id: String, _ kind: PaymentEvent.Kind, periodEnd: Int? = nil, graceUntil: Int? = nil) throws {
            let event = PaymentEvent(id: id, kind: kind, accountID: member.accountID, amount: Money(minor: 199, currency: "GBP"),
                                     periodEnd: periodEnd, graceUntil: graceUntil)
            #expect(try rules.database.applyPaymentEvent(tenantID: tenant, event: event, now: rules.clock()))
        }
        try event("evt-paid", .checkoutPaid, periodEnd: periodEnd)
        var today = try rules.runs.today(member)
        #expect(today.allowance == .unlimited && today.holdsUntil == nil)
        #expect(try rules.database.cancelSubscription(tenantID: tenant, accountID: member.accountID, now: rules.clock()))
        today = try rules.runs.today(member)
        #expect(today.allowance == .unlimited && today.holdsUntil == periodEnd)
        #expect(today.holds(at: periodEnd - 1) && !today.holds(at: periodEnd))
        rules.advance(periodEnd - now)
        today = try rules.runs.today(member)
        #expect(today.allowance == .remaining(3, of: 3) && today.holdsUntil == nil, "the paid time is over")
        #expect(try rules.database.resumeSubscription(tenantID: tenant, accountID: member.accountID, now: rules.clock()) == false)

        let lapsing = try rules.member("lapsing@example.com"), graceUntil = rules.clock() + 7 * 24 * 3600
        let paid = PaymentEvent(id: "evt-paid-2", kind: .checkoutPaid, accountID: lapsing.accountID, amount: Money(minor: 199, currency: "GBP"),
                                periodEnd: rules.clock() + 60)
        #expect(try rules.database.applyPaymentEvent(tenantID: tenant, event: paid, now: rules.clock()))
        let failed = PaymentEvent(id: "evt-failed", kind: .renewalFailed, accountID: lapsing.accountID, amount: Money(minor: 199, currency: "GBP"),
                                  graceUntil: graceUntil)
        #expect(try rules.database.applyPaymentEvent(tenantID: tenant, event: failed, now: rules.clock()))
        today = try rules.runs.today(lapsing)
        #expect(today.allowance == .unlimited && today.holdsUntil == graceUntil)
    }
}
