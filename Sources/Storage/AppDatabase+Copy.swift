/// Moving a whole installation between databases (`resett copy-data`), and backups (`resett backup`).
extension AppDatabase {
    /// Every table, parents before children, so foreign keys hold as rows arrive.
    static let tablesInDependencyOrder = [
        "tenants", "community_versions", "tenant_unlimited_emails", "accounts", "sessions", "password_resets", "runs", "subscriptions", "payments",
        "checkouts", "webhook_events", "community_topics", "posts", "reactions", "reports", "posting_restrictions",
        "moderation_audit", "sign_in_links", "pending_sign_ups", "rate_limit_events", "crisis_contacts", "team_messages",
        "moderator_notes", "watched_words", "mail_outbox", "data_keys", "check_ins", "reflections", "intentions", "check_in_tags", "invitations", "scim_tokens", "tenant_logos", "hidden_resets", "organisation_resets", "identity_providers", "identity_links", "sign_on_attempts",
        "organisation_report_parts", "setbacks", "small_steps", "practice_sessions", "glimmers", "worries", "worry_times",
        "passkeys", "passkey_challenges", "reminders", "push_devices", "saml_assertions", "pending_identity_links", "first_passkey_requests",
    ]

    /// Columns the database numbers itself, which a copy carries over as they are.
    static let generatedColumns: [String: String] = ["posts": "seq", "moderation_audit": "id", "rate_limit_events": "id"]

    public struct CopiedTable: Sendable, Equatable {
        public let table: String
        public let rows: Int
    }

    /// Copies every row of this database into `destination`, which must be freshly migrated (nothing in it but
    /// the default tenant its migrations made, which the copy replaces). One read here, one write transaction
    /// there: a failure leaves the destination as it was. Row counts are compared table by table before the
    /// write commits. The two must be at the same migration.
    public func copyEverything(to destination: AppDatabase) throws(StorageError) -> [CopiedTable] {
        let tables = Self.tablesInDependencyOrder
        let sourceTables = Set(try tableNames()), destinationTables = Set(try destination.tableNames())
        guard Set(tables) == sourceTables, Set(tables) == destinationTables else {
            throw .invalid("both databases must be at the latest migration (run resett migrate on each first)")
        }
        return try read { source in
            try destination.write { target in
                if try target.int(sql: "SELECT count(*) FROM accounts") ?? 0 > 0 || target.int(sql: "SELECT count(*) FROM tenants") ?? 0 > 1 {
                    throw StorageError.conflict("the destination already holds data; copy into a freshly migrated database")
                }
                try target.execute(sql: "DELETE FROM community_topics")
                try target.execute(sql: "DELETE FROM tenants")
                var copied: [CopiedTable] = []
                for table in tables {
                    let rows = try source.rows(sql: "SELECT * FROM \(table)")
                    for row in rows {
                        var columns = row.columns, values = row.values
                        // SQLite's rate_limit_events has no id (its rowid serves); PostgreSQL numbers the rows itself.
                        if target.dialect == .sqlite, table == "rate_limit_events", let index = columns.firstIndex(of: "id") {
                            columns.remove(at: index)
                            values.remove(at: index)
                        }
                        let overriding = target.dialect == .postgres && Self.generatedColumns[table].map(columns.contains) == true
                        try target.execute(sql: """
                            INSERT INTO \(table) (\(columns.joined(separator: ", ")))\(overriding ? " OVERRIDING SYSTEM VALUE" : "")
                            VALUES (\(SQLArguments.placeholders(columns.count)))
                            """, arguments: SQLArguments(values))
                    }
                    // Numbers given out from now on continue after the copied ones.
                    if target.dialect == .postgres, let column = Self.generatedColumns[table] {
                        _ = try target.rows(sql: """
                            SELECT setval(pg_get_serial_sequence('\(table)', '\(column)'), (SELECT coalesce(max(\(column)), 0) + 1 FROM \(table)), false)
                            """)
                    }
                    let count = try target.int(sql: "SELECT count(*) FROM \(table)") ?? -1
                    guard count == rows.count else {
                        throw StorageError.queryFailed("\(table): copied \(count) rows of \(rows.count)")
                    }
                    copied.append(CopiedTable(table: table, rows: count))
                }
                try Self.moveEveryCommunityVersionOn(target)
                return copied
            }
        }
    }

    /// Row counts of every table, for comparing two databases.
    public func rowCounts() throws(StorageError) -> [CopiedTable] {
        try read { db in
            try Self.tablesInDependencyOrder.map { CopiedTable(table: $0, rows: try db.int(sql: "SELECT count(*) FROM \($0)") ?? 0) }
        }
    }

    /// SQLite: one consistent file written with VACUUM INTO while the database stays in use. PostgreSQL backups
    /// are pg_dump's job (`resett backup` runs it).
    public func backupSQLite(to path: String) throws(StorageError) {
        guard let store = store as? SQLiteStore else { throw .invalid("backupSQLite is for SQLite databases") }
        do { try store.backup(to: path) } catch { throw .queryFailed("\(error)") }
    }
}
