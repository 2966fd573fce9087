/// One event loop's idle connections (keep-alive between requests, or silent since accepted), oldest first, each with
/// the `idleMark` it had when queued: at the connection cap the oldest makes way for a new client, as nginx does.
/// Entries that stopped being idle are skipped when met, and pruned once a second, so the queue stays as long as the
/// idle connections. Only its loop's thread touches it.
struct IdleConnections {
    private var queue: [(connection: Connection, mark: Int)] = []
    private var head = 0

    mutating func add(_ connection: Connection) {
        connection.idleMark += 1
        queue.append((connection, connection.idleMark))
    }

    /// The longest-idle connection still idle, taken off the queue; nil when none is.
    mutating func takeOldest() -> Connection? {
        while head < queue.count {
            let (connection, mark) = queue[head]
            head += 1
            if Self.isStillIdle(connection, mark) { return connection }
        }
        return nil
    }

    mutating func prune() {
        queue = queue[head...].filter { Self.isStillIdle($0.connection, $0.mark) }
        head = 0
    }

    private static func isStillIdle(_ connection: Connection, _ mark: Int) -> Bool {
        !connection.isClosed && connection.phase == .idle && connection.idleMark == mark && !connection.hasPendingOutput
    }
}
