import Domain

/// The devices that show a member's reminders (Web Push), always within one tenant, and whether email does too.
extension AppDatabase {
    private static let pushDeviceColumns = "id, account_id, endpoint, public_key, auth_secret, name, created_at"

    private static func pushDevice(_ row: SQLRow) -> PushDevice {
        PushDevice(id: PushDeviceID(stored: row["id"]), accountID: row["account_id"], endpoint: row["endpoint"], publicKey: row["public_key"],
                   authSecret: row["auth_secret"], name: row["name"], createdAt: row["created_at"])
    }

    public func pushDevices(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [PushDevice] {
        try read { db in
            try db.rows(sql: "SELECT \(Self.pushDeviceColumns) FROM push_devices WHERE tenant_id = ? AND account_id = ? ORDER BY created_at, id",
                        arguments: [tenantID, accountID]).map(Self.pushDevice)
        }
    }

    public enum PushDeviceAddition: Sendable, Equatable { case added, tooMany }

    /// Keeps a device, within the account's limit. A browser has one endpoint: one already kept in this organisation
    /// (the same browser, perhaps someone else's account on a shared computer) now belongs to this member alone, so
    /// nobody else's reminders appear on it.
    public func addPushDevice(_ device: PushDevice, tenantID: TenantID) throws(StorageError) -> PushDeviceAddition {
        try write { db in
            try db.execute(sql: "DELETE FROM push_devices WHERE tenant_id = ? AND endpoint = ?", arguments: [tenantID, device.endpoint])
            let count = try db.int(sql: "SELECT count(*) FROM push_devices WHERE tenant_id = ? AND account_id = ?",
                                   arguments: [tenantID, device.accountID]) ?? 0
            guard count < PushDevice.maximumPerAccount else { return .tooMany }
            try db.execute(sql: """
                INSERT INTO push_devices (id, tenant_id, account_id, endpoint, public_key, auth_secret, name, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [device.id, tenantID, device.accountID, device.endpoint, device.publicKey, device.authSecret, device.name,
                                 device.createdAt])
            return .added
        }
    }

    public static func newPushDeviceID() -> PushDeviceID { RandomID.id() }

    /// Removes one of the member's devices; false when they have none by that id.
    public func removePushDevice(tenantID: TenantID, accountID: AccountID, id: PushDeviceID) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM push_devices WHERE tenant_id = ? AND account_id = ? AND id = ?", arguments: [tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    public func pushDeviceExists(tenantID: TenantID, id: PushDeviceID, endpoint: String) throws(StorageError) -> Bool {
        try read { db in
            try db.bool(sql: "SELECT 1 FROM push_devices WHERE tenant_id = ? AND id = ? AND endpoint = ?", arguments: [tenantID, id, endpoint]) ?? false
        }
    }

    /// A push service said this device's subscription is gone (404 or 410): it is forgotten, whoever's it was. The
    /// endpoint as well as the id must match, so a device re-added since (a new row) is not removed by an old answer.
    public func forgetPushDevice(tenantID: TenantID, id: PushDeviceID, endpoint: String) throws(StorageError) {
        try write { db in
            try db.execute(sql: "DELETE FROM push_devices WHERE tenant_id = ? AND id = ? AND endpoint = ?", arguments: [tenantID, id, endpoint])
        }
    }
}
