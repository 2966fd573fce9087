/// A connection inside one of the store's transactions.
struct PostgresTransaction: SQLConnection {
    let connection: PostgresConnection
    var dialect: SQLDialect { .postgres }
    var changesCount: Int { connection.changesCount }

    func execute(sql: String, arguments: SQLArguments) throws { _ = try connection.run(sql, arguments) }

    func rows(sql: String, arguments: SQLArguments) throws -> [SQLRow] { try connection.run(sql, arguments) }

    func lock(_ key: String) throws {
        _ = try connection.run("SELECT pg_advisory_xact_lock(?)", [Self.lockKey(key)])
    }

    /// FNV-1a, 64 bits: two keys that collide only wait for each other, which is safe.
    static func lockKey(_ key: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}
