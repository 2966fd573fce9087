import Domain
import Foundation
import Logging
import Storage

/// The weekly digest page (the last seven days, last week's intention, a field for the next) and its opt-in email,
/// which carries a link only: no mood, no words, nothing about how the week went.
public struct WeeklyDigest: Sendable {
    let database: AppDatabase
    let vault: DataVault
    let checkIns: CheckIns
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, vault: DataVault, checkIns: CheckIns, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.vault = vault
        self.checkIns = checkIns
        self.clock = clock
    }

    public struct Page: Sendable {
        public let digest: WeekDigest
        /// Set during last week, for this one.
        public let lastWeeksIntention: String?
        /// Set this week, for the next.
        public let intention: String
        public let emailOn: Bool
    }

    public enum Problem: Error, Equatable, Sendable {
        case tooLong
        case wordsCannotBeKept
    }

    public static let intentionLimit = 280

    public func page(_ member: MemberScope, runs: [Run], resetNames: [String: String]) throws -> Page {
        let today = checkIns.today(member)
        let week = try checkIns.checkIns(member, from: today.adding(days: -6), through: today)
        let thisWeek = WeekDigest.weekStart(of: today)
        return Page(digest: WeekDigest.of(checkIns: week, runs: runs, resetNames: resetNames, today: today),
                    lastWeeksIntention: try intention(member, weekStart: thisWeek.adding(days: -7)),
                    intention: try intention(member, weekStart: thisWeek) ?? "",
                    emailOn: try database.digestEmail(tenantID: member.tenantID, accountID: member.accountID))
    }

    public func setIntention(_ member: MemberScope, _ text: String) throws {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count <= Self.intentionLimit else { throw Problem.tooLong }
        let week = WeekDigest.weekStart(of: checkIns.today(member))
        var sealed: (text: String, keyID: String)?
        // An intention this server cannot open is never cleared by a form that could not show it.
        if text.isEmpty, let stored = try database.intention(tenantID: member.tenantID, accountID: member.accountID, weekStart: week),
           try vault.openIfPossible(stored.sealed, keyID: stored.keyID, tenantID: member.tenantID, context: Self.context(member, week)) == nil {
            throw Problem.wordsCannotBeKept
        }
        if !text.isEmpty {
            guard vault.canSeal else { throw Problem.wordsCannotBeKept }
            let box = try vault.seal(text, tenantID: member.tenantID, context: Self.context(member, week))
            sealed = (box.sealed, box.keyID)
        }
        try database.setIntention(tenantID: member.tenantID, accountID: member.accountID, weekStart: week, sealed: sealed, now: clock())
    }

    public func setEmail(_ member: MemberScope, on: Bool) throws {
        try database.setDigestEmail(tenantID: member.tenantID, accountID: member.accountID, on: on,
                                    thisWeek: WeekDigest.weekStart(of: checkIns.today(member)))
    }

    /// Every intention, opened, for the person's export.
    public func exportParts(_ member: MemberScope) throws -> [AccountExport.IntentionPart] {
        try database.intentions(tenantID: member.tenantID, accountID: member.accountID).map {
            AccountExport.IntentionPart(weekStarting: $0.weekStart.description,
                                        intention: try vault.openIfPossible($0.sealed, keyID: $0.keyID, tenantID: member.tenantID,
                                                                            context: Self.context(member, $0.weekStart)) ?? CheckIns.unopened)
        }
    }

    private func intention(_ member: MemberScope, weekStart: Day) throws -> String? {
        guard let stored = try database.intention(tenantID: member.tenantID, accountID: member.accountID, weekStart: weekStart) else {
            return nil
        }
        return try vault.openIfPossible(stored.sealed, keyID: stored.keyID, tenantID: member.tenantID, context: Self.context(member, weekStart))
    }

    static func context(_ member: MemberScope, _ week: Day) -> String {
        "resett intention\u{0}\(member.tenantID)\u{0}\(member.accountID)\u{0}\(week)"
    }

    /// Sends each week's email once to everyone who asked for it, when their own week has begun (run by the clock, on
    /// one node at a time; the claim in the database keeps it to once even so). Reads only those due: each is then
    /// sent, or looked at again when their next week begins in their zone as it is now. Returns how many went.
    @discardableResult
    public static func sendDue(database: AppDatabase, mailer: any Mailer, page: @Sendable (Tenant) -> String, now: Int,
                               logger: Logger) throws -> Int {
        var sent = 0
        // Each one read is moved past now (sent or postponed), so every batch is new; the bound is against a row that
        // would not move (another node changing it between the read and the move).
        for _ in 0..<batchesPerTick {
            let batch = try database.digestsDue(now: now, limit: batchSize)
            for recipient in batch {
                let week = WeekDigest.weekStart(of: Day.of(now, in: recipient.timeZone))
                let lastSent = recipient.sentWeek.flatMap(Day.init)
                let due = recipient.isActive && (lastSent.map { $0 < week } ?? true)
                // The week after this one, or after the one last sent (a zone further west can be a week behind it).
                let following = max(week, lastSent ?? week).adding(days: 7)
                let next = max(now + 60, LocalDay.start(of: following, in: recipient.timeZone))
                guard due, let tenant = try database.tenant(id: recipient.tenantID, withUnlimitedEmails: false),
                      try database.claimDigest(recipient, week: week, nextDueAt: next) else {
                    try database.postponeDigest(recipient, until: next)
                    continue
                }
                try mailer.send(Mail(to: recipient.email, subject: "Your week in \(tenant.name)",
                                     body: "Your look back at the week is ready whenever you’d like it:\n\(page(tenant))\n\n"
                                         + "You can turn these emails off on that page.\n"))
                sent += 1
            }
            if batch.count < batchSize { break }
        }
        if sent > 0 { logger.notice("weekly digest emails sent", metadata: ["mails": "\(sent)"]) }
        return sent
    }

    static let batchSize = 200
    /// At most 20,000 emails a minute; any more wait for the next.
    static let batchesPerTick = 100
}
