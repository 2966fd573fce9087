import Domain

/// Data keys and daily check-ins, always within one tenant. Storage sees only sealed text for notes and tags (the
/// use case seals and opens them), and only wrapped data keys.
extension AppDatabase {
    public struct StoredDataKey: Sendable, Equatable {
        public let id: String
        public let wrapped: String

        public init(id: String, wrapped: String) {
            self.id = id
            self.wrapped = wrapped
        }
    }

    /// The tenant's current data key, made by `make` (given the new key's id) when it has none: in one write
    /// transaction that takes the tenant's key lock first, so two nodes never make two at once.
    public func activeDataKey(tenantID: TenantID, now: Int, make: (String) throws -> String) throws(StorageError) -> StoredDataKey {
        if let found = try read({ db in try Self.activeDataKey(db, tenantID: tenantID) }) { return found }
        return try write { db in
            try db.lock("data-key:\(tenantID)")
            if let found = try Self.activeDataKey(db, tenantID: tenantID) { return found }
            let id = RandomID.make()
            let wrapped = try make(id)
            try db.execute(sql: "INSERT INTO data_keys (tenant_id, id, wrapped, created_at) VALUES (?, ?, ?, ?)",
                           arguments: [tenantID, id, wrapped, now])
            return StoredDataKey(id: id, wrapped: wrapped)
        }
    }

    static func activeDataKey(_ db: any SQLConnection, tenantID: TenantID) throws -> StoredDataKey? {
        try db.row(sql: """
            SELECT id, wrapped FROM data_keys WHERE tenant_id = ? AND retired_at IS NULL ORDER BY created_at DESC, id LIMIT 1
            """, arguments: [tenantID]).map { StoredDataKey(id: $0["id"], wrapped: $0["wrapped"]) }
    }

    /// Any of the tenant's data keys, retired or not (each opens what it sealed).
    public func dataKey(tenantID: TenantID, id: String) throws(StorageError) -> StoredDataKey? {
        try read { db in
            try db.row(sql: "SELECT id, wrapped FROM data_keys WHERE tenant_id = ? AND id = ?", arguments: [tenantID, id])
                .map { StoredDataKey(id: $0["id"], wrapped: $0["wrapped"]) }
        }
    }

    /// Retires the tenant's current data key: what is sealed from now on gets a new one; what the old one sealed still
    /// opens with it. Returns how many keys were retired (0 when the tenant had none in use).
    public func retireDataKeys(tenantID: TenantID, now: Int) throws(StorageError) -> Int {
        try write { db in
            try db.lock("data-key:\(tenantID)")
            try db.execute(sql: "UPDATE data_keys SET retired_at = ? WHERE tenant_id = ? AND retired_at IS NULL", arguments: [now, tenantID])
            return db.changesCount
        }
    }

    /// Every tenant's data keys, for re-wrapping under a new master key.
    public func allDataKeys() throws(StorageError) -> [(tenantID: TenantID, key: StoredDataKey)] {
        try read { db in
            try db.rows(sql: "SELECT tenant_id, id, wrapped FROM data_keys ORDER BY tenant_id, id").map {
                (tenantID: $0["tenant_id"], key: StoredDataKey(id: $0["id"], wrapped: $0["wrapped"]))
            }
        }
    }

    /// Replaces wrapped keys (same keys, wrapped anew) in one transaction: all or none.
    public func rewrapDataKeys(_ keys: [(tenantID: TenantID, key: StoredDataKey)]) throws(StorageError) {
        try write { db in
            for (tenantID, key) in keys {
                try db.execute(sql: "UPDATE data_keys SET wrapped = ? WHERE tenant_id = ? AND id = ?",
                               arguments: [key.wrapped, tenantID, key.id])
                guard db.changesCount == 1 else { throw StorageError.conflict("a data key changed while it was re-wrapped") }
            }
        }
    }

    /// A check-in as stored: the note and tags still sealed.
    public struct StoredCheckIn: Sendable, Equatable {
        public let day: Day
        public let rating: Int
        public let sealedNote: String?
        public let sealedTags: String?
        public let keyID: String?
        public let updatedAt: Int
    }

    /// Saves the day's check-in, replacing the one already there that day.
    public func saveCheckIn(tenantID: TenantID, accountID: AccountID, day: Day, rating: Int, sealedNote: String?, sealedTags: String?,
                            keyID: String?, now: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO check_ins (tenant_id, id, account_id, local_day, rating, note, tags, key_id, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (tenant_id, account_id, local_day) DO UPDATE SET rating = excluded.rating, note = excluded.note,
                    tags = excluded.tags, key_id = excluded.key_id, updated_at = excluded.updated_at
                """, arguments: [tenantID, RandomID.make(), accountID, day.description, rating, sealedNote, sealedTags, keyID, now, now])
        }
    }

    /// Changes only the rating of a day's check-in, keeping its sealed words.
    public func setCheckInRating(tenantID: TenantID, accountID: AccountID, day: Day, rating: Int, now: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE check_ins SET rating = ?, updated_at = ? WHERE tenant_id = ? AND account_id = ? AND local_day = ?",
                           arguments: [rating, now, tenantID, accountID, day.description])
        }
    }

    /// The person's check-ins from `from` through `through`, by day.
    public func checkIns(tenantID: TenantID, accountID: AccountID, from: Day, through: Day) throws(StorageError) -> [StoredCheckIn] {
        try read { db in try Self.checkIns(db, tenantID: tenantID, accountID: accountID, from: from.description, through: through.description) }
    }

    static func checkIns(_ db: any SQLConnection, tenantID: TenantID, accountID: AccountID, from: String, through: String) throws -> [StoredCheckIn] {
        try db.rows(sql: """
            SELECT local_day, rating, note, tags, key_id, updated_at FROM check_ins
            WHERE tenant_id = ? AND account_id = ? AND local_day BETWEEN ? AND ? ORDER BY local_day
            """, arguments: [tenantID, accountID, from, through]).compactMap { row in
            Day(row["local_day"] as String).map {
                StoredCheckIn(day: $0, rating: row["rating"], sealedNote: row["note"], sealedTags: row["tags"], keyID: row["key_id"],
                              updatedAt: row["updated_at"])
            }
        }
    }
}

/// The day's guided reflection, its answers still sealed.
extension AppDatabase {
    public struct StoredReflection: Sendable, Equatable {
        public let day: Day
        public let kind: String
        public let sealedAnswers: String?
        public let keyID: String?
        public let intensityBefore: Int?
        public let intensityAfter: Int?
        /// 1 is the strength before; then one step a question; then the strength after.
        public let step: Int
        public let completedAt: Int?

        public init(day: Day, kind: String, sealedAnswers: String?, keyID: String?, intensityBefore: Int?, intensityAfter: Int?,
                    step: Int, completedAt: Int?) {
            self.day = day
            self.kind = kind
            self.sealedAnswers = sealedAnswers
            self.keyID = keyID
            self.intensityBefore = intensityBefore
            self.intensityAfter = intensityAfter
            self.step = step
            self.completedAt = completedAt
        }
    }

    public func reflections(tenantID: TenantID, accountID: AccountID, from: Day, through: Day) throws(StorageError) -> [StoredReflection] {
        try read { db in
            try db.rows(sql: """
                SELECT local_day, kind, answers, key_id, intensity_before, intensity_after, step, completed_at FROM reflections
                WHERE tenant_id = ? AND account_id = ? AND local_day BETWEEN ? AND ? ORDER BY local_day
                """, arguments: [tenantID, accountID, from.description, through.description]).compactMap { row in
                Day(row["local_day"] as String).map {
                    StoredReflection(day: $0, kind: row["kind"], sealedAnswers: row["answers"], keyID: row["key_id"],
                                     intensityBefore: row["intensity_before"], intensityAfter: row["intensity_after"], step: row["step"],
                                     completedAt: row["completed_at"])
                }
            }
        }
    }

    /// Saves the day's reflection as it now stands (one a person a day).
    public func saveReflection(tenantID: TenantID, accountID: AccountID, _ reflection: StoredReflection, now: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO reflections (tenant_id, id, account_id, local_day, kind, answers, key_id, intensity_before, intensity_after,
                    step, completed_at, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (tenant_id, account_id, local_day) DO UPDATE SET kind = excluded.kind, answers = excluded.answers,
                    key_id = excluded.key_id, intensity_before = excluded.intensity_before, intensity_after = excluded.intensity_after,
                    step = excluded.step, completed_at = excluded.completed_at, updated_at = excluded.updated_at
                """, arguments: [tenantID, RandomID.make(), accountID, reflection.day.description, reflection.kind, reflection.sealedAnswers,
                                 reflection.keyID, reflection.intensityBefore, reflection.intensityAfter, reflection.step,
                                 reflection.completedAt, now, now])
        }
    }
}

extension AppDatabase {
    /// The days' check-in ratings alone (nothing sealed is read), for the calendar's colours and labels.
    public func checkInRatings(tenantID: TenantID, accountID: AccountID, from: Day, through: Day) throws(StorageError) -> [Day: Int] {
        try read { db in
            var ratings: [Day: Int] = [:]
            for row in try db.rows(sql: """
                SELECT local_day, rating FROM check_ins WHERE tenant_id = ? AND account_id = ? AND local_day BETWEEN ? AND ?
                """, arguments: [tenantID, accountID, from.description, through.description]) {
                if let day = Day(row["local_day"] as String) { ratings[day] = row["rating"] }
            }
            return ratings
        }
    }
}

/// The weekly digest: intentions, and who asked for the weekly email.
extension AppDatabase {
    public func intention(tenantID: TenantID, accountID: AccountID, weekStart: Day) throws(StorageError) -> (sealed: String, keyID: String)? {
        try read { db in
            try db.row(sql: "SELECT text, key_id FROM intentions WHERE tenant_id = ? AND account_id = ? AND week_start = ?",
                       arguments: [tenantID, accountID, weekStart.description]).map { (sealed: $0["text"], keyID: $0["key_id"]) }
        }
    }

    /// Sets (or, with nil, clears) the intention written in the week starting `weekStart`.
    public func setIntention(tenantID: TenantID, accountID: AccountID, weekStart: Day, sealed: (text: String, keyID: String)?, now: Int)
        throws(StorageError)
    {
        try write { db in
            guard let sealed else {
                try db.execute(sql: "DELETE FROM intentions WHERE tenant_id = ? AND account_id = ? AND week_start = ?",
                               arguments: [tenantID, accountID, weekStart.description])
                return
            }
            try db.execute(sql: """
                INSERT INTO intentions (tenant_id, account_id, week_start, text, key_id, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (tenant_id, account_id, week_start) DO UPDATE SET text = excluded.text, key_id = excluded.key_id,
                    updated_at = excluded.updated_at
                """, arguments: [tenantID, accountID, weekStart.description, sealed.text, sealed.keyID, now])
        }
    }

    /// Every intention, sealed, by week.
    public func intentions(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [(weekStart: Day, sealed: String, keyID: String)] {
        try read { db in
            try db.rows(sql: "SELECT week_start, text, key_id FROM intentions WHERE tenant_id = ? AND account_id = ? ORDER BY week_start",
                        arguments: [tenantID, accountID]).compactMap { row in
                Day(row["week_start"] as String).map { (weekStart: $0, sealed: row["text"], keyID: row["key_id"]) }
            }
        }
    }

    public func digestEmail(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> Bool {
        try read { db in try db.bool(sql: "SELECT digest_email FROM accounts WHERE tenant_id = ? AND id = ?", arguments: [tenantID, accountID]) ?? false }
    }

    /// Turns the weekly email on or off. Turned on, this week counts as sent: the first comes next week, not at once
    /// (the next minute's clock works out when, in the person's own zone).
    public func setDigestEmail(tenantID: TenantID, accountID: AccountID, on: Bool, thisWeek: Day) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET digest_email = ?, digest_sent_week = ?, digest_due_at = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [on, on ? thisWeek.description : nil, on ? 0 : nil, tenantID, accountID])
        }
    }

    /// Someone whose weekly email may be due: their week may have begun since it was last looked at.
    public struct DigestRecipient: Sendable {
        public let tenantID: TenantID
        public let accountID: AccountID
        public let email: String
        public let timeZone: String
        public let sentWeek: String?
        /// When it was to be looked at: a postponement or a claim holds only while this is unchanged.
        public let dueAt: Int
        /// Turned off by the organisation (SCIM): never emailed.
        public let isActive: Bool
    }

    /// The weekly emails due by `now`, the longest due first, a batch at a time: found by `accounts_digest_due`, so the
    /// minute's clock reads only these, not everyone who asked for the email.
    public func digestsDue(now: Int, limit: Int) throws(StorageError) -> [DigestRecipient] {
        try read { db in
            try db.rows(sql: Self.digestsDueSQL, arguments: [now, limit]).map {
                DigestRecipient(tenantID: $0["tenant_id"], accountID: $0["id"], email: $0["email"], timeZone: $0["time_zone"],
                                sentWeek: $0["digest_sent_week"], dueAt: $0["digest_due_at"], isActive: ($0["deactivated_at"] as Int?) == nil)
            }
        }
    }

    static let digestsDueSQL = """
        SELECT tenant_id, id, email, time_zone, digest_sent_week, digest_due_at, deactivated_at FROM accounts
        WHERE digest_due_at <= ? ORDER BY digest_due_at LIMIT ?
        """

    /// Marks the week's email as this node's to send, and when the next may be due: true only for the one caller that
    /// moved it on (so two ticks, or two nodes, never send it twice).
    public func claimDigest(_ recipient: DigestRecipient, week: Day, nextDueAt: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE accounts SET digest_sent_week = ?, digest_due_at = ? WHERE tenant_id = ? AND id = ? AND digest_email = 1
                    AND deactivated_at IS NULL AND digest_due_at = ? AND (digest_sent_week IS NULL OR digest_sent_week < ?)
                """, arguments: [week.description, nextDueAt, recipient.tenantID, recipient.accountID, recipient.dueAt, week.description])
            return db.changesCount == 1
        }
    }

    /// Nothing to send yet (this week's has gone, or the account is off): looked at again at `nextDueAt`, unless it
    /// changed meanwhile (turned off, a new zone, another node's claim).
    public func postponeDigest(_ recipient: DigestRecipient, until nextDueAt: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET digest_due_at = ? WHERE tenant_id = ? AND id = ? AND digest_due_at = ?",
                           arguments: [nextDueAt, recipient.tenantID, recipient.accountID, recipient.dueAt])
        }
    }
}
