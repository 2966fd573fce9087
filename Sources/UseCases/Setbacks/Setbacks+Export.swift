import Domain
import Storage

/// Everything kept about a member's setbacks and small brave steps, opened for them alone.
extension Setbacks {
    public func exportParts(_ member: MemberScope) throws -> [AccountExport.SetbackPart] {
        try database.setbacks(tenantID: member.tenantID, accountID: member.accountID, since: Int.min / 2, limit: 100_000).reversed().map { stored in
            let setback = open(stored, member)
            return AccountExport.SetbackPart(id: setback.id.rawValue, kind: setback.kind.rawValue, hurt: setback.hurt.value,
                                             hurtWords: setback.hurt.words, note: setback.wordsUnreadable ? CheckIns.unopened : setback.note,
                                             happenedAt: setback.happenedAt, happenedDay: setback.day.description, loggedAt: setback.loggedAt,
                                             movedOnAt: setback.movedOnAt)
        }
    }

    public func smallStepParts(_ member: MemberScope) throws -> [AccountExport.SmallStepPart] {
        try database.smallSteps(tenantID: member.tenantID, accountID: member.accountID).map {
            AccountExport.SmallStepPart(day: $0.day.description, step: $0.stepID.flatMap { guide.challenge($0)?.title } ?? $0.stepID,
                                        outcome: $0.outcome, swaps: $0.swaps)
        }
    }
}
