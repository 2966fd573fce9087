import Synchronization

/// Parts of pages already drawn, each under everything that decides it, always including a version the database
/// moves on in the transaction of any change to what it shows (an account's history version, a tenant's community
/// version), read with the session on every request. A change anywhere, through any node, gives a new number, and
/// the old entry is never asked for again.
///
/// Bounded by bytes: when the next value would pass `budget`, everything is dropped and drawing starts again, so no
/// number of people or requests can grow it past that.
final class KeptPages<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let budget: Int
    private let size: @Sendable (Value) -> Int
    private let state = Mutex<(values: [Key: Value], bytes: Int)>(([:], 0))

    init(budget: Int, size: @escaping @Sendable (Value) -> Int) {
        self.budget = budget
        self.size = size
    }

    /// The value for `key`, drawn by `draw` if it is not here yet, or if the one here is no longer `current` (a value
    /// that also depends on the clock says until when it holds).
    func value(_ key: Key, current: (Value) -> Bool = { _ in true }, draw: () throws -> Value) rethrows -> Value {
        if let known = state.withLock({ $0.values[key] }), current(known) { return known }
        let value = try draw()
        let bytes = size(value)
        state.withLock { state in
            if state.bytes + bytes > budget { state = ([:], 0) }
            if let replaced = state.values.updateValue(value, forKey: key) { state.bytes -= size(replaced) }
            state.bytes += bytes
        }
        return value
    }

    /// How many values are kept (for tests).
    var count: Int { state.withLock { $0.values.count } }
}
