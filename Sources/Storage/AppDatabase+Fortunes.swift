

/// A row of the benchmark's `fortune` table (bench/fixture/Migrations). Only the bench fixture's
/// database has that table; it is here so the fixture measures our real database layer.
public struct Fortune: Sendable {
    public let id: Int
    public let message: String

    public init(id: Int, message: String) {
        self.id = id
        self.message = message
    }
}

extension AppDatabase {
    public func allFortunes() throws(StorageError) -> [Fortune] {
        try read { db in
            try db.rows(sql: "SELECT id, message FROM fortune").map {
                Fortune(id: $0[0], message: $0[1])
            }
        }
    }
}
