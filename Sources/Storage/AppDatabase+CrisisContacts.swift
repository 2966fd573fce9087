import Domain

/// A tenant's crisis contacts, in the order its admin chose. Changes and their audit lines are one transaction.
extension AppDatabase {
    static func crisisContacts(_ db: any SQLConnection, tenantID: TenantID) throws -> [CrisisContact] {
        try db.rows(sql: """
            SELECT id, name, purpose, phone, text_number, text_message, url, hours FROM crisis_contacts
            WHERE tenant_id = ? ORDER BY position, id
            """, arguments: [tenantID]).map {
            CrisisContact(id: $0["id"], name: $0["name"], purpose: $0["purpose"], phone: $0["phone"], textNumber: $0["text_number"],
                          textMessage: $0["text_message"], url: $0["url"], hours: $0["hours"])
        }
    }

    public func crisisContacts(tenantID: TenantID) throws(StorageError) -> [CrisisContact] {
        try read { db in try Self.crisisContacts(db, tenantID: tenantID) }
    }

    /// The contacts as of `tenant.configVersion` (read with the tenant at the start of the request): kept between
    /// requests, read again once a change has raised the version.
    public func crisisContacts(of tenant: Tenant) throws(StorageError) -> [CrisisContact] {
        try configured(crisisContactCache, of: tenant) { db in try Self.crisisContacts(db, tenantID: tenant.id) }
    }

    /// Every page's copy of the configuration is now out of date: in the same transaction as the change.
    static func configurationChanged(_ db: any SQLConnection, tenantID: TenantID) throws {
        try db.execute(sql: "UPDATE tenants SET config_version = config_version + 1 WHERE id = ?", arguments: [tenantID])
    }

    static func insertCrisisContact(_ db: any SQLConnection, tenantID: TenantID, _ contact: CrisisContact, position: Int) throws {
        try db.execute(sql: """
            INSERT INTO crisis_contacts (tenant_id, id, position, name, purpose, phone, text_number, text_message, url, hours)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [tenantID, RandomID.make(), position, contact.name, contact.purpose, contact.phone, contact.textNumber,
                             contact.textMessage, contact.url, contact.hours])
    }

    /// Adds a contact at the end (`contact.id` empty) or changes one. False when the id is not this tenant's.
    public func saveCrisisContact(tenantID: TenantID, _ contact: CrisisContact, audit: AuditEntry) throws(StorageError) -> Bool {
        try write { db in
            if contact.id.isEmpty {
                let last = try db.int(sql: "SELECT coalesce(max(position), 0) FROM crisis_contacts WHERE tenant_id = ?", arguments: [tenantID]) ?? 0
                try Self.insertCrisisContact(db, tenantID: tenantID, contact, position: last + 1)
            } else {
                try db.execute(sql: """
                    UPDATE crisis_contacts SET name = ?, purpose = ?, phone = ?, text_number = ?, text_message = ?, url = ?, hours = ?
                    WHERE tenant_id = ? AND id = ?
                    """, arguments: [contact.name, contact.purpose, contact.phone, contact.textNumber, contact.textMessage, contact.url,
                                     contact.hours, tenantID, contact.id])
                guard db.changesCount == 1 else { return false }
            }
            try Self.configurationChanged(db, tenantID: tenantID)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    public func deleteCrisisContact(tenantID: TenantID, id: String, audit: AuditEntry) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM crisis_contacts WHERE tenant_id = ? AND id = ?", arguments: [tenantID, id])
            guard db.changesCount == 1 else { return false }
            try Self.configurationChanged(db, tenantID: tenantID)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    /// Moves a contact one place up (or down); the list is renumbered 1, 2, 3… in the same transaction.
    public func moveCrisisContact(tenantID: TenantID, id: String, up: Bool, audit: AuditEntry) throws(StorageError) -> Bool {
        try write { db in
            var ids = try Self.crisisContacts(db, tenantID: tenantID).map(\.id)
            guard let index = ids.firstIndex(of: id) else { return false }
            let target = up ? index - 1 : index + 1
            guard ids.indices.contains(target) else { return true }
            ids.swapAt(index, target)
            for (position, id) in ids.enumerated() {
                try db.execute(sql: "UPDATE crisis_contacts SET position = ? WHERE tenant_id = ? AND id = ?",
                               arguments: [position + 1, tenantID, id])
            }
            try Self.configurationChanged(db, tenantID: tenantID)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }
}
