import Domain
import Foundation
import Storage

/// Setbacks: the thirty-second log, editing and deleting one's own, moving on, and reading them back. Each is the
/// member's own: every read and write names their tenant and account, so another person's id finds nothing. Notes
/// are sealed with the tenant's data key before they reach storage, bound to the setback they belong to.
public struct Setbacks: Sendable {
    let database: AppDatabase
    let vault: DataVault
    public let guide: SetbackGuide
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, vault: DataVault, guide: SetbackGuide, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.vault = vault
        self.guide = guide
        self.clock = clock
    }

    public enum Problem: Error, Equatable, Sendable {
        case noteTooLong
        /// The server cannot seal words (no data key): a setback without a note can still be kept.
        case wordsCannotBeKept
        case inTheFuture
        case tooLongAgo
        case notFound
    }

    /// What a member writes when they log or change a setback.
    public struct Entry: Sendable, Equatable {
        public let kind: SetbackKind
        public let hurt: SetbackHurt
        public let note: String
        public let happenedAt: Int

        public init(kind: SetbackKind, hurt: SetbackHurt, note: String, happenedAt: Int) {
            self.kind = kind
            self.hurt = hurt
            self.note = note
            self.happenedAt = happenedAt
        }
    }

    /// How far back a setback may be logged: a year is plenty, and bounds every sum over them.
    public static let oldestDays = 366

    public var now: Int { clock() }

    public func log(_ member: MemberScope, _ entry: Entry) throws -> SetbackID {
        let id = AppDatabase.newSetbackID()
        let fields = try fields(member, id: id, entry, keeping: nil)
        // One that hurt 8 or more is followed up the next day, if the member has that reminder on.
        let followUp = Reminders.followUp(hurt: entry.hurt.value, now: clock(), timeZone: member.account.timeZone)
        try database.insertSetback(tenantID: member.tenantID, accountID: member.accountID, id: id, fields, now: clock(), followUpAt: followUp)
        return id
    }

    public func update(_ member: MemberScope, _ id: SetbackID, _ entry: Entry) throws {
        guard let stored = try database.setback(tenantID: member.tenantID, accountID: member.accountID, id: id) else { throw Problem.notFound }
        // Words this server cannot open are kept as they are when the form (which could not show them) sends none.
        let keep = entry.note.isEmpty && open(stored, member).wordsUnreadable ? stored : nil
        let fields = try fields(member, id: id, entry, keeping: keep)
        guard try database.updateSetback(tenantID: member.tenantID, accountID: member.accountID, id: id, fields, now: clock()) else {
            throw Problem.notFound
        }
    }

    private func fields(_ member: MemberScope, id: SetbackID, _ entry: Entry, keeping kept: AppDatabase.StoredSetback?) throws -> AppDatabase.SetbackFields {
        let note = entry.note.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard note.count <= Setback.noteLimit else { throw Problem.noteTooLong }
        let now = clock()
        guard entry.happenedAt <= now + 300 else { throw Problem.inTheFuture }
        guard entry.happenedAt >= now - Self.oldestDays * 86_400 else { throw Problem.tooLongAgo }
        var sealedNote = kept?.sealedNote, keyID = kept?.keyID
        if !note.isEmpty {
            guard vault.canSeal else { throw Problem.wordsCannotBeKept }
            let sealed = try vault.seal(note, tenantID: member.tenantID, context: Self.context(member, id))
            (sealedNote, keyID) = (sealed.sealed, sealed.keyID)
        }
        return AppDatabase.SetbackFields(kind: entry.kind.rawValue, hurt: entry.hurt.value, sealedNote: sealedNote, keyID: keyID,
                                         happenedAt: entry.happenedAt, happenedDay: Day.of(entry.happenedAt, in: member.account.timeZone))
    }

    public func delete(_ member: MemberScope, _ id: SetbackID) throws -> Bool {
        try database.deleteSetback(tenantID: member.tenantID, accountID: member.accountID, id: id)
    }

    /// "I've moved on from this": now, kept so the time it took can be shown. `false` undoes it.
    public func setMovedOn(_ member: MemberScope, _ id: SetbackID, _ movedOn: Bool) throws -> Bool {
        try database.setSetbackMovedOn(tenantID: member.tenantID, accountID: member.accountID, id: id, at: movedOn ? clock() : nil, now: clock())
    }

    /// The member's own setback, its note opened; nil for anyone else's.
    public func setback(_ member: MemberScope, _ id: SetbackID) throws -> Setback? {
        try database.setback(tenantID: member.tenantID, accountID: member.accountID, id: id).map { open($0, member) }
    }

    /// The list page: the newest `limit` setbacks of the last year, newest first (their notes left sealed: the list
    /// shows none), whether there are more, and today's small step.
    public func listing(_ member: MemberScope, limit: Int) throws -> (setbacks: [Setback], hasMore: Bool, step: TodaysStep) {
        let newest = try newest(member, limit: limit)
        return (newest.listed, newest.hasMore, try todaysStep(member, newest: newest))
    }

    /// The newest `limit` setbacks of the last year, as the list shows them: what the web keeps under the member's
    /// history version (which any change to their setbacks moves, in its transaction) until `holdsUntil`.
    public struct Newest: Sendable {
        /// Newest first, one more than are listed when there are more.
        let read: [Setback]
        let limit: Int
        /// When the oldest of them leaves the year the list covers: the list may change then with nothing written.
        public let holdsUntil: Int

        public var listed: [Setback] { Array(read.prefix(limit)) }
        public var hasMore: Bool { read.count > limit }
    }

    public func newest(_ member: MemberScope, limit: Int) throws -> Newest {
        let now = clock(), limit = max(1, min(limit, 1000))
        let read = try database.setbacks(tenantID: member.tenantID, accountID: member.accountID, since: now - Self.oldestDays * 86_400,
                                         limit: limit + 1).map { open($0, member, openNote: false) }
        return Newest(read: read, limit: limit, holdsUntil: (read.last?.happenedAt ?? now) + Self.oldestDays * 86_400)
    }

    /// Today's small step beside the list: its look-back is read again only when the newest do not reach past it;
    /// otherwise its setbacks are already among them.
    public func todaysStep(_ member: MemberScope, newest: Newest) throws -> TodaysStep {
        try todaysStep(member, now: clock()) { since in
            guard !newest.hasMore || newest.read.last.map({ $0.happenedAt < since }) == true else { return try lookBack(member, since: since) }
            return newest.read.filter { $0.happenedAt >= since }
        }
    }

    /// The member's setbacks of the last `days` days, newest first, notes opened.
    public func recent(_ member: MemberScope, days: Int, limit: Int = 200) throws -> [Setback] {
        try database.setbacks(tenantID: member.tenantID, accountID: member.accountID, since: clock() - max(0, min(days, 3660)) * 86_400, limit: limit)
            .map { open($0, member) }
    }

    /// Those of the member's days `first` through `last` (the calendar's day, a report's dates).
    public func between(_ member: MemberScope, _ first: Day, _ last: Day) throws -> [Setback] {
        try database.setbacks(tenantID: member.tenantID, accountID: member.accountID, from: first, through: last).map { open($0, member) }
    }

    func open(_ stored: AppDatabase.StoredSetback, _ member: MemberScope, openNote: Bool = true) -> Setback {
        var note = "", unreadable = false
        if openNote, let sealed = stored.sealedNote, let keyID = stored.keyID {
            let text = try? vault.openIfPossible(sealed, keyID: keyID, tenantID: member.tenantID, context: Self.context(member, stored.id))
            note = (text ?? nil) ?? ""
            unreadable = note.isEmpty
        }
        return Setback(id: stored.id, kind: SetbackKind(rawValue: stored.kind) ?? .other, hurt: SetbackHurt(stored.hurt) ?? .usual, note: note,
                       happenedAt: stored.happenedAt, day: stored.happenedDay, loggedAt: stored.createdAt, movedOnAt: stored.movedOnAt,
                       wordsUnreadable: unreadable)
    }

    /// What a sealed note belongs to: moved to another setback, person or tenant, it does not open.
    static func context(_ member: MemberScope, _ id: SetbackID) -> String {
        "resett setback note\u{0}\(member.tenantID)\u{0}\(member.accountID)\u{0}\(id)"
    }
}
