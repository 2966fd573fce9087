import Domain
import Cryptography
import Storage

/// Moderation, for a tenant's moderators and admins; for everyone else it does not exist. Authors appear only
/// as pseudonyms, stable within the tenant and leading back to nobody. Every action and its audit line are one
/// transaction.
public struct Moderation: Sendable {
    let database: AppDatabase
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.clock = clock
    }


    /// An HMAC of the account id under the tenant's own pseudonym key (random, never shown, used for nothing
    /// else): the same person always gets the same name here, and without the key nothing leads back to them.
    /// 48 bits, shown as "Member 7F3A-9C21-0B44", so guessing which member is which by trying ids is hopeless.
    public static func pseudonym(_ accountID: AccountID?, tenant: Tenant) -> String {
        guard let accountID else { return "A former member" }
        let mac = Digest.hmacSHA256(key: Array(tenant.settings.pseudonymKey.utf8), message: Array(accountID.rawValue.utf8))
        // "Member 1A2B-3C4D-5E6F" from the first six bytes, written byte by byte (a queue page names dozens).
        var text = Array("Member ".utf8)
        text.reserveCapacity(21)
        let digits = Array("0123456789ABCDEF".utf8)
        for (index, byte) in mac.prefix(6).enumerated() {
            if index > 0 && index % 2 == 0 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    public struct Queue: Sendable {
        public let sections: Sections
        public let restrictions: [RestrictionItem]
        public let topicNames: [String: String]
    }

    /// The member's scope if they may moderate; `.notFound` for everyone else.
    public func admit(_ member: MemberScope) throws -> MemberScope {
        try member.asModerator()
    }

    /// The queue as a moderator sees it: the first `first` posts of each section (every post of `whole`), oldest
    /// first, and the restrictions in force.
    public func queue(_ member: MemberScope, first: Int, whole: ModerationQueueSection?) throws -> Queue {
        let overview = try database.moderationOverview(tenantID: try member.asModerator().tenantID, now: clock(), first: first, whole: whole)
        return Queue(sections: Sections(overview.sections), restrictions: overview.restrictions,
                     topicNames: Dictionary(uniqueKeysWithValues: overview.topics.map { ($0.slug, $0.name) }))
    }

    private func entry(_ moderator: MemberScope, _ action: String, post: PostID? = nil, note: String) -> AuditEntry {
        moderator.auditEntry(action, post: post, note: note, at: clock())
    }

    public func approve(_ member: MemberScope, post: PostID, note: String) throws {
        try moderate(member, post: post, .approve, "Approved post", note: note)
    }

    public func hide(_ member: MemberScope, post: PostID, note: String) throws {
        try moderate(member, post: post, .hide, "Hid post", note: note)
    }

    private func moderate(_ member: MemberScope, post: PostID, _ action: AppDatabase.ModerationAction, _ what: String,
                          note: String) throws {
        let moderator = try member.asModerator()
        guard try database.moderate(tenantID: moderator.tenantID, postID: post, action: action,
                                    audit: entry(moderator, what, post: post, note: note)) else { throw UseCaseError.notFound }
    }

    /// Whether a post can be deleted (so a confirmation is only ever shown for one).
    public func requireDeletable(_ member: MemberScope, post: PostID) throws {
        let moderator = try member.asModerator()
        guard try database.isModeratable(tenantID: moderator.tenantID, postID: post) else { throw UseCaseError.notFound }
    }

    public func delete(_ member: MemberScope, post: PostID, note: String) throws {
        try moderate(member, post: post, .delete, "Deleted post", note: note)
    }

    /// Whether a post's author can be restricted (the post and its author still exist).
    public func requireRestrictable(_ member: MemberScope, post: PostID) throws {
        let moderator = try member.asModerator()
        guard try database.authorOfPost(tenantID: moderator.tenantID, postID: post) != nil else { throw UseCaseError.notFound }
    }

    /// The lengths a restriction can have: a day, a week, a month, or until lifted.
    public enum RestrictionLength: Int, Sendable, CaseIterable {
        case untilLifted = 0, day = 1, week = 7, month = 30
    }

    public func restrictAuthor(_ member: MemberScope, post: PostID, for length: RestrictionLength, note: String) throws {
        let moderator = try member.asModerator()
        let days = length.rawValue
        let action = length == .untilLifted ? "Restricted posting until lifted" : "Restricted posting for \(days) day\(days == 1 ? "" : "s")"
        let audit = entry(moderator, action, note: note)
        let tenant = moderator.tenant
        guard try database.restrictAuthor(tenantID: tenant.id, postID: post,
                                          until: length == .untilLifted ? nil : audit.at + days * 86400,
                                          reason: note.isEmpty ? "Community guidelines" : audit.note, audit: audit,
                                          subject: { Self.pseudonym($0, tenant: tenant) })
        else { throw UseCaseError.notFound }
    }

    public func lift(_ member: MemberScope, restriction: RestrictionID, note: String) throws {
        let moderator = try member.asModerator()
        let tenant = moderator.tenant
        guard try database.liftRestriction(tenantID: tenant.id, id: restriction,
                                           audit: entry(moderator, "Lifted posting restriction", note: note),
                                           subject: { Self.pseudonym($0, tenant: tenant) })
        else { throw UseCaseError.notFound }
    }

    public func audit(_ member: MemberScope, filter: AuditFilter = AuditFilter(limit: 10_000)) throws -> [AuditLine] {
        try database.audit(tenantID: try member.asModerator().tenantID, filter: filter)
    }

    public func auditChoices(_ member: MemberScope) throws -> (actions: [String], moderators: [String]) {
        try database.auditChoices(tenantID: try member.asModerator().tenantID)
    }

    /// The queue in the order moderators work it: posts whose authors may be at risk first, then reported posts, then
    /// the rest (held for a watched word, hidden); each oldest first, with how many each holds in all.
    public struct Sections: Sendable {
        public let atRisk: QueueSectionItems
        public let reported: QueueSectionItems
        public let others: QueueSectionItems

        init(_ sections: [ModerationQueueSection: QueueSectionItems]) {
            atRisk = sections[.atRisk] ?? .init()
            reported = sections[.reported] ?? .init()
            others = sections[.others] ?? .init()
        }

        public var isEmpty: Bool { atRisk.count + reported.count + others.count == 0 }
    }

    /// Waiting too long: held for safety past the tenant's response time, or reported more than 48 hours ago.
    public static func isOverdue(_ item: ModerationItem, tenant: Tenant, now: Int) -> Bool {
        overdueAfter(item, tenant: tenant).map { now > $0 } ?? false
    }

    /// The moment after which a waiting post is overdue (see `isOverdue`); nil if it never is.
    public static func overdueAfter(_ item: ModerationItem, tenant: Tenant) -> Int? {
        if item.heldFor == "safety" { return item.createdAt + tenant.settings.atRiskResponseMinutes * 60 }
        return item.oldestOpenReportAt.map { $0 + OverdueReminders.reportAge }
    }
}
