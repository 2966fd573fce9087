import Domain
import Foundation
import Storage

/// Glimmers: keeping one in seconds, changing or deleting it, browsing by month, and the glimmer of the day. The
/// words are sealed with the tenant's data key, bound to the glimmer they belong to.
public struct Glimmers: Sendable {
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
        case wordsCannotBeKept
        case notFound
    }

    public func keep(_ member: MemberScope, text: String, kind: GlimmerKind?) throws -> GlimmerID {
        let id = AppDatabase.newGlimmerID(), now = clock()
        let sealed = try seal(member, id, text)
        try database.insertGlimmer(tenantID: member.tenantID, accountID: member.accountID, id: id, sealedText: sealed.sealed, keyID: sealed.keyID,
                                   kind: kind?.rawValue, day: Day.of(now, in: member.account.timeZone), now: now)
        return id
    }

    public func update(_ member: MemberScope, _ id: GlimmerID, text: String, kind: GlimmerKind?) throws {
        let sealed = try seal(member, id, text)
        guard try database.updateGlimmer(tenantID: member.tenantID, accountID: member.accountID, id: id, sealedText: sealed.sealed,
                                         keyID: sealed.keyID, kind: kind?.rawValue, now: clock()) else { throw Problem.notFound }
    }

    public func delete(_ member: MemberScope, _ id: GlimmerID) throws -> Bool {
        try database.deleteGlimmer(tenantID: member.tenantID, accountID: member.accountID, id: id)
    }

    public func glimmer(_ member: MemberScope, _ id: GlimmerID) throws -> Glimmer? {
        try database.glimmer(tenantID: member.tenantID, accountID: member.accountID, id: id).map { open($0, member) }
    }

    /// Those kept on the member's days `first` through `last`, newest first.
    public func between(_ member: MemberScope, _ first: Day, _ last: Day, limit: Int = 1000) throws -> [Glimmer] {
        try database.glimmers(tenantID: member.tenantID, accountID: member.accountID, from: first, through: last, limit: limit).map { open($0, member) }
    }

    /// The months with glimmers in them (their first days) and how many, newest first.
    public func months(_ member: MemberScope) throws -> [(month: Day, count: Int)] {
        try database.glimmerMonths(tenantID: member.tenantID, accountID: member.accountID)
    }

    /// One of the member's own glimmers kept at least a week ago, the same all day; nil until there is one.
    public func ofTheDay(_ member: MemberScope) throws -> Glimmer? {
        let today = Day.of(clock(), in: member.account.timeZone)
        let stored = try database.glimmerOfTheDay(tenantID: member.tenantID, accountID: member.accountID,
                                                  keptBy: today.adding(days: -Glimmer.dayOfTheGlimmerAge)) {
            GlimmerOfTheDay.index(count: $0, day: today, accountID: member.accountID)
        }
        return stored.map { open($0, member) }.flatMap { $0.wordsUnreadable ? nil : $0 }
    }

    public func exportParts(_ member: MemberScope) throws -> [AccountExport.GlimmerPart] {
        try database.glimmers(tenantID: member.tenantID, accountID: member.accountID, from: Day(ordinal: 0), through: Day(year: 9999, month: 12, day: 31) ?? Day(ordinal: 0),
                              limit: 100_000).reversed().map { stored in
            let glimmer = open(stored, member)
            return AccountExport.GlimmerPart(id: glimmer.id.rawValue, text: glimmer.wordsUnreadable ? CheckIns.unopened : glimmer.text,
                                             kind: glimmer.kind?.rawValue, day: glimmer.day.description, createdAt: glimmer.createdAt)
        }
    }

    private func seal(_ member: MemberScope, _ id: GlimmerID, _ text: String) throws -> (keyID: String, sealed: String) {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !text.isEmpty else { throw Problem.empty }
        guard text.count <= Glimmer.textLimit else { throw Problem.tooLong }
        guard vault.canSeal else { throw Problem.wordsCannotBeKept }
        return try vault.seal(text, tenantID: member.tenantID, context: Self.context(member, id))
    }

    func open(_ stored: AppDatabase.StoredGlimmer, _ member: MemberScope) -> Glimmer {
        let text = (try? vault.openIfPossible(stored.sealedText, keyID: stored.keyID, tenantID: member.tenantID, context: Self.context(member, stored.id))) ?? nil
        return Glimmer(id: stored.id, text: text ?? "", kind: stored.kind.flatMap(GlimmerKind.init(rawValue:)), day: stored.day,
                       createdAt: stored.createdAt, wordsUnreadable: text == nil)
    }

    /// What sealed words belong to: moved to another glimmer, person or tenant, they do not open.
    static func context(_ member: MemberScope, _ id: GlimmerID) -> String {
        "resett glimmer\u{0}\(member.tenantID)\u{0}\(member.accountID)\u{0}\(id)"
    }
}
