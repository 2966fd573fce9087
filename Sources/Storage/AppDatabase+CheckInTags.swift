import Domain

/// A tenant's own check-in tags, in the order it added them; retired ones stay, named, for the days that carry them.
/// Each change raises the tenant's configuration version and writes its audit line in the same transaction.
extension AppDatabase {
    static func checkInTags(_ db: any SQLConnection, tenantID: TenantID) throws -> [CheckInTag] {
        try db.rows(sql: """
            SELECT id, label, retired_at FROM check_in_tags WHERE tenant_id = ? ORDER BY position, id
            """, arguments: [tenantID]).map {
            CheckInTag(value: $0["id"], label: $0["label"], isRetired: ($0["retired_at"] as Int?) != nil)
        }
    }

    /// The tenant's tags as of `tenant.configVersion`: kept between requests, read again after a change.
    public func checkInTags(of tenant: Tenant) throws(StorageError) -> [CheckInTag] {
        try configured(checkInTagCache, of: tenant) { db in try Self.checkInTags(db, tenantID: tenant.id) }
    }

    /// Adds a tag at the end, unless `refuse` (given the tags as they are inside the transaction) names a problem,
    /// which is returned instead: two admins adding at once cannot pass the limit or add the same name twice.
    public func addCheckInTag(tenantID: TenantID, label: String, now: Int, audit: AuditEntry,
                              refuse: ([CheckInTag]) -> String?) throws(StorageError) -> String? {
        try write { db in
            let current = try Self.checkInTags(db, tenantID: tenantID)
            if let problem = refuse(current) { return problem }
            let last = try db.int(sql: "SELECT coalesce(max(position), 0) FROM check_in_tags WHERE tenant_id = ?", arguments: [tenantID]) ?? 0
            try db.execute(sql: """
                INSERT INTO check_in_tags (tenant_id, id, label, position, created_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [tenantID, RandomID.make(), label, last + 1, now])
            try Self.configurationChanged(db, tenantID: tenantID)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return nil
        }
    }

    /// No longer offers the tag. False when it is not this tenant's or already retired.
    public func retireCheckInTag(tenantID: TenantID, id: String, now: Int, audit: AuditEntry) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE check_in_tags SET retired_at = ? WHERE tenant_id = ? AND id = ? AND retired_at IS NULL",
                           arguments: [now, tenantID, id])
            guard db.changesCount == 1 else { return false }
            try Self.configurationChanged(db, tenantID: tenantID)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }
}
