import Foundation
@testable import Storage
import Testing

/// Issue 12: a schema Citus can distribute by tenant. Reads PostgreSQL's own catalog, so a migration that adds a
/// table or key breaking the rules fails here, whatever its SQL looks like.
@Suite("Citus-ready schema", .enabled(if: testPostgresURL != nil, "needs RESETT_TEST_POSTGRES"))
struct CatalogTests {
    /// The only tables shared by all tenants (docs/scaling.md names them too).
    static let sharedTables: Set<String> = ["tenants", "rate_limit_events", "mail_outbox"]

    /// What breaks the rules, one line each: every tenant-owned table has tenant_id (NOT NULL) in its primary key,
    /// in every unique constraint and unique index, and in every foreign key, matched to the parent's tenant_id
    /// (or to tenants.id).
    static func violations(in database: AppDatabase) throws -> [String] {
        try database.read { db in
            var found: [String] = []
            let tables = try db.strings(sql: """
                SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname != 'schema_migrations' ORDER BY 1
                """)
            for table in tables where !sharedTables.contains(table) {
                let tenantColumn = try db.int(sql: """
                    SELECT a.attnum FROM pg_attribute a WHERE a.attrelid = (current_schema() || '.' || ?)::regclass
                      AND a.attname = 'tenant_id' AND a.attnotnull AND NOT a.attisdropped
                    """, arguments: [table])
                guard let tenantColumn else {
                    found.append("\(table): no NOT NULL tenant_id column")
                    continue
                }
                // Primary key and every unique index (unique constraints have one).
                let indexes = try db.rows(sql: """
                    SELECT ic.relname AS name, i.indisprimary AS is_primary, array_to_string(i.indkey, ' ') AS columns
                    FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
                    WHERE i.indrelid = (current_schema() || '.' || ?)::regclass AND i.indisunique
                    """, arguments: [table])
                if !indexes.contains(where: { $0["is_primary"] as Bool }) { found.append("\(table): no primary key") }
                for index in indexes {
                    let columns = (index["columns"] as String).split(separator: " ").compactMap { Int($0) }
                    if !columns.contains(tenantColumn) { found.append("\(table): unique index \(index["name"] as String) lacks tenant_id") }
                }
                let foreignKeys = try db.rows(sql: """
                    SELECT con.conname AS name, confrelid::regclass::text AS parent,
                           array_to_string(con.conkey, ' ') AS local, array_to_string(con.confkey, ' ') AS remote
                    FROM pg_constraint con
                    WHERE con.conrelid = (current_schema() || '.' || ?)::regclass AND con.contype = 'f'
                    """, arguments: [table])
                for key in foreignKeys {
                    let local = (key["local"] as String).split(separator: " ").compactMap { Int($0) }
                    let remote = (key["remote"] as String).split(separator: " ").compactMap { Int($0) }
                    let parent: String = key["parent"]
                    let parentTable = String(parent.split(separator: ".").last ?? "")
                    guard let position = local.firstIndex(of: tenantColumn) else {
                        found.append("\(table): foreign key \(key["name"] as String) lacks tenant_id")
                        continue
                    }
                    let expected = parentTable == "tenants" ? "id" : "tenant_id"
                    let remoteName = try db.string(sql: """
                        SELECT attname FROM pg_attribute WHERE attrelid = (current_schema() || '.' || ?)::regclass AND attnum = ?
                        """, arguments: [parentTable, remote[position]])
                    if remoteName != expected {
                        found.append("\(table): foreign key \(key["name"] as String) matches tenant_id to \(parentTable).\(remoteName ?? "?")")
                    }
                }
            }
            return found
        }
    }

    @Test func everyTenantOwnedTableKeepsTenantIDInEveryKey() throws {
        let database = try AppDatabase.open(DatabaseLocation(temporaryDatabasePath()), migrationsDirectory: projectRoot + "/Migrations")
        let tables = Set(try database.tableNames())
        #expect(tables.count >= 18)
        #expect(Self.sharedTables.isSubset(of: tables))
        let violations = try Self.violations(in: database)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    /// Every tenant-owned table is distributed by Migrations/postgres/citus.sql (a table left out would stay on the
    /// coordinator, and its foreign keys to distributed tables would fail when an operator runs the script).
    @Test func citusDistributesEveryTenantOwnedTable() throws {
        let database = try AppDatabase.open(DatabaseLocation(temporaryDatabasePath()), migrationsDirectory: projectRoot + "/Migrations")
        let script = try String(contentsOfFile: projectRoot + "/Migrations/postgres/citus.sql", encoding: .utf8)
        let missing = try database.tableNames().filter {
            !Self.sharedTables.contains($0) && $0 != "schema_migrations" && !script.contains("create_distributed_table('\($0)', 'tenant_id'")
        }
        #expect(missing.isEmpty, "not in citus.sql: \(missing)")
    }

    /// The check itself can fail: a table keyed the way Resett's SQLite tables once were is caught on every count.
    @Test func theCheckCatchesATableThatBreaksTheRules() throws {
        let database = try AppDatabase.open(DatabaseLocation(temporaryDatabasePath()), migrationsDirectory: projectRoot + "/Migrations")
        try database.write { db in
            try db.execute(sql: """
                CREATE TABLE notes (id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, account_id TEXT, slug TEXT UNIQUE,
                                    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (id, tenant_id),
                                    FOREIGN KEY (slug) REFERENCES tenants (slug))
                """)
            try db.execute(sql: "CREATE TABLE loose (id TEXT PRIMARY KEY)")
        }
        let violations = try Self.violations(in: database)
        #expect(violations.contains("loose: no NOT NULL tenant_id column"))
        #expect(violations.contains { $0.hasPrefix("notes: unique index notes_pkey lacks tenant_id") })
        #expect(violations.contains { $0.hasPrefix("notes: unique index notes_slug_key lacks tenant_id") })
        #expect(violations.contains { $0.contains("matches tenant_id to accounts.id") })
        #expect(violations.contains { $0.hasPrefix("notes: foreign key notes_slug_fkey lacks tenant_id") })
        #expect(violations.count == 5, "\(violations)")
    }
}

/// No query joins rows of two tenants: every JOIN in the storage layer matches tenant_id on both sides (or joins
/// the tenant itself by its id). Read from the source, for both databases at once.
@Suite("Queries stay within a tenant")
struct TenantJoinTests {
    @Test func everyJoinMatchesTheTenant() throws {
        let folder = projectRoot + "/Sources/Storage"
        let files = try #require(FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]).filter { $0.hasSuffix(".swift") }
        var joins = 0
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for match in text.matches(of: /JOIN\s+(\w+)\s+(\w+)\s+ON\s+([^\n]+)/) {
                joins += 1
                let condition = String(match.3)
                let alias = String(match.2)
                let tenantMatched = condition.contains("\(alias).tenant_id = ") || condition.contains("= \(alias).tenant_id")
                    || (match.1 == "tenants" && condition.contains("\(alias).id"))
                #expect(tenantMatched, "\(file): JOIN \(match.1) \(alias) ON \(condition)")
            }
        }
        #expect(joins >= 3)
    }
}
