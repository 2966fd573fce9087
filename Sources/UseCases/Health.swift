import Storage

/// What `/healthz` reports: whether the database answers.
public struct Health: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    public var isDatabaseReachable: Bool { database.isReachable() }

    /// What `/readyz` reports: every migration applied and the database writable (templates are checked at start:
    /// a node that could not load them never serves).
    public func readinessProblems(migrationsDirectory: String) -> [String] {
        database.readinessProblems(migrationsDirectory: migrationsDirectory)
    }
}
