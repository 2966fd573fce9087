import Domain
import Foundation

/// An organisation's logo: the PNG in its own table, its fingerprint on the tenant (read with every request), both
/// changed in one transaction with the audit line.
extension AppDatabase {
    public func setLogo(tenantID: TenantID, _ image: PNGImage?, sha: String?, now: Int, audit: AuditEntry) throws(StorageError) {
        try write { db in
            try db.execute(sql: "DELETE FROM tenant_logos WHERE tenant_id = ?", arguments: [tenantID])
            if let image, let sha {
                try db.execute(sql: """
                    INSERT INTO tenant_logos (tenant_id, png_base64, sha, width, height, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [tenantID, Data(image.bytes).base64EncodedString(), sha, image.width, image.height, now])
            }
            try db.execute(sql: "UPDATE tenants SET logo_sha = ? WHERE id = ?", arguments: [sha, tenantID])
            try Self.appendAudit(db, tenantID: tenantID, audit)
        }
    }

    /// The logo's bytes and fingerprint, if the tenant has one.
    public func logo(tenantID: TenantID) throws(StorageError) -> (png: [UInt8], sha: String)? {
        try read { db in
            guard let row = try db.row(sql: "SELECT png_base64, sha FROM tenant_logos WHERE tenant_id = ?", arguments: [tenantID]),
                  let data = Data(base64Encoded: row["png_base64"] as String) else { return nil }
            return ([UInt8](data), row["sha"])
        }
    }
}
