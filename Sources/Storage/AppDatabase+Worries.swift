import Domain

/// A member's worries and their worry time, always within one tenant and one person. Storage sees a worry's words and
/// its first step only sealed (both under the one key named by key_id).
extension AppDatabase {
    /// A worry as stored: its words and step still sealed.
    public struct StoredWorry: Sendable, Equatable {
        public let id: WorryID
        public let sealedText: String
        public let keyID: String
        public let state: String
        public let sealedStep: String?
        public let dueDay: Day?
        public let doneAt: Int?
        public let revisitDay: Day?
        public let day: Day
        public let createdAt: Int
    }

    /// What a worry's sealed words are when it is written or becomes an action.
    public struct WorryWords: Sendable {
        public let sealedText: String
        public let keyID: String
        public let sealedStep: String?
        public let dueDay: Day?

        public init(sealedText: String, keyID: String, sealedStep: String?, dueDay: Day?) {
            self.sealedText = sealedText
            self.keyID = keyID
            self.sealedStep = sealedStep
            self.dueDay = dueDay
        }
    }

    public static func newWorryID() -> WorryID { RandomID.id() }

    private static let worryColumns = "id, text, key_id, state, step, due_day, done_at, revisit_day, day, created_at"

    private static func worry(_ row: SQLRow) -> StoredWorry? {
        guard let day = Day(row["day"] as String) else { return nil }
        return StoredWorry(id: WorryID(stored: row["id"]), sealedText: row["text"], keyID: row["key_id"], state: row["state"], sealedStep: row["step"],
                           dueDay: (row["due_day"] as String?).flatMap(Day.init), doneAt: row["done_at"],
                           revisitDay: (row["revisit_day"] as String?).flatMap(Day.init), day: day, createdAt: row["created_at"])
    }

    /// Writes a worry: open (not sorted yet), parked, or an action with its step (`words.sealedStep`).
    public func insertWorry(tenantID: TenantID, accountID: AccountID, id: WorryID, _ words: WorryWords, state: String, day: Day, now: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO worries (tenant_id, id, account_id, text, key_id, state, step, due_day, day, created_at, sorted_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [tenantID, id, accountID, words.sealedText, words.keyID, state, words.sealedStep, words.dueDay?.description,
                                 day.description, now, state == "open" ? nil : now, now])
        }
    }

    /// Moves the member's worry to `state` (parked or let go) when it is now in one of `from`; false otherwise (not
    /// theirs, or already moved on by another tab).
    public func moveWorry(tenantID: TenantID, accountID: AccountID, id: WorryID, from: [String], to state: String, revisitDay: Day?,
                          now: Int) throws(StorageError) -> Bool {
        let allowed = from.filter { ["open", "parked", "action", "let-go"].contains($0) }
        guard !allowed.isEmpty else { return false }
        var arguments: SQLArguments = [state, revisitDay?.description, now, now, tenantID, accountID, id]
        for state in allowed { arguments.append(state) }
        return try write { db in
            try db.execute(sql: """
                UPDATE worries SET state = ?, revisit_day = ?, sorted_at = coalesce(sorted_at, ?), updated_at = ?
                WHERE tenant_id = ? AND account_id = ? AND id = ? AND state IN (\(SQLArguments.placeholders(allowed.count)))
                """, arguments: arguments)
            return db.changesCount == 1
        }
    }

    /// Makes the member's worry an action with its first step (its words sealed again with the step, under one key).
    public func makeWorryAction(tenantID: TenantID, accountID: AccountID, id: WorryID, _ words: WorryWords, now: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE worries SET state = 'action', text = ?, key_id = ?, step = ?, due_day = ?, done_at = NULL, revisit_day = NULL,
                    sorted_at = coalesce(sorted_at, ?), updated_at = ?
                WHERE tenant_id = ? AND account_id = ? AND id = ?
                """, arguments: [words.sealedText, words.keyID, words.sealedStep, words.dueDay?.description, now, now, tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    /// Ticks an action done (now) or not (nil); false when the member has no action by that id.
    public func setWorryActionDone(tenantID: TenantID, accountID: AccountID, id: WorryID, at doneAt: Int?, now: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE worries SET done_at = ?, updated_at = ? WHERE tenant_id = ? AND account_id = ? AND id = ? AND state = 'action'
                """, arguments: [doneAt, now, tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    public func deleteWorry(tenantID: TenantID, accountID: AccountID, id: WorryID) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM worries WHERE tenant_id = ? AND account_id = ? AND id = ?", arguments: [tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    public func worry(tenantID: TenantID, accountID: AccountID, id: WorryID) throws(StorageError) -> StoredWorry? {
        try read { db in
            try db.row(sql: "SELECT \(Self.worryColumns) FROM worries WHERE tenant_id = ? AND account_id = ? AND id = ?",
                       arguments: [tenantID, accountID, id]).flatMap(Self.worry)
        }
    }

    /// The member's worries in any of `states`, oldest first, at most `limit`.
    public func worries(tenantID: TenantID, accountID: AccountID, states: [String], limit: Int) throws(StorageError) -> [StoredWorry] {
        guard !states.isEmpty else { return [] }
        var arguments: SQLArguments = [tenantID, accountID]
        for state in states { arguments.append(state) }
        arguments.append(max(0, min(limit, 100_000)))
        return try read { db in
            try db.rows(sql: """
                SELECT \(Self.worryColumns) FROM worries WHERE tenant_id = ? AND account_id = ? AND state IN (\(SQLArguments.placeholders(states.count)))
                ORDER BY created_at, id LIMIT ?
                """, arguments: arguments).compactMap(Self.worry)
        }
    }

    /// How many of the member's actions are still to do: counted by the index, not read and opened one by one.
    public func actionsToDo(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> Int {
        try read { db in
            try db.int(sql: "SELECT count(*) FROM worries WHERE tenant_id = ? AND account_id = ? AND state = 'action' AND done_at IS NULL",
                       arguments: [tenantID, accountID]) ?? 0
        }
    }

    /// How many of the member's worries are in each state (for the plain facts on their insights page).
    public func worryCounts(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [String: Int] {
        try read { db in
            var counts: [String: Int] = [:]
            for row in try db.rows(sql: "SELECT state, count(*) AS n FROM worries WHERE tenant_id = ? AND account_id = ? GROUP BY state",
                                   arguments: [tenantID, accountID]) {
                counts[row["state"]] = row["n"]
            }
            return counts
        }
    }

    public func worryTime(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> WorryTime? {
        try read { db in
            try db.row(sql: "SELECT start_minute, minutes FROM worry_times WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
                .flatMap { WorryTime(startMinute: $0["start_minute"], minutes: $0["minutes"]) }
        }
    }

    /// Sets the member's worry time, or clears it (nil).
    public func setWorryTime(tenantID: TenantID, accountID: AccountID, _ time: WorryTime?, now: Int) throws(StorageError) {
        try write { db in
            guard let time else {
                try db.execute(sql: "DELETE FROM worry_times WHERE tenant_id = ? AND account_id = ?", arguments: [tenantID, accountID])
                return
            }
            try db.execute(sql: """
                INSERT INTO worry_times (tenant_id, account_id, start_minute, minutes, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (tenant_id, account_id) DO UPDATE SET start_minute = excluded.start_minute, minutes = excluded.minutes,
                    updated_at = excluded.updated_at
                """, arguments: [tenantID, accountID, time.startMinute, time.minutes, now])
        }
    }
}
