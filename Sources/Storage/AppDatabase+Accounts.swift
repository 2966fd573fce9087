import Domain
import Foundation


/// Accounts, always within one tenant: every function takes the tenant's id first and sees nothing else.
extension AppDatabase {
    static func account(from row: SQLRow) -> Account {
        var account = Account(id: row["id"], tenantID: row["tenant_id"], email: row["email"],
                              role: Role(rawValue: row["role"]) ?? .member, timeZone: row["time_zone"], passwordHash: row["password_hash"],
                              theme: Theme(rawValue: row["theme"]) ?? .system, weekStartsOnSunday: row["week_starts_on"] == "sunday",
                              calendarFollowsCheckIns: row["calendar_colours"] == "check-ins")
        account.isActive = (row["deactivated_at"] as Int?) == nil
        account.historyVersion = row["history_version"]
        Self.readPreferences(row, into: &account)
        return account
    }

    /// The member's choices every page uses (the welcome's feelings, the quick exit, discreet mode), read the same way
    /// wherever an account is.
    static func readPreferences(_ row: SQLRow, into account: inout Account) {
        account.usualFeelings = ((row["usual_feelings"] as String?) ?? "").split(separator: ",").prefix(5).map(String.init)
        account.exitButton = row["exit_button"]
        account.discreet = row["discreet"]
        account.lockMinutes = row["lock_minutes"]
    }

    static let accountColumns = """
        id, tenant_id, email, role, time_zone, password_hash, theme, week_starts_on, calendar_colours, deactivated_at, history_version, \
        usual_feelings, exit_button, discreet, lock_minutes
        """

    public func createAccount(tenantID: TenantID, email: EmailAddress, passwordHash: String, role: Role = .member,
                              timeZone: String, now: Int) throws(StorageError) -> Account {
        try write { db in
            if try db.bool(sql: "SELECT 1 FROM accounts WHERE tenant_id = ? AND email = ?",
                                 arguments: [tenantID, email.value]) == true {
                throw StorageError.conflict("an account with that email already exists")
            }
            let id: AccountID = RandomID.id()
            try db.execute(sql: """
                INSERT INTO accounts (id, tenant_id, email, password_hash, role, time_zone, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [id, tenantID, email.value, passwordHash, role.rawValue, timeZone, now])
            return Account(id: id, tenantID: tenantID, email: email.value, role: role, timeZone: timeZone, passwordHash: passwordHash)
        }
    }

    public func account(tenantID: TenantID, email: EmailAddress) throws(StorageError) -> Account? {
        try read { db in
            try db.row(sql: "SELECT \(Self.accountColumns) FROM accounts WHERE tenant_id = ? AND email = ?",
                             arguments: [tenantID, email.value]).map(Self.account(from:))
        }
    }

    public func account(tenantID: TenantID, id: AccountID) throws(StorageError) -> Account? {
        try read { db in
            try db.row(sql: "SELECT \(Self.accountColumns) FROM accounts WHERE tenant_id = ? AND id = ?",
                             arguments: [tenantID, id]).map(Self.account(from:))
        }
    }

    public func setRole(tenantID: TenantID, email: EmailAddress, role: Role) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET role = ? WHERE tenant_id = ? AND email = ?",
                           arguments: [role.rawValue, tenantID, email.value])
            return db.changesCount == 1
        }
    }

    public enum RoleChange: Sendable, Equatable { case changed, notFound, lastAdmin }

    /// Changes a member's role and writes the audit line, in one transaction: the count of admins is read in
    /// the same write, so two admins demoting each other at once cannot leave the tenant with none.
    public func changeRole(tenantID: TenantID, accountID typedAccountID: AccountID, to role: Role, audit: AuditEntry) throws(StorageError) -> RoleChange {
        let accountID = typedAccountID
        return try write { db in
            // Two admins demoting each other at once on two nodes: the second sees the first's change.
            try db.lock("admins:\(tenantID)")
            guard let row = try db.row(sql: "SELECT email, role FROM accounts WHERE tenant_id = ? AND id = ?",
                                             arguments: [tenantID, accountID]) else { return .notFound }
            if row["role"] == Role.admin.rawValue, role != .admin,
               try db.int(sql: "SELECT count(*) FROM accounts WHERE tenant_id = ? AND role = 'admin'",
                                arguments: [tenantID]) ?? 0 <= 1 {
                return .lastAdmin
            }
            try db.execute(sql: "UPDATE accounts SET role = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [role.rawValue, tenantID, accountID])
            try Self.appendAudit(db, tenantID: tenantID, audit.about(row["email"], accountID: accountID))
            return .changed
        }
    }

    /// Replaces the password hash; with `endingSessionsExcept`, also ends every other session of the account
    /// in the same transaction (a password change or reset must not leave an attacker signed in).
    public func setPasswordHash(tenantID: TenantID, accountID: AccountID, hash: String,
                                endingSessionsExcept keptSessionID: String??) throws(StorageError) {
        try write { db in
            try Self.lockAccount(db, tenantID: tenantID, accountID: accountID)
            try db.execute(sql: "UPDATE accounts SET password_hash = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [hash, tenantID, accountID])
            if case .some(let kept) = keptSessionID {
                try Self.deleteSessions(db, tenantID: tenantID, accountID: accountID, except: kept)
                try Self.endOutstandingLinks(db, tenantID: tenantID, accountID: accountID)
            }
        }
    }

    /// Changes the email; `.conflict` when another account in the tenant has it.
    public func setEmail(tenantID: TenantID, accountID: AccountID, email: EmailAddress) throws(StorageError) {
        try write { db in
            if try db.bool(sql: "SELECT 1 FROM accounts WHERE tenant_id = ? AND email = ? AND id != ?",
                                 arguments: [tenantID, email.value, accountID]) == true {
                throw StorageError.conflict("an account with that email already exists")
            }
            try db.execute(sql: "UPDATE accounts SET email = ? WHERE tenant_id = ? AND id = ?", arguments: [email.value, tenantID, accountID])
            try Self.endOutstandingLinks(db, tenantID: tenantID, accountID: accountID)
        }
    }

    /// A reset link or sign-in link mailed earlier must not outlive a change of password or address: it
    /// may sit in a mailbox someone else now reads.
    static func endOutstandingLinks(_ db: any SQLConnection, tenantID: TenantID, accountID: AccountID) throws {
        try db.execute(sql: "DELETE FROM password_resets WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
        try db.execute(sql: "DELETE FROM sign_in_links WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
        try db.execute(sql: "DELETE FROM pending_identity_links WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
        try db.execute(sql: "DELETE FROM first_passkey_requests WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
    }

    public func setWeekStart(tenantID: TenantID, accountID: AccountID, sunday: Bool) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET week_starts_on = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [sunday ? "sunday" : "monday", tenantID, accountID])
        }
    }

    public func setCalendarColours(tenantID: TenantID, accountID: AccountID, followCheckIns: Bool) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET calendar_colours = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [followCheckIns ? "check-ins" : "resets", tenantID, accountID])
        }
    }

    public func setTheme(tenantID: TenantID, accountID: AccountID, theme: Theme) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET theme = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [theme.rawValue, tenantID, accountID])
        }
    }

    /// Marks the welcome shown; true only the first time (so only one sign-in is taken to it, even two at once).
    public func markWelcomed(tenantID: TenantID, accountID: AccountID, now: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET welcomed_at = ? WHERE tenant_id = ? AND id = ? AND welcomed_at IS NULL",
                           arguments: [now, tenantID, accountID])
            return db.changesCount == 1
        }
    }

    /// The welcome's answers, saved once at its end: time zone, theme and the feelings that come up most.
    public func saveWelcome(tenantID: TenantID, accountID: AccountID, timeZone: String, theme: Theme, usualFeelings: [String], now: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                UPDATE accounts SET time_zone = ?, theme = ?, usual_feelings = ?, welcomed_at = coalesce(welcomed_at, ?),
                    digest_due_at = \(Self.digestDueAfterNewZone) WHERE tenant_id = ? AND id = ?
                """, arguments: [timeZone, theme.rawValue, usualFeelings.isEmpty ? nil : usualFeelings.joined(separator: ","), now, tenantID, accountID])
        }
    }

    /// Discreet mode and the quick exit, as the member chose them in Appearance.
    public func setDiscretion(tenantID: TenantID, accountID: AccountID, discreet: Bool, exitButton: Bool) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET discreet = ?, exit_button = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [discreet, exitButton, tenantID, accountID])
        }
    }

    public func setTimeZone(tenantID: TenantID, accountID: AccountID, timeZone: String) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET time_zone = ?, digest_due_at = \(Self.digestDueAfterNewZone) WHERE tenant_id = ? AND id = ?",
                           arguments: [timeZone, tenantID, accountID])
        }
    }

    /// A new zone moves when the person's week begins: the weekly email, if they asked for it, is looked at again at
    /// the next minute (its claim still sends it once a week).
    static let digestDueAfterNewZone = "CASE WHEN digest_due_at IS NULL THEN NULL ELSE 0 END"

    public func accounts(tenantID: TenantID) throws(StorageError) -> [Account] {
        try read { db in
            try db.rows(sql: "SELECT \(Self.accountColumns) FROM accounts WHERE tenant_id = ? ORDER BY email",
                             arguments: [tenantID]).map(Self.account(from:))
        }
    }

    /// Everything stored about one person, for the JSON export.
    public func export(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> AccountExport? {
        try read { db in
            guard let row = try db.row(sql: """
                SELECT email, role, time_zone, theme, week_starts_on, created_at FROM accounts WHERE tenant_id = ? AND id = ?
                """, arguments: [tenantID, accountID]) else { return nil }
            let sessions = try db.rows(sql: """
                SELECT device, created_at, last_seen_at FROM sessions WHERE tenant_id = ? AND account_id = ? ORDER BY created_at
                """, arguments: [tenantID, accountID]).map {
                AccountExport.Session(device: $0["device"], createdAt: $0["created_at"], lastSeenAt: $0["last_seen_at"])
            }
            let runs = try db.rows(sql: """
                SELECT reset_id, emotion, started_at, local_day, local_time, steps_reached, step_count, outcome, mood_before, mood, duration_seconds
                FROM runs WHERE tenant_id = ? AND account_id = ? ORDER BY started_at
                """, arguments: [tenantID, accountID]).map {
                AccountExport.Run(resetID: $0["reset_id"], emotion: $0["emotion"], startedAt: $0["started_at"],
                                  localDay: $0["local_day"], localTime: $0["local_time"], stepsReached: $0["steps_reached"], stepCount: $0["step_count"],
                                  outcome: $0["outcome"], moodBefore: $0["mood_before"], mood: $0["mood"], durationSeconds: $0["duration_seconds"])
            }
            let subscription = try db.row(sql: """
                SELECT status, price_minor, currency, current_period_end, grace_until, created_at FROM subscriptions
                WHERE tenant_id = ? AND account_id = ?
                """, arguments: [tenantID, accountID]).map {
                AccountExport.SubscriptionPart(status: $0["status"], priceMinor: $0["price_minor"], currency: $0["currency"],
                                               currentPeriodEnd: $0["current_period_end"], graceUntil: $0["grace_until"],
                                               createdAt: $0["created_at"])
            }
            let payments = try db.rows(sql: """
                SELECT amount_minor, currency, outcome, description, created_at FROM payments WHERE tenant_id = ? AND account_id = ?
                ORDER BY created_at, id
                """, arguments: [tenantID, accountID]).map {
                AccountExport.PaymentPart(amountMinor: $0["amount_minor"], currency: $0["currency"], outcome: $0["outcome"],
                                          description: $0["description"], createdAt: $0["created_at"])
            }
            let checkouts = try db.rows(sql: """
                SELECT amount_minor, currency, status, created_at FROM checkouts WHERE tenant_id = ? AND account_id = ? ORDER BY created_at
                """, arguments: [tenantID, accountID]).map {
                AccountExport.CheckoutPart(amountMinor: $0["amount_minor"], currency: $0["currency"], status: $0["status"],
                                           createdAt: $0["created_at"])
            }
            let posts = try db.rows(sql: """
                SELECT id, topic, body, status, created_at FROM posts WHERE tenant_id = ? AND author_id = ? ORDER BY seq
                """, arguments: [tenantID, accountID]).map {
                AccountExport.PostPart(id: $0["id"], topic: $0["topic"], body: $0["body"], status: $0["status"], createdAt: $0["created_at"])
            }
            let reactions = try db.rows(sql: """
                SELECT r.post_id, r.kind FROM reactions r JOIN posts p ON p.tenant_id = r.tenant_id AND p.id = r.post_id
                WHERE r.tenant_id = ? AND r.account_id = ? ORDER BY p.seq
                """, arguments: [tenantID, accountID]).map { AccountExport.ReactionPart(postID: $0["post_id"], kind: $0["kind"]) }
            let reports = try db.rows(sql: """
                SELECT post_id, reason, note, created_at FROM reports
                WHERE tenant_id = ? AND reporter_id = ? ORDER BY created_at, id
                """, arguments: [tenantID, accountID]).map {
                AccountExport.ReportPart(postID: $0["post_id"], reason: $0["reason"], note: $0["note"], createdAt: $0["created_at"])
            }
            let restrictions = try db.rows(sql: """
                SELECT until, reason, created_at, lifted_at FROM posting_restrictions WHERE tenant_id = ? AND account_id = ? ORDER BY created_at
                """, arguments: [tenantID, accountID]).map {
                AccountExport.RestrictionPart(until: $0["until"], reason: $0["reason"], createdAt: $0["created_at"], liftedAt: $0["lifted_at"])
            }
            let messages = try db.rows(sql: """
                SELECT body, created_at, seen_at FROM team_messages WHERE tenant_id = ? AND account_id = ? ORDER BY created_at, id
                """, arguments: [tenantID, accountID]).map {
                AccountExport.TeamMessagePart(body: $0["body"], createdAt: $0["created_at"], seenAt: $0["seen_at"])
            }
            return AccountExport(email: row["email"], role: row["role"], timeZone: row["time_zone"], theme: row["theme"],
                                 weekStartsOn: row["week_starts_on"], createdAt: row["created_at"], sessions: sessions, runs: runs,
                                 subscription: subscription, payments: payments, checkouts: checkouts, posts: posts,
                                 reactions: reactions, reports: reports, postingRestrictions: restrictions, messagesFromTheTeam: messages)
        }
    }
}

extension AppDatabase {
    public func members(tenantID: TenantID) throws(StorageError) -> [Member] {
        try read { db in
            try db.rows(sql: "SELECT \(Self.accountColumns), created_at FROM accounts WHERE tenant_id = ? ORDER BY email",
                             arguments: [tenantID]).map { Member(account: Self.account(from: $0), joinedAt: $0["created_at"]) }
        }
    }
}
