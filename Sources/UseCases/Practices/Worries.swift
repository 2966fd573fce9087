import Domain
import Foundation
import Storage

/// Worry time: writing a worry down, sorting it with one question, its first step as an action, the parked ones
/// brought back one by one in the member's own window, and the window itself. Words and steps are sealed with the
/// tenant's data key, bound to the worry they belong to. Every change names the state it comes from, so a second tab
/// that is behind changes nothing.
public struct Worries: Sendable {
    let database: AppDatabase
    let vault: DataVault
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, vault: DataVault, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.vault = vault
        self.clock = clock
    }

    public enum Problem: Error, Equatable, Sendable {
        case empty
        case tooLong
        case stepNeeded
        case stepTooLong
        case dueInThePast
        case wordsCannotBeKept
        case notFound
        /// Already moved on (let go, made an action) by another tab.
        case alreadySorted
    }

    /// "Can I do something about this?": yes, no, or not answered yet.
    public enum Answer: Sendable, Equatable {
        case yes(step: String, due: Day?)
        case no
        case notYet
    }

    /// How many worries the "one by one" of worry time and the lists read at most.
    public static let listLimit = 200

    public var now: Int { clock() }

    public func write(_ member: MemberScope, text: String, answer: Answer) throws -> WorryID {
        let id = AppDatabase.newWorryID(), now = clock()
        let today = Day.of(now, in: member.account.timeZone)
        let state: WorryState, words: AppDatabase.WorryWords
        switch answer {
        case .yes(let step, let due):
            words = try seal(member, id, text, step: step, due: due, today: today)
            state = .action
        case .no, .notYet:
            words = try seal(member, id, text, step: nil, due: nil, today: today)
            state = answer == .no ? .parked : .open
        }
        try database.insertWorry(tenantID: member.tenantID, accountID: member.accountID, id: id, words, state: state.rawValue, day: today, now: now)
        return id
    }

    /// No: parked for worry time (from open, or kept from a parked one).
    public func park(_ member: MemberScope, _ id: WorryID) throws {
        try move(member, id, from: [.open], to: .parked, revisit: nil)
    }

    /// Yes (from open, or from parked in worry time): an action with its first step and perhaps a day.
    public func makeAction(_ member: MemberScope, _ id: WorryID, step: String, due: Day?) throws {
        guard let stored = try database.worry(tenantID: member.tenantID, accountID: member.accountID, id: id) else { throw Problem.notFound }
        guard ["open", "parked"].contains(stored.state) else { throw Problem.alreadySorted }
        let worry = open(stored, member)
        guard !worry.wordsUnreadable else { throw Problem.wordsCannotBeKept }
        let words = try seal(member, id, worry.text, step: step, due: due, today: Day.of(clock(), in: member.account.timeZone))
        guard try database.makeWorryAction(tenantID: member.tenantID, accountID: member.accountID, id: id, words, now: clock()) else {
            throw Problem.notFound
        }
    }

    /// In worry time: let it go.
    public func letGo(_ member: MemberScope, _ id: WorryID) throws {
        try move(member, id, from: [.parked, .open], to: .letGo, revisit: nil)
    }

    /// In worry time: keep it for tomorrow (not brought back before then).
    public func keepForTomorrow(_ member: MemberScope, _ id: WorryID) throws {
        let tomorrow = Day.of(clock(), in: member.account.timeZone).adding(days: 1)
        try move(member, id, from: [.parked], to: .parked, revisit: tomorrow)
    }

    public func setDone(_ member: MemberScope, _ id: WorryID, _ done: Bool) throws -> Bool {
        try database.setWorryActionDone(tenantID: member.tenantID, accountID: member.accountID, id: id, at: done ? clock() : nil, now: clock())
    }

    public func delete(_ member: MemberScope, _ id: WorryID) throws -> Bool {
        try database.deleteWorry(tenantID: member.tenantID, accountID: member.accountID, id: id)
    }

    private func move(_ member: MemberScope, _ id: WorryID, from: [WorryState], to state: WorryState, revisit: Day?) throws {
        guard try database.moveWorry(tenantID: member.tenantID, accountID: member.accountID, id: id, from: from.map(\.rawValue), to: state.rawValue,
                                     revisitDay: revisit, now: clock()) else {
            throw try database.worry(tenantID: member.tenantID, accountID: member.accountID, id: id) == nil ? Problem.notFound : Problem.alreadySorted
        }
    }

    public func worry(_ member: MemberScope, _ id: WorryID) throws -> Worry? {
        try database.worry(tenantID: member.tenantID, accountID: member.accountID, id: id).map { open($0, member) }
    }

    /// The member's worries in `states`, oldest first.
    public func list(_ member: MemberScope, _ states: [WorryState], limit: Int = listLimit) throws -> [Worry] {
        try database.worries(tenantID: member.tenantID, accountID: member.accountID, states: states.map(\.rawValue), limit: limit).map { open($0, member) }
    }

    /// What the worry page shows: the worry time, the unsorted and parked worries, and the actions not yet done.
    public func overview(_ member: MemberScope) throws -> WorryOverview {
        WorryOverview(time: try time(member), open: try list(member, [.open]), parked: try list(member, [.parked]),
                      actionsToDo: try database.actionsToDo(tenantID: member.tenantID, accountID: member.accountID))
    }

    public func counts(_ member: MemberScope) throws -> [WorryState: Int] {
        var counts: [WorryState: Int] = [:]
        for (state, count) in try database.worryCounts(tenantID: member.tenantID, accountID: member.accountID) {
            if let state = WorryState(rawValue: state) { counts[state] = count }
        }
        return counts
    }

    public func time(_ member: MemberScope) throws -> WorryTime? {
        try database.worryTime(tenantID: member.tenantID, accountID: member.accountID)
    }

    public func setTime(_ member: MemberScope, _ time: WorryTime?) throws {
        try database.setWorryTime(tenantID: member.tenantID, accountID: member.accountID, time, now: clock())
    }

    public func exportParts(_ member: MemberScope) throws -> [AccountExport.WorryPart] {
        try database.worries(tenantID: member.tenantID, accountID: member.accountID, states: WorryState.allCases.map(\.rawValue), limit: 100_000)
            .map { stored in
                let worry = open(stored, member)
                return AccountExport.WorryPart(
                    id: worry.id.rawValue, text: worry.wordsUnreadable ? CheckIns.unopened : worry.text, state: worry.state.rawValue,
                    step: worry.state == .action ? (worry.wordsUnreadable ? CheckIns.unopened : worry.step) : nil, dueDay: worry.dueDay?.description,
                    doneAt: worry.doneAt, revisitDay: worry.revisitDay?.description, day: worry.day.description, createdAt: worry.createdAt)
            }
    }

    private func seal(_ member: MemberScope, _ id: WorryID, _ text: String, step: String?, due: Day?, today: Day) throws -> AppDatabase.WorryWords {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !text.isEmpty else { throw Problem.empty }
        guard text.count <= Worry.textLimit else { throw Problem.tooLong }
        var sealedStep: String?
        let step = step?.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        if let step {
            guard !step.isEmpty else { throw Problem.stepNeeded }
            guard step.count <= Worry.stepLimit else { throw Problem.stepTooLong }
            if let due { guard due >= today else { throw Problem.dueInThePast } }
        }
        guard vault.canSeal else { throw Problem.wordsCannotBeKept }
        let sealedText = try vault.seal(text, tenantID: member.tenantID, context: Self.context(member, id, "worry"))
        if let step {
            let sealed = try vault.seal(step, tenantID: member.tenantID, context: Self.context(member, id, "step"))
            // Both under one key, as the schema keeps one key id per worry (a key turned over between the two is asked again).
            guard sealed.keyID == sealedText.keyID else { throw Problem.wordsCannotBeKept }
            sealedStep = sealed.sealed
        }
        return AppDatabase.WorryWords(sealedText: sealedText.sealed, keyID: sealedText.keyID, sealedStep: sealedStep, dueDay: step == nil ? nil : due)
    }

    func open(_ stored: AppDatabase.StoredWorry, _ member: MemberScope) -> Worry {
        let text = (try? vault.openIfPossible(stored.sealedText, keyID: stored.keyID, tenantID: member.tenantID,
                                              context: Self.context(member, stored.id, "worry"))) ?? nil
        let step = stored.sealedStep.flatMap {
            (try? vault.openIfPossible($0, keyID: stored.keyID, tenantID: member.tenantID, context: Self.context(member, stored.id, "step"))) ?? nil
        }
        return Worry(id: stored.id, text: text ?? "", state: WorryState(rawValue: stored.state) ?? .open, step: step ?? "", dueDay: stored.dueDay,
                     doneAt: stored.doneAt, revisitDay: stored.revisitDay, day: stored.day, createdAt: stored.createdAt,
                     wordsUnreadable: text == nil || (stored.sealedStep != nil && step == nil))
    }

    /// What sealed words belong to (the worry's words or its step): moved anywhere else, they do not open.
    static func context(_ member: MemberScope, _ id: WorryID, _ part: String) -> String {
        "resett \(part)\u{0}\(member.tenantID)\u{0}\(member.accountID)\u{0}\(id)"
    }
}
