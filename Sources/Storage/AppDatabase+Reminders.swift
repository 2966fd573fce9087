import Domain

/// A member's reminders and quiet hours, and the scheduler's due list and claims.
extension AppDatabase {
    public struct StoredReminder: Sendable, Equatable {
        public let kind: ReminderKind
        public let enabled: Bool
        public let minute: Int?
        public let dueAt: Int?
        public let version: Int
    }

    /// What the reminders page shows of a member's: their reminders, and from their account the quiet hours, whether
    /// reminders come by email (or only to their devices), the weekly email, and the worry time its reminder follows.
    public struct ReminderSettingsRecord: Sendable, Equatable {
        public let reminders: [StoredReminder]
        public let quiet: QuietHours
        public let byEmail: Bool
        public let digestEmail: Bool
        public let worryTime: WorryTime?
    }

    /// The reminders page's reads: two statements (the account's choices and its worry time are one row), not four.
    public func reminderSettings(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> ReminderSettingsRecord {
        try read { db in
            let rows = try db.rows(sql: "SELECT kind, enabled, minute, due_at, version FROM reminders WHERE tenant_id = ? AND account_id = ?",
                                   arguments: [tenantID, accountID])
            let account = try db.row(sql: """
                SELECT a.quiet_start, a.quiet_end, a.remind_by_email, a.digest_email, w.start_minute, w.minutes
                FROM accounts a LEFT JOIN worry_times w ON w.tenant_id = a.tenant_id AND w.account_id = a.id
                WHERE a.tenant_id = ? AND a.id = ?
                """, arguments: [tenantID, accountID])
            let worryStart: Int? = account?["start_minute"], worryMinutes: Int? = account?["minutes"]
            return ReminderSettingsRecord(
                reminders: rows.compactMap { row in
                    ReminderKind(rawValue: row["kind"]).map {
                        StoredReminder(kind: $0, enabled: row["enabled"], minute: row["minute"], dueAt: row["due_at"], version: row["version"])
                    }
                },
                quiet: account.flatMap { QuietHours(startMinute: $0["quiet_start"], endMinute: $0["quiet_end"]) } ?? .standard,
                byEmail: account.map { $0["remind_by_email"] } ?? true,
                digestEmail: account.map { $0["digest_email"] } ?? false,
                worryTime: worryStart.flatMap { start in worryMinutes.flatMap { WorryTime(startMinute: start, minutes: $0) } })
        }
    }

    /// One reminder as the settings page saves it: on at `minute` and next due at `dueAt`, or off.
    public struct ReminderChoice: Sendable, Equatable {
        public let kind: ReminderKind
        public let enabled: Bool
        public let minute: Int?
        public let dueAt: Int?

        public init(kind: ReminderKind, enabled: Bool, minute: Int?, dueAt: Int?) {
            self.kind = kind
            self.enabled = enabled
            self.minute = minute
            self.dueAt = dueAt
        }
    }

    /// Saves the reminders page in one transaction: each reminder, quiet hours, whether they come by email, the weekly email (turned on, this
    /// week counts as sent, as `setDigestEmail` does). A reminder turned on from off moves its version on, so a "turn this
    /// off" link from before no longer applies.
    public func saveReminders(tenantID: TenantID, accountID: AccountID, _ choices: [ReminderChoice], quiet: QuietHours, byEmail: Bool,
                              digest: Bool, thisWeek: Day) throws(StorageError) {
        try write { db in
            for choice in choices {
                try db.execute(sql: """
                    INSERT INTO reminders (tenant_id, account_id, kind, enabled, minute, due_at, version) VALUES (?, ?, ?, ?, ?, ?, 1)
                    ON CONFLICT (tenant_id, account_id, kind) DO UPDATE SET enabled = excluded.enabled, minute = excluded.minute,
                        due_at = excluded.due_at,
                        version = reminders.version + (CASE WHEN reminders.enabled = 0 AND excluded.enabled = 1 THEN 1 ELSE 0 END)
                    """, arguments: [tenantID, accountID, choice.kind.rawValue, choice.enabled, choice.minute, choice.enabled ? choice.dueAt : nil])
            }
            try db.execute(sql: "UPDATE accounts SET quiet_start = ?, quiet_end = ?, remind_by_email = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [quiet.startMinute, quiet.endMinute, byEmail ? 1 : 0, tenantID, accountID])
            try db.execute(sql: """
                UPDATE accounts SET digest_email = ?, digest_sent_week = CASE WHEN digest_email = 1 AND ? = 1 THEN digest_sent_week ELSE ? END,
                    digest_due_at = CASE WHEN ? = 1 THEN coalesce(digest_due_at, 0) ELSE NULL END
                WHERE tenant_id = ? AND id = ?
                """, arguments: [digest ? 1 : 0, digest ? 1 : 0, digest ? thisWeek.description : nil, digest ? 1 : 0, tenantID, accountID])
        }
    }

    /// A reminder that has fallen due, with what sending it needs.
    public struct DueReminder: Sendable, Equatable {
        public let tenantID: TenantID
        public let accountID: AccountID
        public let kind: ReminderKind
        public let minute: Int?
        public let dueAt: Int
        public let version: Int
        public let email: String
        public let timeZone: String
        public let quiet: QuietHours
        public let remindedAt: Int?
        /// Worry time's start, for its reminder (nil when the member has none set).
        public let worryStartMinute: Int?
        /// Whether it goes by email as well as to the member's devices.
        public let byEmail: Bool
    }

    /// Enabled reminders due by `now`, on accounts that are on: the oldest first, a batch at a time.
    public func dueReminders(now: Int, limit: Int) throws(StorageError) -> [DueReminder] {
        try read { db in
            try db.rows(sql: Self.dueRemindersSQL, arguments: [now, limit]).compactMap { row in
                guard let kind = ReminderKind(rawValue: row["kind"]) else { return nil }
                return DueReminder(tenantID: row["tenant_id"], accountID: row["account_id"], kind: kind, minute: row["minute"],
                                   dueAt: row["due_at"], version: row["version"], email: row["email"], timeZone: row["time_zone"],
                                   quiet: QuietHours(startMinute: row["quiet_start"], endMinute: row["quiet_end"]) ?? .standard,
                                   remindedAt: row["reminded_at"], worryStartMinute: row["start_minute"],
                                   byEmail: row["remind_by_email"])
            }
        }
    }

    /// Read every minute, so from `reminders_due` (a test holds the plan to it): the reminders due, then each one's
    /// account, never every account to find the few with one due.
    static let dueRemindersSQL = """
        SELECT r.tenant_id, r.account_id, r.kind, r.minute, r.due_at, r.version, a.email, a.time_zone, a.quiet_start, a.quiet_end,
               a.reminded_at, a.remind_by_email, w.start_minute
        FROM reminders r JOIN accounts a ON a.tenant_id = r.tenant_id AND a.id = r.account_id
        LEFT JOIN worry_times w ON w.tenant_id = r.tenant_id AND w.account_id = r.account_id
        WHERE r.enabled = 1 AND r.due_at IS NOT NULL AND r.due_at <= ? AND a.deactivated_at IS NULL
        ORDER BY r.due_at LIMIT ?
        """

    /// Moves a due reminder on to `nextDueAt` (nil: nothing more is due), and when it is being sent marks the member as
    /// reminded now, in one transaction: true only for the one caller that moved it from the time it read, so however
    /// many ticks or nodes see it due, it is sent once.
    public func claimReminder(_ due: DueReminder, nextDueAt: Int?, sending: Bool, now: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE reminders SET due_at = ? WHERE tenant_id = ? AND account_id = ? AND kind = ? AND enabled = 1 AND due_at = ?
                """, arguments: [nextDueAt, due.tenantID, due.accountID, due.kind.rawValue, due.dueAt])
            guard db.changesCount == 1 else { return false }
            if sending {
                try db.execute(sql: "UPDATE accounts SET reminded_at = ? WHERE tenant_id = ? AND id = ?", arguments: [now, due.tenantID, due.accountID])
            }
            return true
        }
    }

    /// The one-click "turn this off" of a reminder's email: only for the version the link was made for, and only once.
    public func turnOffReminder(tenantID: TenantID, accountID: AccountID, kind: ReminderKind, version: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE reminders SET enabled = 0, due_at = NULL WHERE tenant_id = ? AND account_id = ? AND kind = ? AND version = ? AND enabled = 1
                """, arguments: [tenantID, accountID, kind.rawValue, version])
            return db.changesCount == 1
        }
    }
}
