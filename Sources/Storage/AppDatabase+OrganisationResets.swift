import Domain
import Foundation

/// The resets an organisation writes for its members. Every change raises the tenant's configuration version and
/// writes its audit line in the same transaction; every statement names the tenant.
extension AppDatabase {
    /// What saving a reset came to.
    public enum OrganisationResetSaving: Sendable, Equatable {
        case saved(OrganisationResetID)
        /// A rule checked inside the transaction refused it (a name already used, too many resets).
        case refused(String)
        case notFound
    }

    /// What deleting a reset came to.
    public enum OrganisationResetDeletion: Sendable, Equatable {
        case deleted
        /// Published once, so people may have runs of it: it can only be unpublished.
        case wasPublished
        case notFound
    }

    static func organisationResets(_ db: any SQLConnection, tenantID: TenantID) throws -> [OrganisationReset] {
        try db.rows(sql: """
            SELECT id, emotion, name, description, science_benefit, duration_seconds, safety_note, steps, position,
                   published_at, first_published_at
            FROM organisation_resets WHERE tenant_id = ? ORDER BY position, created_at, id
            """, arguments: [tenantID]).compactMap { row in
            // The steps were written by `encodedSteps`; a row that no longer reads is left out rather than shown broken.
            guard let json = (row["steps"] as String?)?.data(using: .utf8),
                  let steps = try? JSONDecoder().decode([ResetStep].self, from: json), !steps.isEmpty else { return nil }
            let reset = Reset(id: row["id"], emotion: row["emotion"], name: row["name"], description: row["description"],
                              scienceBenefit: row["science_benefit"], durationSeconds: row["duration_seconds"],
                              safetyNote: row["safety_note"], interactive: false, steps: steps)
            return OrganisationReset(reset: reset, position: row["position"], isPublished: (row["published_at"] as Int?) != nil,
                                     wasEverPublished: (row["first_published_at"] as Int?) != nil)
        }
    }

    /// The tenant's own resets, drafts included, as of `tenant.configVersion`: kept between requests, read again after
    /// a change, so listing and playing them costs no query.
    public func organisationResets(of tenant: Tenant) throws(StorageError) -> [OrganisationReset] {
        try configured(organisationResetCache, of: tenant) { db in try Self.organisationResets(db, tenantID: tenant.id) }
    }

    /// Adds `reset` (its id is made here) at the end, not published, unless `refuse` (given the tenant's resets as they
    /// are inside the transaction) names a problem.
    public func addOrganisationReset(tenantID: TenantID, _ reset: Reset, now: Int, audit: AuditEntry,
                                     refuse: ([OrganisationReset]) -> String?) throws(StorageError) -> OrganisationResetSaving {
        try write { db in
            try db.lock("organisation-resets:\(tenantID)")
            if let problem = refuse(try Self.organisationResets(db, tenantID: tenantID)) { return .refused(problem) }
            let id = RandomID.make()
            let last = try db.int(sql: "SELECT coalesce(max(position), 0) FROM organisation_resets WHERE tenant_id = ?",
                                  arguments: [tenantID]) ?? 0
            try db.execute(sql: """
                INSERT INTO organisation_resets (tenant_id, id, emotion, name, description, science_benefit, duration_seconds,
                    safety_note, steps, position, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [tenantID, id, reset.emotion, reset.name, reset.description, reset.scienceBenefit,
                                 reset.durationSeconds, reset.safetyNote, try Self.encodedSteps(reset.steps), last + 1, now, now])
            try Self.configurationChanged(db, tenantID: tenantID)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return .saved(OrganisationResetID(stored: id))
        }
    }

    /// Replaces the text of the reset `reset.id`, published or not (members see the change at once).
    public func updateOrganisationReset(tenantID: TenantID, _ reset: Reset, now: Int, audit: AuditEntry,
                                        refuse: ([OrganisationReset]) -> String?) throws(StorageError) -> OrganisationResetSaving {
        try write { db in
            try db.lock("organisation-resets:\(tenantID)")
            let current = try Self.organisationResets(db, tenantID: tenantID)
            guard current.contains(where: { $0.reset.id == reset.id }) else { return .notFound }
            if let problem = refuse(current) { return .refused(problem) }
            try db.execute(sql: """
                UPDATE organisation_resets SET emotion = ?, name = ?, description = ?, science_benefit = ?, duration_seconds = ?,
                    safety_note = ?, steps = ?, updated_at = ?
                WHERE tenant_id = ? AND id = ?
                """, arguments: [reset.emotion, reset.name, reset.description, reset.scienceBenefit, reset.durationSeconds,
                                 reset.safetyNote, try Self.encodedSteps(reset.steps), now, tenantID, reset.id])
            try Self.configurationChanged(db, tenantID: tenantID)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return .saved(OrganisationResetID(stored: reset.id))
        }
    }

    /// Publishes or unpublishes; false when the tenant has no such reset. Already so changes nothing and writes no line.
    public func setOrganisationResetPublished(tenantID: TenantID, id: OrganisationResetID, published: Bool, now: Int,
                                              audit: AuditEntry) throws(StorageError) -> Bool {
        try write { db in
            guard try db.int(sql: "SELECT 1 FROM organisation_resets WHERE tenant_id = ? AND id = ?",
                             arguments: [tenantID, id.rawValue]) != nil else { return false }
            if published {
                try db.execute(sql: """
                    UPDATE organisation_resets SET published_at = ?, first_published_at = coalesce(first_published_at, ?)
                    WHERE tenant_id = ? AND id = ? AND published_at IS NULL
                    """, arguments: [now, now, tenantID, id.rawValue])
            } else {
                try db.execute(sql: """
                    UPDATE organisation_resets SET published_at = NULL WHERE tenant_id = ? AND id = ? AND published_at IS NOT NULL
                    """, arguments: [tenantID, id.rawValue])
            }
            guard db.changesCount == 1 else { return true }
            try Self.configurationChanged(db, tenantID: tenantID)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    /// Swaps the reset with the one before it (`earlier`) or after it among the tenant's own; false when there is no
    /// such reset. At either end it stays put.
    public func moveOrganisationReset(tenantID: TenantID, id: OrganisationResetID, earlier: Bool,
                                      audit: AuditEntry) throws(StorageError) -> Bool {
        try write { db in
            try db.lock("organisation-resets:\(tenantID)")
            let current = try Self.organisationResets(db, tenantID: tenantID)
            guard let index = current.firstIndex(where: { $0.reset.id == id.rawValue }) else { return false }
            let other = earlier ? index - 1 : index + 1
            guard current.indices.contains(other) else { return true }
            // Positions are renumbered in the new order, so equal or missing numbers never make a move do nothing.
            var order = current.map(\.reset.id)
            order.swapAt(index, other)
            for (position, resetID) in order.enumerated() {
                try db.execute(sql: "UPDATE organisation_resets SET position = ? WHERE tenant_id = ? AND id = ?",
                               arguments: [position + 1, tenantID, resetID])
            }
            try Self.configurationChanged(db, tenantID: tenantID)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return true
        }
    }

    /// Deletes a reset that was never published (no one can have a run of it).
    public func deleteOrganisationReset(tenantID: TenantID, id: OrganisationResetID,
                                        audit: AuditEntry) throws(StorageError) -> OrganisationResetDeletion {
        try write { db in
            guard let row = try db.row(sql: "SELECT first_published_at FROM organisation_resets WHERE tenant_id = ? AND id = ?",
                                       arguments: [tenantID, id.rawValue]) else { return .notFound }
            guard (row["first_published_at"] as Int?) == nil else { return .wasPublished }
            try db.execute(sql: "DELETE FROM organisation_resets WHERE tenant_id = ? AND id = ?", arguments: [tenantID, id.rawValue])
            try Self.configurationChanged(db, tenantID: tenantID)
            try Self.appendAudit(db, tenantID: tenantID, audit)
            return .deleted
        }
    }

    static func encodedSteps(_ steps: [ResetStep]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(steps), as: UTF8.self)
    }
}
