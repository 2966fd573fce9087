import Domain
import Storage

/// Playing resets: starting a run within the day's free allowance, its steps, finishing and rating it. A run
/// is its owner's: for anyone else, in the same tenant or another, it does not exist.
public struct Runs: Sendable {
    let database: AppDatabase
    let library: ResetLibrary
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, library: ResetLibrary, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.library = library
        self.clock = clock
    }

    /// Which reset a run was of: the library's or the organisation's own.
    private var choices: ResetChoices { ResetChoices(database: database, library: library, clock: clock) }

    /// What pressing Start came to.
    public enum Start: Sendable, Equatable {
        case started(RunID)
        /// Today's unfinished run of the same reset, to carry on at the step it reached.
        case resumed(RunID, step: Int)
        case limitReached
    }

    /// Starts `reset`, or resumes today's unfinished run of it (which costs nothing more). A new run is refused only
    /// when today's free resets are used up; the day is the member's local day, fixed now. `moodBefore` is optional
    /// and already bounded by the caller.
    public func start(_ member: MemberScope, reset: Reset, moodBefore: Int? = nil) throws -> Start {
        let now = clock()
        let zone = member.account.timeZone
        switch try database.startRun(tenantID: member.tenantID, accountID: member.accountID, reset: reset, now: now,
                                     localDay: LocalDay.of(now, in: zone), localTime: LocalDay.time(now, in: zone),
                                     moodBefore: moodBefore) {
        case .started(let run): return .started(run.typedID)
        case .resumed(let run):
            // An organisation's reset may have lost steps since the run began.
            return .resumed(run.typedID, step: min(max(1, run.stepsReached), reset.steps.count))
        case .limitReached: return .limitReached
        }
    }

    /// Today's free resets left, today's unfinished runs with their resets (newest first) and the mood after the latest
    /// rated reset: one read.
    public func today(_ member: MemberScope) throws -> Today {
        let now = clock()
        let (allowance, runs, lastMood, changesAt) = try database.today(tenantID: member.tenantID, accountID: member.accountID,
                                                                        localDay: LocalDay.of(now, in: member.account.timeZone), now: now)
        return Today(allowance: allowance, unfinished: try runs.compactMap { run in try choices.played(member.tenant, id: run.resetID).map { (run, $0) } },
                     lastMood: lastMood, holdsUntil: changesAt)
    }

    /// The member's local hour now (0–23), for a greeting.
    public func hour(_ member: MemberScope) -> Int { LocalDay.hour(clock(), in: member.account.timeZone) }

    /// The member's run and its reset (hidden or unpublished since, it can still be finished); `.notFound` for anyone
    /// else's run.
    public func run(_ member: MemberScope, _ id: RunID) throws -> (Run, Reset) {
        guard let run = try database.run(tenantID: member.tenantID, accountID: member.accountID, id: id),
              let reset = try choices.played(member.tenant, id: run.resetID)
        else { throw UseCaseError.notFound }
        return (run, reset)
    }

    /// Remembers the furthest step shown (1-based, already checked against the reset's steps). False when going
    /// past the first step would need a free reset and none are left today.
    public func reach(_ member: MemberScope, _ run: Run, step: Int) throws -> Bool {
        try database.reachStep(tenantID: member.tenantID, accountID: member.accountID, id: run.typedID, step: step,
                               now: clock()) == .allowed
    }

    /// Complete (from the last step) or finish early; a second press changes nothing.
    public func finish(_ member: MemberScope, _ run: Run, completed: Bool) throws {
        _ = try database.finishRun(tenantID: member.tenantID, accountID: member.accountID, id: run.typedID, completed: completed, now: clock())
    }

    /// Rates a finished run once; `.conflict` for an unfinished or already rated run.
    public func rate(_ member: MemberScope, _ run: Run, mood: Int) throws {
        guard run.isFinished else { throw UseCaseError.conflict("This reset hasn’t finished yet, so it can’t be rated.") }
        guard try database.rateRun(tenantID: member.tenantID, accountID: member.accountID, id: run.typedID, mood: mood) else {
            throw UseCaseError.conflict("You’ve already told us how you felt after this reset.")
        }
    }
}
