import Cryptography
import Domain
import Logging
import Storage

/// Reminders a member chooses (Account → Reminders): a daily check-in at their time, their worry time, a kind follow-up
/// the day after a setback that hurt 8 or more, and the weekly email. All off until turned on; by email, neutral (no
/// mood, words or setback in it, only a link: someone else may see the inbox), never in quiet hours, never more than one
/// an hour, and each with a one-click way to turn it off that needs no sign-in.
public struct Reminders: Sendable {
    let database: AppDatabase
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.clock = clock
    }

    /// The reminders page's values.
    public struct Settings: Sendable, Equatable {
        public var checkIn = false
        /// Minutes after midnight; 09:00 until chosen.
        public var checkInMinute = 9 * 60
        public var worryTime = false
        /// The member's worry time's start, when they have one (its reminder comes then).
        public var worryStartMinute: Int?
        public var setback = false
        public var digest = false
        public var quiet = QuietHours.standard
        /// Whether reminders come by email (on until turned off); they also come to every device the member allows.
        public var byEmail = true

        public init() {}
    }

    public func settings(_ member: MemberScope) throws -> Settings {
        let stored = try database.reminderSettings(tenantID: member.tenantID, accountID: member.accountID)
        var settings = Settings()
        for reminder in stored.reminders where reminder.enabled {
            switch reminder.kind {
            case .checkIn: settings.checkIn = true
            case .worryTime: settings.worryTime = true
            case .setback: settings.setback = true
            }
        }
        if let minute = stored.reminders.first(where: { $0.kind == .checkIn })?.minute { settings.checkInMinute = minute }
        settings.worryStartMinute = stored.worryTime?.startMinute
        settings.digest = stored.digestEmail
        settings.quiet = stored.quiet
        settings.byEmail = stored.byEmail
        return settings
    }

    /// Saves the page in one transaction, with each daily reminder's next time worked out on the member's clock.
    public func save(_ member: MemberScope, _ settings: Settings) throws {
        let now = clock(), zone = member.account.timeZone
        let worryStart = try database.worryTime(tenantID: member.tenantID, accountID: member.accountID)?.startMinute
        let choices = [
            AppDatabase.ReminderChoice(kind: .checkIn, enabled: settings.checkIn, minute: settings.checkInMinute,
                                       dueAt: ReminderSchedule.next(after: now, minute: settings.checkInMinute, in: zone, quiet: settings.quiet)),
            AppDatabase.ReminderChoice(kind: .worryTime, enabled: settings.worryTime && worryStart != nil, minute: nil,
                                       dueAt: worryStart.map { ReminderSchedule.next(after: now, minute: $0, in: zone, quiet: settings.quiet) }),
            // A setback's follow-up is due only once one is logged.
            AppDatabase.ReminderChoice(kind: .setback, enabled: settings.setback, minute: nil, dueAt: nil),
        ]
        try database.saveReminders(tenantID: member.tenantID, accountID: member.accountID, choices, quiet: settings.quiet,
                                   byEmail: settings.byEmail, digest: settings.digest, thisWeek: WeekDigest.weekStart(of: Day.of(now, in: zone)))
    }

    /// When a setback that hurt this much is followed up: 10:00 the next day on the member's clock.
    public static func followUp(hurt: Int, now: Int, timeZone: String) -> Int? {
        guard hurt >= 8 else { return nil }
        let tomorrow = Day.of(now, in: timeZone).adding(days: 1)
        return LocalMoment(day: tomorrow, hour: 10, minute: 0).epoch(in: timeZone)
    }

    // MARK: The one-click "turn this off"

    /// What a reminder email's "turn this off" link carries: whose, which, and which version, signed with the
    /// organisation's own secret, so nobody can make one for someone else and an old one stops working once the
    /// reminder has been turned on again.
    public struct OffLink: Sendable, Equatable {
        public let accountID: AccountID
        public let kind: ReminderKind
        public let version: Int
        public let signature: String

        public init(accountID: AccountID, kind: ReminderKind, version: Int, signature: String) {
            self.accountID = accountID
            self.kind = kind
            self.version = version
            self.signature = signature
        }

        static func sign(_ tenant: Tenant, _ accountID: AccountID, _ kind: ReminderKind, _ version: Int) -> String {
            let message = "resett reminder off\u{0}\(tenant.id)\u{0}\(accountID)\u{0}\(kind.rawValue)\u{0}\(version)"
            return Hex.encode(Digest.hmacSHA256(key: Array(tenant.settings.pseudonymKey.utf8), message: Array(message.utf8)))
        }

        public static func make(_ tenant: Tenant, _ accountID: AccountID, _ kind: ReminderKind, _ version: Int) -> OffLink {
            OffLink(accountID: accountID, kind: kind, version: version, signature: sign(tenant, accountID, kind, version))
        }

        public var query: String { "account=\(accountID)&r=\(kind.linkCode)&v=\(version)&sig=\(signature)" }

        public func isGenuine(for tenant: Tenant) -> Bool {
            !tenant.settings.pseudonymKey.isEmpty && Digest.constantTimeEqual(signature, Self.sign(tenant, accountID, kind, version))
        }
    }

    public enum OffOutcome: Sendable, Equatable {
        case turnedOff(ReminderKind)
        /// A genuine link for a reminder already off, or on again since (an older email's link).
        case noLongerApplies
        case forged
    }

    public func turnOff(_ tenant: Tenant, _ link: OffLink) throws -> OffOutcome {
        guard link.isGenuine(for: tenant) else { return .forged }
        return try database.turnOffReminder(tenantID: tenant.id, accountID: link.accountID, kind: link.kind, version: link.version)
            ? .turnedOff(link.kind) : .noLongerApplies
    }

    // MARK: Sending

    /// Absolute links for reminder emails, built from configuration by the web layer.
    public struct Links: Sendable {
        public let open: @Sendable (Tenant, ReminderKind) -> String
        public let off: @Sendable (Tenant, OffLink) -> String

        public init(open: @escaping @Sendable (Tenant, ReminderKind) -> String, off: @escaping @Sendable (Tenant, OffLink) -> String) {
            self.open = open
            self.off = off
        }
    }

    /// Sends every reminder that has fallen due (run by the clock each minute), by email and to the member's devices.
    /// Each is claimed in the database before it is sent, so two ticks or two nodes never send one twice; one found more
    /// than an hour late is skipped; one in quiet hours, or within an hour of the last, waits. Returns how many went.
    @discardableResult
    public static func sendDue(database: AppDatabase, mailer: any Mailer, push: PushReminders?, links: Links, now: Int,
                               logger: Logger) throws -> Int {
        var sent = 0
        for due in try database.dueReminders(now: now, limit: 500) {
            let zone = due.timeZone
            let next: Int? = switch due.kind {
            case .checkIn: ReminderSchedule.next(after: now, minute: due.minute ?? 9 * 60, in: zone, quiet: due.quiet)
            case .worryTime: due.worryStartMinute.map { ReminderSchedule.next(after: now, minute: $0, in: zone, quiet: due.quiet) }
            case .setback: nil
            }
            if now - due.dueAt > ReminderSchedule.lateness {
                _ = try database.claimReminder(due, nextDueAt: next, sending: false, now: now)
                continue
            }
            let local = LocalMoment(now, in: zone)
            let quietEnd = due.quiet.contains(local.hour * 60 + local.minute)
                ? ReminderSchedule.next(after: now, minute: due.quiet.endMinute, in: zone, quiet: nil) : nil
            let spaced = due.remindedAt.map { $0 + ReminderSchedule.spacing }.flatMap { $0 > now ? $0 : nil }
            if let wait = [quietEnd, spaced].compactMap({ $0 }).max() {
                _ = try database.claimReminder(due, nextDueAt: wait, sending: false, now: now)
                continue
            }
            let devices = push == nil ? [] : try database.pushDevices(tenantID: due.tenantID, accountID: due.accountID)
            // With email off and no device allowed, it moves on to its next time unsent.
            let reaches = due.byEmail || !devices.isEmpty
            guard let tenant = try database.tenant(id: due.tenantID, withUnlimitedEmails: false),
                  try database.claimReminder(due, nextDueAt: next, sending: reaches, now: now), reaches else { continue }
            for device in devices { push?.send(tenant, to: device, url: links.open(tenant, due.kind)) }
            sent += 1
            guard due.byEmail else { continue }
            let off = links.off(tenant, OffLink.make(tenant, due.accountID, due.kind, due.version))
            try mailer.send(Mail(to: due.email, subject: "A gentle reminder from \(tenant.name)", body: """
                Hello,

                A gentle reminder, as you asked. Whenever you’re ready:
                \(links.open(tenant, due.kind))

                To stop this reminder, open this link (no need to sign in):
                \(off)
                or change your reminders in Account, Reminders.
                """, unsubscribe: off))
        }
        if sent > 0 { logger.notice("reminders sent", metadata: ["reminders": "\(sent)"]) }
        return sent
    }
}
