import Domain
import Storage

/// The day's small brave step: chosen by rule (`SmallBraveStep`), swapped, done or let go. No points and no streak.
extension Setbacks {
    public struct TodaysStep: Sendable, Equatable {
        public let step: SetbackGuide.Challenge
        /// What the member did with today's step, if anything yet.
        public let outcome: Outcome?
        /// Days they have done one on, ever: a fact, never a streak that breaks.
        public let daysTried: Int
    }

    public enum Outcome: String, Sendable, CaseIterable {
        case done, skipped
    }

    /// How far back the rule looks for the kind of step to suggest.
    static let stepLookbackDays = 7

    public func todaysStep(_ member: MemberScope) throws -> TodaysStep {
        try todaysStep(member, now: clock()) { since in try lookBack(member, since: since) }
    }

    /// Today's step, with the look-back's setbacks (those since the moment given) from `lookBack`, asked only when the
    /// rule has to choose.
    func todaysStep(_ member: MemberScope, now: Int, lookBack: (Int) throws -> [Setback]) throws -> TodaysStep {
        let today = Day.of(now, in: member.account.timeZone)
        let kept = try database.smallStep(tenantID: member.tenantID, accountID: member.accountID, day: today)
        let done = try database.smallStepDaysDone(tenantID: member.tenantID, accountID: member.accountID)
        // A step already done or let go today stays what it was, whatever has been logged since.
        if let id = kept?.stepID, let step = guide.challenge(id) {
            return TodaysStep(step: step, outcome: kept?.outcome.flatMap(Outcome.init(rawValue:)), daysTried: done)
        }
        let recent = try lookBack(now - Self.stepLookbackDays * 86_400)
        let step = SmallBraveStep.pick(guide: guide, recent: recent, doneBefore: done, day: today, swaps: kept?.swaps ?? 0)
        return TodaysStep(step: step, outcome: nil, daysTried: done)
    }

    /// The setbacks the step's rule looks at: those since `since`, newest first, notes left sealed.
    func lookBack(_ member: MemberScope, since: Int) throws -> [Setback] {
        try database.setbacks(tenantID: member.tenantID, accountID: member.accountID, since: since, limit: Self.stepLookbackLimit)
            .map { open($0, member, openNote: false) }
    }

    static let stepLookbackLimit = 500

    /// Another step for today.
    public func swapStep(_ member: MemberScope) throws {
        try database.swapSmallStep(tenantID: member.tenantID, accountID: member.accountID, day: Day.of(clock(), in: member.account.timeZone),
                                   now: clock())
    }

    /// Today's step done or let go. Only a step the guide has can be named.
    public func settleStep(_ member: MemberScope, stepID: String, _ outcome: Outcome) throws -> Bool {
        guard guide.challenge(stepID) != nil else { return false }
        try database.settleSmallStep(tenantID: member.tenantID, accountID: member.accountID, day: Day.of(clock(), in: member.account.timeZone),
                                     stepID: stepID, outcome: outcome.rawValue, now: clock())
        return true
    }
}
