import Domain

/// Each tenant's community version (Migrations/sqlite/0029_community_versions.sql): a number the nodes keep pages of the
/// feed and the moderation queue under. Changes to what those pages show move it on by the schema's triggers
/// (0031_version_triggers.sql); these two are the events that are not a row of the community changing.
extension AppDatabase {
    /// A new tenant's row, which its community's changes move on from then on.
    static func startCommunityVersion(_ db: any SQLConnection, tenantID: TenantID) throws {
        try db.execute(sql: """
            INSERT INTO community_versions (tenant_id, version) VALUES (?, 0)
            ON CONFLICT (tenant_id) DO UPDATE SET version = community_versions.version + 1
            """, arguments: [tenantID])
    }

    /// A whole installation copied in: every tenant's community is new to the destination's nodes, whatever they kept
    /// before. (Every tenant has a row: its migration and `createTenant` make them, so none is added here.)
    static func moveEveryCommunityVersionOn(_ db: any SQLConnection) throws {
        try db.execute(sql: "UPDATE community_versions SET version = version + 1")
    }
}
