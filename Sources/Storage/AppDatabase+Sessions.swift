import Domain


extension AppDatabase {
    private static func session(from row: SQLRow) -> SessionRecord {
        SessionRecord(id: row["id"], accountID: row["account_id"], csrfToken: row["csrf_token"], device: row["device"],
                      createdAt: row["created_at"], lastSeenAt: row["last_seen_at"], locked: row["locked"],
                      proof: SessionRecord.Proof(rawValue: row["proof"]) ?? .password, provenAt: row["proven_at"],
                      firstPasskeyUntil: row["first_passkey_until"])
    }

    /// Starts a session, in the transaction that checks again, under the account's lock, that the account is on and
    /// (when `passwordHash` is given: the hash a log-in just verified) that its password has not changed meanwhile. So a
    /// log-in racing a password change or the account being turned off never leaves a working session behind: nil then.
    public func createSession(tenantID: TenantID, accountID: AccountID, tokenHash: String, csrfToken: String,
                              device: String, now: Int, passwordHash: String? = nil,
                              proof: SessionRecord.Proof = .password) throws(StorageError) -> SessionRecord? {
        try write { db in
            try Self.lockAccount(db, tenantID: tenantID, accountID: accountID)
            guard let row = try db.row(sql: "SELECT password_hash, deactivated_at FROM accounts WHERE tenant_id = ? AND id = ?",
                                       arguments: [tenantID, accountID]),
                  (row["deactivated_at"] as Int?) == nil,
                  passwordHash == nil || row["password_hash"] == passwordHash
            else { return nil }
            let id = RandomID.make()
            try db.execute(sql: """
                INSERT INTO sessions (id, token_hash, tenant_id, account_id, csrf_token, device, created_at, last_seen_at, proof, proven_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [id, tokenHash, tenantID, accountID, csrfToken, String(device.prefix(80)), now, now, proof.rawValue, now])
            if proof == .singleSignOn { try Self.provenWithoutPasskey(db, tenantID: tenantID, accountID: accountID, now: now) }
            return SessionRecord(id: id, accountID: accountID, csrfToken: csrfToken, device: device, createdAt: now, lastSeenAt: now,
                                 proof: proof, provenAt: now)
        }
    }

    /// Taken by every change to an account's password or state and by every new session, so they happen one after
    /// another (SQLite's writer is one at a time anyway; on PostgreSQL this is a transaction-scoped advisory lock).
    static func lockAccount(_ db: any SQLConnection, tenantID: TenantID, accountID: AccountID) throws {
        try db.lock("account:\(tenantID):\(accountID)")
    }

    /// How stale `last_seen_at` may get before a page view writes it: a signed-in page view is a read, and
    /// takes SQLite's single writer only this often per session. With the app lock on, once a minute, so the lock
    /// closes within a minute of when it should.
    public static let lastSeenResolution = 300
    static let lockedSessionResolution = 60

    /// A request's tenant (by slug or by the domain the operator set) and, when it carries a session token, its live
    /// session: one read transaction for what every request needs before anything else.
    public func tenantAndSession(tenantBy lookup: TenantLookup, tokenHash: String?, now: Int, idleLimit: Int, absoluteLimit: Int)
        throws(StorageError) -> (Tenant, (SessionRecord, Account)?)?
    {
        let (condition, argument) = switch lookup {
        case .slug(let slug): ("slug", slug)
        case .customDomain(let domain): ("custom_domain", domain)
        }
        let limits = SessionLimits(now: now, idle: idleLimit, absolute: absoluteLimit)
        let found = try read { db -> (Tenant, (SessionRecord, Account)?)? in
            if let tokenHash, db.dialect == .sqlite {
                return try Self.tenantWithSession(db, lookup, tokenHash: tokenHash, limits: limits, kept: requestTenantCache)
            }
            guard let tenant = try Self.keptTenant(db, where: condition, argument, kept: requestTenantCache) else { return nil }
            guard let tokenHash else { return (tenant, nil) }
            return (tenant, try Self.fetchSession(db, tenantID: tenant.id, tokenHash: tokenHash, limits: limits))
        }
        if let (tenant, session) = found, let (record, account) = session { try touch(record, account, tenantID: tenant.id, now: now) }
        return found
    }

    /// `tenantAndSession` on SQLite, where the tenant's id and version and the session come from one statement (every
    /// statement is a good part of a small page's work there). Not on PostgreSQL: with Citus the tenants are a reference
    /// table and the sessions are spread by tenant, and a join that names the tenant only by slug would ask every shard.
    static func tenantWithSession(_ db: any SQLConnection, _ lookup: TenantLookup, tokenHash: String, limits: SessionLimits,
                                  kept: ConfigurationCache<Tenant>) throws -> (Tenant, (SessionRecord, Account)?)? {
        let (sql, argument) = switch lookup {
        case .slug(let slug): (tenantWithSessionBySlug, slug)
        case .customDomain(let domain): (tenantWithSessionByDomain, domain)
        }
        guard let row = try db.row(sql: sql, arguments: [tokenHash, argument]) else { return nil }
        guard let tenant = try keptTenant(db, id: row["tn_id"], version: row["tn_version"], kept: kept) else { return nil }
        guard (row["a_id"] as String?) != nil else { return (tenant, nil) }
        return (tenant, sessionAndAccount(from: row, limits: limits))
    }

    /// `tenantWithSession`'s statement, by the tenant's slug or domain: made once, not on every request.
    private static func tenantWithSessionSQL(where condition: String) -> String {
        """
        SELECT tn.id AS tn_id, tn.config_version AS tn_version, \(sessionColumns)
        FROM tenants tn
        LEFT JOIN sessions s ON s.tenant_id = tn.id AND s.token_hash = ?
        LEFT JOIN accounts a ON a.id = s.account_id AND a.tenant_id = s.tenant_id AND a.deactivated_at IS NULL
        LEFT JOIN community_versions c ON c.tenant_id = tn.id
        WHERE tn.\(condition) = ?
        """
    }
    private static let tenantWithSessionBySlug = tenantWithSessionSQL(where: "slug")
    private static let tenantWithSessionByDomain = tenantWithSessionSQL(where: "custom_domain")

    public enum TenantLookup: Sendable, Equatable {
        case slug(String)
        case customDomain(String)
    }

    /// Writes `last_seen_at` when it has gone stale (see `lastSeenResolution`), and closes the app lock when the
    /// session has gone unused for longer than its owner allows: it stays closed, whatever is used meanwhile, until
    /// they prove themselves again (`unlockSession`).
    private func touch(_ session: SessionRecord, _ account: Account, tenantID: TenantID, now: Int) throws(StorageError) {
        let resolution = account.lockMinutes > 0 ? Self.lockedSessionResolution : Self.lastSeenResolution
        guard now - session.lastSeenAt >= resolution else { return }
        try write { db in
            try db.execute(sql: "UPDATE sessions SET last_seen_at = ?, locked = ? WHERE tenant_id = ? AND id = ? AND last_seen_at < ?",
                           arguments: [now, session.locked, tenantID, session.id, now])
        }
    }

    /// Whether a session is locked now: closed before, or unused for longer than its owner's app lock allows.
    static func isLocked(stored: Bool, lastSeenAt: Int, lockMinutes: Int, now: Int) -> Bool {
        stored || (lockMinutes > 0 && now - lastSeenAt > lockMinutes * 60)
    }

    /// Opens the app lock (its owner proved themselves just now), and records a passkey as the session's proof.
    public func unlockSession(tenantID: TenantID, accountID: AccountID, sessionID: String, proof: SessionRecord.Proof?,
                              now: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                UPDATE sessions SET locked = 0, last_seen_at = ?, proof = coalesce(?, proof), proven_at = ?
                WHERE tenant_id = ? AND account_id = ? AND id = ?
                """, arguments: [now, proof?.rawValue, now, tenantID, accountID, sessionID])
        }
    }

    /// Notes that the owner proved themselves just now by something a password alone does not give (the organisation's
    /// sign-in, or a link mailed to the account): the passkeys a password reset keeps are those added by then
    /// (`completePasswordReset`). A password log-in does not count: whoever added a passkey with a stolen password could
    /// log in with it again.
    static func provenWithoutPasskey(_ db: any SQLConnection, tenantID: TenantID, accountID: AccountID, now: Int) throws {
        try db.execute(sql: "UPDATE accounts SET proven_without_passkey_at = ? WHERE tenant_id = ? AND id = ? AND proven_without_passkey_at < ?",
                       arguments: [now, tenantID, accountID, now])
    }

    /// A session's and its account's columns, read from `sessions s JOIN accounts a` (and `community_versions c`).
    /// Whether a team message waits is a column the messages' triggers keep (0049): looking through team_messages here
    /// was a sixth of this statement, on every signed-in page.
    private static let sessionColumns = """
        s.id, s.account_id, s.csrf_token, s.device, s.created_at, s.last_seen_at, s.locked, s.proof, s.proven_at, s.first_passkey_until,
        a.id AS a_id, a.tenant_id, a.email, a.role, a.time_zone, a.password_hash, a.theme, a.week_starts_on,
        a.calendar_colours, a.history_version, a.usual_feelings, a.exit_button, a.discreet, a.lock_minutes,
        a.team_messages_waiting, coalesce(c.version, 0) AS community_version
        """

    /// When a session stops working: `idle` seconds unused, or `absolute` seconds after it began, counted to `now`.
    struct SessionLimits {
        let now: Int, idle: Int, absolute: Int
    }

    /// The live session for a token hash in this tenant, with its account. A turned-off account has none (its sessions
    /// are deleted when it is turned off; this also covers one a log-in made at that very moment). Expired sessions count as none
    /// (idle for longer than the idle limit or older than the absolute one); the housekeeping purges them.
    static func fetchSession(_ db: any SQLConnection, tenantID: TenantID, tokenHash: String, limits: SessionLimits) throws
        -> (SessionRecord, Account)?
    {
        guard let row = try db.row(sql: fetchSessionSQL, arguments: [tenantID, tokenHash]) else { return nil }
        return sessionAndAccount(from: row, limits: limits)
    }

    private static let fetchSessionSQL = """
        SELECT \(sessionColumns)
        FROM sessions s JOIN accounts a ON a.id = s.account_id AND a.tenant_id = s.tenant_id
        LEFT JOIN community_versions c ON c.tenant_id = s.tenant_id
        WHERE s.tenant_id = ? AND s.token_hash = ? AND a.deactivated_at IS NULL
        """

    /// A row of `sessionColumns` as a session and its account; nil when the session has expired.
    private static func sessionAndAccount(from row: SQLRow, limits: SessionLimits) -> (SessionRecord, Account)? {
        var session = Self.session(from: row)
        if limits.now - session.lastSeenAt > limits.idle || limits.now - session.createdAt > limits.absolute { return nil }
        var account = Account(id: row["a_id"], tenantID: row["tenant_id"], email: row["email"],
                              role: Role(rawValue: row["role"]) ?? .member, timeZone: row["time_zone"],
                              passwordHash: row["password_hash"], theme: Theme(rawValue: row["theme"]) ?? .system,
                              weekStartsOnSunday: row["week_starts_on"] == "sunday",
                              calendarFollowsCheckIns: row["calendar_colours"] == "check-ins")
        account.historyVersion = row["history_version"]
        account.communityVersion = row["community_version"]
        account.teamMessagesWaiting = (row["team_messages_waiting"] as Int) == 1
        Self.readPreferences(row, into: &account)
        session.locked = isLocked(stored: session.locked, lastSeenAt: session.lastSeenAt, lockMinutes: account.lockMinutes, now: limits.now)
        return (session, account)
    }

    /// Deletes what can no longer be used: expired sessions, used or expired reset tokens, sign-in links and
    /// unconfirmed sign-ups. Returns how many rows went.
    @discardableResult
    public func purgeExpired(now: Int, sessionIdleLimit: Int, sessionAbsoluteLimit: Int) throws(StorageError) -> Int {
        try write { db in
            var removed = 0
            for purge in Self.purges {
                let arguments: SQLArguments = switch purge.before {
                case .now: [now]
                case .idle: [now - sessionIdleLimit]
                case .absolute: [now - sessionAbsoluteLimit]
                case .used: []
                }
                try db.execute(sql: purge.sql, arguments: arguments)
                removed += db.changesCount
            }
            return removed
        }
    }

    /// What a purge statement compares with: now, the idle or the absolute session limit before now, or nothing (a
    /// row that has been used is done with, whenever it would have expired).
    enum PurgeCutoff: Sendable { case now, idle, absolute, used }

    /// `purgeExpired`'s deletes, one condition each so that each finds its rows by an index: they run every minute, and
    /// an `OR` of two columns read the whole table (every session of every tenant). A test checks each plan.
    static let purges: [(sql: String, before: PurgeCutoff)] = [
        ("DELETE FROM sessions WHERE last_seen_at < ?", .idle),
        ("DELETE FROM sessions WHERE created_at < ?", .absolute),
        ("DELETE FROM password_resets WHERE expires_at <= ?", .now),
        ("DELETE FROM password_resets WHERE used_at IS NOT NULL", .used),
        ("DELETE FROM sign_in_links WHERE expires_at <= ?", .now),
        ("DELETE FROM pending_sign_ups WHERE expires_at <= ?", .now),
        ("DELETE FROM sign_on_attempts WHERE expires_at <= ?", .now),
        ("DELETE FROM passkey_challenges WHERE expires_at <= ?", .now),
        ("DELETE FROM saml_assertions WHERE expires_at <= ?", .now),
        ("DELETE FROM pending_identity_links WHERE expires_at <= ?", .now),
    ]

    public func sessions(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [SessionRecord] {
        try read { db in
            try db.rows(sql: """
                SELECT id, account_id, csrf_token, device, created_at, last_seen_at, locked, proof, proven_at, first_passkey_until FROM sessions
                WHERE tenant_id = ? AND account_id = ? ORDER BY last_seen_at DESC
                """, arguments: [tenantID, accountID]).map(Self.session(from:))
        }
    }

    /// Ends one session of this account; false if there was none with that id (another person's is none).
    @discardableResult
    public func deleteSession(tenantID: TenantID, accountID: AccountID, sessionID typedSessionID: SessionID) throws(StorageError) -> Bool {
        let sessionID = typedSessionID.rawValue
        return try write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE tenant_id = ? AND account_id = ? AND id = ?",
                           arguments: [tenantID, accountID, sessionID])
            return db.changesCount == 1
        }
    }

    public func deleteSessions(tenantID: TenantID, accountID: AccountID, except keptID: String?) throws(StorageError) {
        try write { db in try Self.deleteSessions(db, tenantID: tenantID, accountID: accountID, except: keptID) }
    }

    static func deleteSessions(_ db: any SQLConnection, tenantID: TenantID, accountID: AccountID, except keptID: String?) throws {
        if let keptID {
            try db.execute(sql: "DELETE FROM sessions WHERE tenant_id = ? AND account_id = ? AND id <> ?",
                           arguments: [tenantID, accountID, keptID])
        } else {
            try db.execute(sql: "DELETE FROM sessions WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
        }
    }
}
