import Synchronization

/// The read connections of one database file: each read transaction takes an idle one (or opens one) and gives it
/// back. At most `keep` stay open between reads; past that, a connection opened under a burst is closed after use.
final class SQLiteReaders: Sendable {
    private struct State {
        var idle: [SQLiteReadConnection] = []
        var isClosed = false
    }

    private let path: String
    private let keep: Int
    private let state = Mutex(State())

    init(path: String, keep: Int) {
        self.path = path
        self.keep = keep
    }

    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        let taken = state.withLock { state -> (closed: Bool, connection: SQLiteReadConnection?) in
            (state.isClosed, state.isClosed ? nil : state.idle.popLast())
        }
        guard !taken.closed else { throw SQLFailure(kind: .other, message: "the database is closed") }
        let connection = try taken.connection ?? SQLiteReadConnection(path: path)
        defer { state.withLock { if !$0.isClosed && $0.idle.count < keep { $0.idle.append(connection) } } }
        return try connection.transaction(body)
    }

    /// Closes the idle connections and refuses new reads (one in progress finishes, and its connection then closes).
    func close() {
        state.withLock {
            $0.isClosed = true
            $0.idle.removeAll()
        }
    }
}
