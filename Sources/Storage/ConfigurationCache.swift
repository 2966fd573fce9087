import Domain
import Synchronization

/// What a node derives from a tenant's configuration, kept per tenant with the configuration version it was read at
/// (`tenants.config_version`). A request carries the version it read with its tenant; a copy at that version is
/// current on every node, because any change raises the version in the change's own transaction. The same keeping
/// serves any other number moved on that way (the moderators' waiting count, under the community version), and the
/// Web layer's HTML of a tenant's crisis contacts.
public final class ConfigurationCache<Value: Sendable>: Sendable {
    private let entries = Mutex<[TenantID: (version: Int, value: Value)]>([:])
    /// Tenants are few; the bound only keeps a mistake from growing the process.
    private let limit = 4096

    public init() {}

    public func value(tenantID: TenantID, version: Int) -> Value? {
        entries.withLock { entries in
            guard let entry = entries[tenantID], entry.version == version else { return nil }
            return entry.value
        }
    }

    public func store(_ value: Value, tenantID: TenantID, version: Int) {
        entries.withLock { entries in
            // Never replace a newer copy with an older one (two requests may read either side of a change).
            if let current = entries[tenantID], current.version > version { return }
            if entries.count >= limit && entries[tenantID] == nil { entries.removeAll(keepingCapacity: true) }
            entries[tenantID] = (version, value)
        }
    }
}

extension AppDatabase {
    /// What `read` derives from a tenant's configuration, as of `tenant.configVersion` (read with the tenant at the start
    /// of the request): kept between requests in `cache`, read again once a change has raised the version.
    func configured<Value: Sendable>(_ cache: ConfigurationCache<Value>, of tenant: Tenant,
                                     _ read: @escaping (any SQLConnection) throws -> Value) throws(StorageError) -> Value {
        if let kept = cache.value(tenantID: tenant.id, version: tenant.configVersion) { return kept }
        let (version, value) = try self.read { db in
            (try db.int(sql: "SELECT config_version FROM tenants WHERE id = ?", arguments: [tenant.id]) ?? 0, try read(db))
        }
        cache.store(value, tenantID: tenant.id, version: version)
        return value
    }
}
