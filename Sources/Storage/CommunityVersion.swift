import Domain
import Foundation

extension AppDatabase {
    /// Moves the tenant's community version on (see Migrations/sqlite/0029_community_versions.sql), in the transaction
    /// of the change: any page of the feed or the queue kept under the old number is out of date, on every node.
    /// `tenantID` nil moves every tenant's on (a copy of a whole installation).
    static func communityChanged(_ db: any SQLConnection, tenantID: TenantID?) throws {
        if let tenantID {
            try db.execute(sql: """
                INSERT INTO community_versions (tenant_id, version) VALUES (?, 1)
                ON CONFLICT (tenant_id) DO UPDATE SET version = community_versions.version + 1
                """, arguments: [tenantID])
        } else {
            try db.execute(sql: "UPDATE community_versions SET version = version + 1")
        }
        (db as? CommunityWriteWatch)?.versionMoved = true
    }
}

/// A write transaction's connection that notices a change to what the community's pages show (a write to one of
/// `tables`) and whether the same transaction moved the community version on. `AppDatabase.write` refuses to commit
/// the first without the second: a write path that forgot it would otherwise leave every node showing a kept page
/// that is no longer true, and nothing else would notice.
final class CommunityWriteWatch: SQLConnection {
    /// What the feed, the queue and the moderators' waiting count are read from.
    static let tables = ["posts", "reactions", "reports", "posting_restrictions", "community_topics"]
    /// "insert into posts", "update posts ", "delete from posts" and the like, lower case, each table's.
    private static let writes: [String] = tables.flatMap { table in
        ["insert into \(table) ", "insert into \(table)(", "update \(table) ", "delete from \(table) "]
    }

    private let connection: any SQLConnection
    private(set) var communityWritten = false
    fileprivate(set) var versionMoved = false

    init(_ connection: any SQLConnection) {
        self.connection = connection
    }

    var dialect: SQLDialect { connection.dialect }
    var changesCount: Int { connection.changesCount }

    func execute(sql: String, arguments: SQLArguments) throws {
        try connection.execute(sql: sql, arguments: arguments)
        notice(sql)
    }

    func rows(sql: String, arguments: SQLArguments) throws -> [SQLRow] {
        let rows = try connection.rows(sql: sql, arguments: arguments)
        notice(sql)
        return rows
    }

    func forEachRow(sql: String, arguments: SQLArguments, _ body: ([SQLValue]) throws -> Void) throws {
        try connection.forEachRow(sql: sql, arguments: arguments, body)
        notice(sql)
    }

    func lock(_ key: String) throws {
        try connection.lock(key)
    }

    /// After the statement: one that changed no row (another tenant's post, say) changed nothing anyone sees.
    private func notice(_ sql: String) {
        guard !communityWritten, connection.changesCount > 0 else { return }
        // Statements are ours and few per write; whitespace folded so a line break after the table name counts too.
        let text = sql.lowercased().replacingOccurrences(of: "\n", with: " ") + " "
        communityWritten = Self.writes.contains { text.contains($0) }
    }
}
