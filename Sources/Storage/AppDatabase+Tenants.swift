import GRDB

/// A tenant as the rest of the app sees it: a plain value, never a database record.
public struct TenantSummary: Sendable, Equatable {
    public let id: String
    public let slug: String
    public let name: String
}

extension AppDatabase {
    public func tenant(slug: String) throws(StorageError) -> TenantSummary? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT id, slug, name FROM tenants WHERE slug = ?", arguments: [slug])
                .map { TenantSummary(id: $0["id"], slug: $0["slug"], name: $0["name"]) }
        }
    }
}

extension AppDatabase {
    public func setTenantName(slug: String, to name: String) throws(StorageError) {
        try write { db in try db.execute(sql: "UPDATE tenants SET name = ? WHERE slug = ?", arguments: [name, slug]) }
    }
}
