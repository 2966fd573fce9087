import Domain
import Storage

/// Practices: beginning one (its mood before, the timer's minutes and pace), finishing it (its mood after), and reading
/// them back. Free and never counted against the three resets a day. Only the member's own: another id finds nothing.
public struct Practices: Sendable {
    let database: AppDatabase
    public let library: PracticeLibrary
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, library: PracticeLibrary, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.library = library
        self.clock = clock
    }

    public enum Problem: Error, Equatable, Sendable {
        case unknownPractice
        case minutesOutOfRange
        case unknownPace
    }

    /// Begins `slug`: a guided practice lasts its own minutes; the timer takes the member's minutes and pace.
    public func start(_ member: MemberScope, _ slug: String, moodBefore: Int?, minutes: Int? = nil, pace: String? = nil) throws -> PracticeSessionID {
        guard let practice = library.practice(slug) else { throw Problem.unknownPractice }
        var chosenMinutes = practice.minutes, chosenPace: String?
        if practice.kind == .timer {
            guard let minutes, PracticeLibrary.timerMinutes.contains(minutes) else { throw Problem.minutesOutOfRange }
            guard let pace, library.pace(pace) != nil else { throw Problem.unknownPace }
            (chosenMinutes, chosenPace) = (minutes, pace)
        }
        let now = clock(), id = AppDatabase.newPracticeSessionID()
        let session = PracticeSession(id: id, practice: slug, minutes: chosenMinutes, pace: chosenPace,
                                      moodBefore: moodBefore.flatMap { (1...10).contains($0) ? $0 : nil }, moodAfter: nil,
                                      day: Day.of(now, in: member.account.timeZone), startedAt: now, finishedAt: nil)
        try database.startPracticeSession(tenantID: member.tenantID, accountID: member.accountID, session)
        return id
    }

    /// Done: kept as finished (the first Done counts), with the mood after if given. False for anyone else's session.
    public func finish(_ member: MemberScope, _ id: PracticeSessionID, moodAfter: Int?) throws -> Bool {
        try database.finishPracticeSession(tenantID: member.tenantID, accountID: member.accountID, id: id,
                                           moodAfter: moodAfter.flatMap { (1...10).contains($0) ? $0 : nil }, now: clock())
    }

    public func session(_ member: MemberScope, _ id: PracticeSessionID) throws -> PracticeSession? {
        try database.practiceSession(tenantID: member.tenantID, accountID: member.accountID, id: id)
    }

    /// The member's finished sessions on their days `first` through `last`.
    public func between(_ member: MemberScope, _ first: Day, _ last: Day) throws -> [PracticeSession] {
        try database.practiceSessions(tenantID: member.tenantID, accountID: member.accountID, from: first, through: last)
    }

    public func exportParts(_ member: MemberScope) throws -> [AccountExport.PracticeSessionPart] {
        try database.practiceSessions(tenantID: member.tenantID, accountID: member.accountID).map(AccountExport.PracticeSessionPart.init)
    }

    public var now: Int { clock() }
}
