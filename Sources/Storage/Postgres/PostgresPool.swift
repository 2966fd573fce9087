import Foundation

/// A bounded set of libpq connections shared by the worker threads. A caller waits up to `waitLimit` seconds
/// for a free connection, then gets an error (a 503 page), so a slow database cannot pile up work without end.
final class PostgresPool: @unchecked Sendable {
    private let conninfo: String
    private let capacity: Int
    private let waitLimit: TimeInterval
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var closed = false

    init(conninfo: String, capacity: Int, waitLimit: TimeInterval = 5) {
        self.conninfo = conninfo
        self.capacity = max(1, capacity)
        self.waitLimit = waitLimit
    }

    func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let connection = try acquire()
        defer { release(connection, healthy: connection.isUsable) }
        return try body(connection)
    }

    private func acquire() throws -> PostgresConnection {
        condition.lock()
        let deadline = Date().addingTimeInterval(waitLimit)
        while idle.isEmpty && open >= capacity && !closed {
            if !condition.wait(until: deadline) {
                condition.unlock()
                throw StorageError.queryFailed("no database connection came free within \(Int(waitLimit)) s")
            }
        }
        if closed {
            condition.unlock()
            throw StorageError.queryFailed("the database is closed")
        }
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        open += 1
        condition.unlock()
        do {
            return try PostgresConnection(conninfo: conninfo)
        } catch {
            condition.lock()
            open -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    /// A connection that failed mid-transaction or lost its link is closed, not reused.
    private func release(_ connection: PostgresConnection, healthy: Bool) {
        condition.lock()
        if healthy && connection.isUsable && !closed {
            idle.append(connection)
        } else {
            open -= 1
        }
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        open -= idle.count
        idle.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
