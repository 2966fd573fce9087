import Domain

/// The built-in resets an organisation hides from its members; each change raises its configuration version and
/// writes its audit line in the same transaction.
extension AppDatabase {
    public func hiddenResets(of tenant: Tenant) throws(StorageError) -> Set<String> {
        try configured(hiddenResetCache, of: tenant) { db in
            Set(try db.strings(sql: "SELECT reset_id FROM hidden_resets WHERE tenant_id = ?", arguments: [tenant.id]))
        }
    }

    /// Hides or shows `resetID`, unless `refuse` (given the hidden set as it is inside the transaction) names a
    /// problem, which is returned instead.
    public func setResetHidden(tenantID: TenantID, resetID: String, hidden: Bool, now: Int, audit: AuditEntry,
                               refuse: (Set<String>) -> String?) throws(StorageError) -> String? {
        try write { db in
            var current = Set(try db.strings(sql: "SELECT reset_id FROM hidden_resets WHERE tenant_id = ?", arguments: [tenantID]))
            if hidden { current.insert(resetID) } else { current.remove(resetID) }
            if let problem = refuse(current) { return problem }
            if hidden {
                try db.execute(sql: "DELETE FROM hidden_resets WHERE tenant_id = ? AND reset_id = ?", arguments: [tenantID, resetID])
                try db.execute(sql: "INSERT INTO hidden_resets (tenant_id, reset_id, hidden_at) VALUES (?, ?, ?)", arguments: [tenantID, resetID, now])
            } else {
                try db.execute(sql: "DELETE FROM hidden_resets WHERE tenant_id = ? AND reset_id = ?", arguments: [tenantID, resetID])
            }
            try Self.configurationChanged(db, tenantID: tenantID)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return nil
        }
    }
}
