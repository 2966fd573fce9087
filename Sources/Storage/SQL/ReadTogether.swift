/// The reads of one page, held in one read transaction: a page asks for its session, its day's runs, its check-in and
/// more, each through its own use case, and on SQLite every separate read transaction costs a `BEGIN`, two locks on
/// the write-ahead log's shared memory and a `COMMIT` (about ten microseconds: a good part of a small page). Inside
/// `AppDatabase.readingTogether` the first read opens a transaction and the others run in it, so the page also sees
/// one moment. A write ends it first, so whatever the request reads after its own write sees that write.
///
/// Bound to the thread that runs the page (a task-local outside any task is thread-local) and touched by no other.
final class ReadTogether: @unchecked Sendable {
    @TaskLocal static var current: ReadTogether?

    /// The store whose transaction is open, and that transaction's connection.
    private(set) var held: (store: ObjectIdentifier, connection: SQLiteReadConnection, giveBack: (SQLiteReadConnection) -> Void)?

    func hold(_ connection: SQLiteReadConnection, of store: ObjectIdentifier, giveBack: @escaping (SQLiteReadConnection) -> Void) {
        held = (store, connection, giveBack)
    }

    /// Closes the held transaction and gives its connection back.
    func end() {
        guard let held else { return }
        self.held = nil
        held.connection.endTransaction()
        held.giveBack(held.connection)
    }
}
