import Storage

/// What `/healthz` reports: whether the database answers.
public struct Health: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    public var isDatabaseReachable: Bool { database.isReachable() }
}
