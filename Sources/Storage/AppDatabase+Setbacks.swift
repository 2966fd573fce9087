import Domain

/// A member's setbacks and small brave steps, always within one tenant and one person. Storage sees notes only sealed.
extension AppDatabase {
    /// A setback as stored: its note still sealed.
    public struct StoredSetback: Sendable, Equatable {
        public let id: SetbackID
        public let kind: String
        public let hurt: Int
        public let sealedNote: String?
        public let keyID: String?
        public let happenedAt: Int
        public let happenedDay: Day
        public let movedOnAt: Int?
        public let createdAt: Int
    }

    /// What is written when a setback is logged or changed.
    public struct SetbackFields: Sendable {
        public let kind: String
        public let hurt: Int
        public let sealedNote: String?
        public let keyID: String?
        public let happenedAt: Int
        public let happenedDay: Day

        public init(kind: String, hurt: Int, sealedNote: String?, keyID: String?, happenedAt: Int, happenedDay: Day) {
            self.kind = kind
            self.hurt = hurt
            self.sealedNote = sealedNote
            self.keyID = keyID
            self.happenedAt = happenedAt
            self.happenedDay = happenedDay
        }
    }

    /// A new setback's id, made before it is stored so its note can be sealed to it.
    public static func newSetbackID() -> SetbackID { RandomID.id() }

    private static let setbackColumns = "id, kind, hurt, note, key_id, happened_at, happened_day, moved_on_at, created_at"
    private static let setbackByID = "SELECT \(setbackColumns) FROM setbacks WHERE tenant_id = ? AND account_id = ? AND id = ?"

    private static func setback(_ row: SQLRow) -> StoredSetback? { setback(row.values) }

    /// From the values in `setbackColumns`' order: the year's setbacks behind the patterns page are read this way, into
    /// one reused buffer, with no row and no look-up by name for each.
    private static func setback(_ values: [SQLValue]) -> StoredSetback? {
        guard values.count == 9, let id = String(sqlValue: values[0]), let kind = String(sqlValue: values[1]),
              let hurt = Int(sqlValue: values[2]), let happenedAt = Int(sqlValue: values[5]),
              let dayText = String(sqlValue: values[6]), let day = Day(dayText), let createdAt = Int(sqlValue: values[8])
        else { return nil }
        return StoredSetback(id: SetbackID(stored: id), kind: kind, hurt: hurt, sealedNote: String(sqlValue: values[3]),
                             keyID: String(sqlValue: values[4]), happenedAt: happenedAt, happenedDay: day,
                             movedOnAt: Int(sqlValue: values[7]), createdAt: createdAt)
    }

    /// Logs a setback under `id` (made by the caller, so the note can be sealed to it first).
    /// Keeps a new setback, and (`followUpAt`, for one that hurt a lot) schedules the member's follow-up reminder if they
    /// have it on, in the same transaction.
    public func insertSetback(tenantID: TenantID, accountID: AccountID, id: SetbackID, _ fields: SetbackFields, now: Int,
                              followUpAt: Int? = nil) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO setbacks (tenant_id, id, account_id, kind, hurt, note, key_id, happened_at, happened_day, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [tenantID, id, accountID, fields.kind, fields.hurt, fields.sealedNote, fields.keyID, fields.happenedAt,
                                 fields.happenedDay.description, now, now])
            if let followUpAt {
                try db.execute(sql: "UPDATE reminders SET due_at = ? WHERE tenant_id = ? AND account_id = ? AND kind = ? AND enabled = 1",
                               arguments: [followUpAt, tenantID, accountID, ReminderKind.setback.rawValue])
            }
        }
    }

    /// Changes the member's own setback; false when they have none by that id.
    public func updateSetback(tenantID: TenantID, accountID: AccountID, id: SetbackID, _ fields: SetbackFields, now: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE setbacks SET kind = ?, hurt = ?, note = ?, key_id = ?, happened_at = ?, happened_day = ?, updated_at = ?
                WHERE tenant_id = ? AND account_id = ? AND id = ?
                """, arguments: [fields.kind, fields.hurt, fields.sealedNote, fields.keyID, fields.happenedAt, fields.happenedDay.description,
                                 now, tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    /// Marks it moved on from (now), or not yet (nil); false when the member has none by that id.
    public func setSetbackMovedOn(tenantID: TenantID, accountID: AccountID, id: SetbackID, at movedOnAt: Int?, now: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE setbacks SET moved_on_at = ?, updated_at = ? WHERE tenant_id = ? AND account_id = ? AND id = ?",
                           arguments: [movedOnAt, now, tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    public func deleteSetback(tenantID: TenantID, accountID: AccountID, id: SetbackID) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM setbacks WHERE tenant_id = ? AND account_id = ? AND id = ?", arguments: [tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    /// The member's own setback; nil for anyone else's, in this tenant or another.
    public func setback(tenantID: TenantID, accountID: AccountID, id: SetbackID) throws(StorageError) -> StoredSetback? {
        try read { db in
            try db.row(sql: Self.setbackByID, arguments: [tenantID, accountID, id]).flatMap(Self.setback)
        }
    }

    /// The member's setbacks that happened at or after `since`, newest first, at most `limit`.
    public func setbacks(tenantID: TenantID, accountID: AccountID, since: Int, limit: Int) throws(StorageError) -> [StoredSetback] {
        try read { db in
            var found: [StoredSetback] = []
            try db.forEachRow(sql: """
                SELECT \(Self.setbackColumns) FROM setbacks WHERE tenant_id = ? AND account_id = ? AND happened_at >= ?
                ORDER BY happened_at DESC, id DESC LIMIT ?
                """, arguments: [tenantID, accountID, since, max(0, min(limit, 100_000))]) { values in
                if let setback = Self.setback(values) { found.append(setback) }
            }
            return found
        }
    }

    /// What the insights read of the member's setbacks since `since`: those that happened from `happenedSince`, those
    /// moved on from since `movedOnSince`, and the newest `newest` whenever they happened, newest first (at most
    /// `limit`); and how many there are since `since` in all (at most `limit`), counted on the index, with when the
    /// oldest of those happened (the count changes when it leaves the year).
    public func setbacksForInsights(tenantID: TenantID, accountID: AccountID, since: Int, happenedSince: Int, movedOnSince: Int,
                                    newest: Int, limit: Int) throws(StorageError) -> (setbacks: [StoredSetback], total: Int, oldest: Int?) {
        let limit = max(0, min(limit, 100_000))
        return try read { db in
            var found: [StoredSetback] = []
            try db.forEachRow(sql: """
                SELECT \(Self.setbackColumns) FROM setbacks WHERE tenant_id = ? AND account_id = ? AND happened_at >= ?
                  AND (happened_at >= ? OR moved_on_at >= ? OR id IN (
                      SELECT id FROM setbacks WHERE tenant_id = ? AND account_id = ? ORDER BY happened_at DESC, id DESC LIMIT ?))
                ORDER BY happened_at DESC, id DESC LIMIT ?
                """, arguments: [tenantID, accountID, since, happenedSince, movedOnSince, tenantID, accountID, max(0, min(newest, 100)), limit]) { values in
                if let setback = Self.setback(values) { found.append(setback) }
            }
            // The index keeps them by when they happened, so the first of the kept is the oldest.
            let counted = try db.row(sql: """
                SELECT count(*) AS total, min(happened_at) AS oldest
                FROM (SELECT happened_at FROM setbacks WHERE tenant_id = ? AND account_id = ? AND happened_at >= ? ORDER BY happened_at LIMIT ?) AS kept
                """, arguments: [tenantID, accountID, since, limit])
            let total: Int = counted?["total"] ?? 0, oldest: Int? = counted.flatMap { $0["oldest"] }
            return (found, total, oldest)
        }
    }

    /// The member's setbacks on their own days `first` through `last`, in the order they happened.
    public func setbacks(tenantID: TenantID, accountID: AccountID, from first: Day, through last: Day) throws(StorageError) -> [StoredSetback] {
        try read { db in
            try db.rows(sql: """
                SELECT \(Self.setbackColumns) FROM setbacks WHERE tenant_id = ? AND account_id = ? AND happened_day BETWEEN ? AND ?
                ORDER BY happened_at, id
                """, arguments: [tenantID, accountID, first.description, last.description]).compactMap(Self.setback)
        }
    }

    /// The day's small brave step as kept: swaps, which one, and what the member did.
    public struct StoredSmallStep: Sendable, Equatable {
        public let day: Day
        public let swaps: Int
        public let stepID: String?
        public let outcome: String?
    }

    public func smallStep(tenantID: TenantID, accountID: AccountID, day: Day) throws(StorageError) -> StoredSmallStep? {
        try read { db in
            try db.row(sql: "SELECT local_day, swaps, step_id, outcome FROM small_steps WHERE tenant_id = ? AND account_id = ? AND local_day = ?",
                       arguments: [tenantID, accountID, day.description]).flatMap(Self.smallStep)
        }
    }

    private static func smallStep(_ row: SQLRow) -> StoredSmallStep? {
        Day(row["local_day"] as String).map { StoredSmallStep(day: $0, swaps: row["swaps"], stepID: row["step_id"], outcome: row["outcome"]) }
    }

    /// Another step for the day: one more swap (bounded). A day whose step was already done or let go keeps it: a swap
    /// sent late (a second tab) never takes away a day they tried.
    public func swapSmallStep(tenantID: TenantID, accountID: AccountID, day: Day, now: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO small_steps (tenant_id, account_id, local_day, swaps, updated_at) VALUES (?, ?, ?, 1, ?)
                ON CONFLICT (tenant_id, account_id, local_day) DO UPDATE SET swaps = CASE WHEN small_steps.swaps < 1000 THEN small_steps.swaps + 1 ELSE 1000 END,
                    updated_at = excluded.updated_at
                WHERE small_steps.outcome IS NULL
                """, arguments: [tenantID, accountID, day.description, now])
        }
    }

    /// The day's step done or let go.
    public func settleSmallStep(tenantID: TenantID, accountID: AccountID, day: Day, stepID: String, outcome: String, now: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO small_steps (tenant_id, account_id, local_day, swaps, step_id, outcome, updated_at) VALUES (?, ?, ?, 0, ?, ?, ?)
                ON CONFLICT (tenant_id, account_id, local_day) DO UPDATE SET step_id = excluded.step_id, outcome = excluded.outcome,
                    updated_at = excluded.updated_at
                """, arguments: [tenantID, accountID, day.description, stepID, outcome, now])
        }
    }

    /// How many days the member has done a small brave step on (a fact, never a streak).
    public func smallStepDaysDone(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> Int {
        try read { db in
            try db.int(sql: "SELECT count(*) FROM small_steps WHERE tenant_id = ? AND account_id = ? AND outcome = 'done'",
                       arguments: [tenantID, accountID]) ?? 0
        }
    }

    /// Every day with a step done or let go, for the member's export.
    public func smallSteps(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [StoredSmallStep] {
        try read { db in
            try db.rows(sql: "SELECT local_day, swaps, step_id, outcome FROM small_steps WHERE tenant_id = ? AND account_id = ? ORDER BY local_day",
                        arguments: [tenantID, accountID]).compactMap(Self.smallStep)
        }
    }
}
