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
        if let together = ReadTogether.current { return try read(together, body) }
        return try readAlone(body)
    }

    private func readAlone<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        let connection = try take()
        defer { giveBack(connection) }
        return try connection.transaction(body)
    }

    /// A read among the page's others: in the transaction the first of them opened (another store's reads, which no
    /// page makes, run on their own). A failed read ends it, so the next starts clean.
    private func read<T>(_ together: ReadTogether, _ body: (any SQLConnection) throws -> T) throws -> T {
        let me = ObjectIdentifier(self)
        let connection: SQLiteReadConnection
        if let held = together.held {
            guard held.store == me else { return try readAlone(body) }
            connection = held.connection
        } else {
            connection = try take()
            do { try connection.beginTransaction() } catch {
                giveBack(connection)
                throw error
            }
            together.hold(connection, of: me) { [self] in giveBack($0) }
        }
        do { return try body(connection) } catch {
            together.end()
            throw error
        }
    }

    /// Ends the reads held together on this thread, before a write: what the request reads next must see it.
    func endReadingTogether() {
        guard let together = ReadTogether.current, together.held?.store == ObjectIdentifier(self) else { return }
        together.end()
    }

    private func take() throws -> SQLiteReadConnection {
        let taken = state.withLock { state -> (closed: Bool, connection: SQLiteReadConnection?) in
            (state.isClosed, state.isClosed ? nil : state.idle.popLast())
        }
        guard !taken.closed else { throw SQLFailure(kind: .other, message: "the database is closed") }
        return try taken.connection ?? SQLiteReadConnection(path: path)
    }

    private func giveBack(_ connection: SQLiteReadConnection) {
        state.withLock { if !$0.isClosed && $0.idle.count < keep { $0.idle.append(connection) } }
    }

    /// `body` with its reads in one transaction (`ReadTogether`); inside another such call, just `body`.
    func together<T>(_ body: () throws -> T) rethrows -> T {
        if ReadTogether.current != nil { return try body() }
        let together = ReadTogether()
        defer { together.end() }
        return try ReadTogether.$current.withValue(together, operation: body)
    }

    /// Closes the idle connections and refuses new reads (one in progress finishes, and its connection then closes).
    func close() {
        state.withLock {
            $0.isClosed = true
            $0.idle.removeAll()
        }
    }
}
