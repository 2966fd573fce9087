/// Whether this node is the one that runs the subscription clock. On PostgreSQL the lease is a session-level
/// advisory lock held on a connection of its own: exactly one node holds it, and when that node dies its
/// connection drops, the server releases the lock, and the next node to ask takes over within one tick.
/// On SQLite there is one node, and it always holds the lease.
public final class ClockLease: @unchecked Sendable {
    private let conninfo: String?
    private var connection: PostgresConnection?

    public init(database: AppDatabase) {
        conninfo = (database.store as? PostgresStore)?.conninfo
    }

    /// Asks (or confirms) the lease; called from the clock's one thread only.
    public func isHeld() -> Bool {
        guard let conninfo else { return true }
        if let connection, connection.isUsable, (try? connection.run("SELECT 1", [])) != nil { return true }
        connection = nil
        guard let fresh = try? PostgresConnection(conninfo: conninfo),
              let row = try? fresh.run("SELECT pg_try_advisory_lock(hashtext('resett-clock:' || current_schema())) AS held", []).first,
              row["held"] as Bool
        else { return false }
        connection = fresh
        return true
    }

    /// Lets go (at shutdown), so another node takes over at once.
    public func release() { connection = nil }
}
