import Domain

/// A member's glimmers, always within one tenant and one person. Storage sees their words only sealed.
extension AppDatabase {
    /// A glimmer as stored: its words still sealed.
    public struct StoredGlimmer: Sendable, Equatable {
        public let id: GlimmerID
        public let sealedText: String
        public let keyID: String
        public let kind: String?
        public let day: Day
        public let createdAt: Int
    }

    public static func newGlimmerID() -> GlimmerID { RandomID.id() }

    private static let glimmerColumns = "id, text, key_id, kind, day, created_at"

    private static func glimmer(_ row: SQLRow) -> StoredGlimmer? {
        Day(row["day"] as String).map {
            StoredGlimmer(id: GlimmerID(stored: row["id"]), sealedText: row["text"], keyID: row["key_id"], kind: row["kind"], day: $0,
                          createdAt: row["created_at"])
        }
    }

    public func insertGlimmer(tenantID: TenantID, accountID: AccountID, id: GlimmerID, sealedText: String, keyID: String, kind: String?,
                              day: Day, now: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO glimmers (tenant_id, id, account_id, text, key_id, kind, day, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [tenantID, id, accountID, sealedText, keyID, kind, day.description, now, now])
        }
    }

    /// Changes the member's own glimmer; false when they have none by that id.
    public func updateGlimmer(tenantID: TenantID, accountID: AccountID, id: GlimmerID, sealedText: String, keyID: String, kind: String?,
                              now: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE glimmers SET text = ?, key_id = ?, kind = ?, updated_at = ? WHERE tenant_id = ? AND account_id = ? AND id = ?",
                           arguments: [sealedText, keyID, kind, now, tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    public func deleteGlimmer(tenantID: TenantID, accountID: AccountID, id: GlimmerID) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM glimmers WHERE tenant_id = ? AND account_id = ? AND id = ?", arguments: [tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    public func glimmer(tenantID: TenantID, accountID: AccountID, id: GlimmerID) throws(StorageError) -> StoredGlimmer? {
        try read { db in
            try db.row(sql: "SELECT \(Self.glimmerColumns) FROM glimmers WHERE tenant_id = ? AND account_id = ? AND id = ?",
                       arguments: [tenantID, accountID, id]).flatMap(Self.glimmer)
        }
    }

    /// The member's glimmers kept on their days `first` through `last`, newest first, at most `limit`.
    public func glimmers(tenantID: TenantID, accountID: AccountID, from first: Day, through last: Day, limit: Int = 1000) throws(StorageError) -> [StoredGlimmer] {
        try read { db in
            try db.rows(sql: """
                SELECT \(Self.glimmerColumns) FROM glimmers WHERE tenant_id = ? AND account_id = ? AND day BETWEEN ? AND ?
                ORDER BY day DESC, created_at DESC, id DESC LIMIT ?
                """, arguments: [tenantID, accountID, first.description, last.description, max(0, min(limit, 100_000))]).compactMap(Self.glimmer)
        }
    }

    /// The months (first days) in which the member kept glimmers, newest first, for browsing.
    public func glimmerMonths(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [(month: Day, count: Int)] {
        try read { db in
            try db.rows(sql: """
                SELECT substr(day, 1, 7) AS month, count(*) AS n FROM glimmers WHERE tenant_id = ? AND account_id = ?
                GROUP BY substr(day, 1, 7) ORDER BY month DESC
                """, arguments: [tenantID, accountID]).compactMap { row in
                Day((row["month"] as String) + "-01").map { (month: $0, count: row["n"] as Int) }
            }
        }
    }

    /// The glimmer of the day: among the member's glimmers kept on or before `keptBy`, in a fixed order, the one `pick`
    /// chooses from their count. Two small queries on an index, whatever the number of glimmers.
    public func glimmerOfTheDay(tenantID: TenantID, accountID: AccountID, keptBy: Day, pick: (Int) -> Int?) throws(StorageError) -> StoredGlimmer? {
        try read { db in
            let count = try db.int(sql: "SELECT count(*) FROM glimmers WHERE tenant_id = ? AND account_id = ? AND day <= ?",
                                   arguments: [tenantID, accountID, keptBy.description]) ?? 0
            guard let index = pick(count), index >= 0, index < count else { return nil }
            return try db.row(sql: """
                SELECT \(Self.glimmerColumns) FROM glimmers WHERE tenant_id = ? AND account_id = ? AND day <= ?
                ORDER BY day, created_at, id LIMIT 1 OFFSET ?
                """, arguments: [tenantID, accountID, keptBy.description, index]).flatMap(Self.glimmer)
        }
    }
}
