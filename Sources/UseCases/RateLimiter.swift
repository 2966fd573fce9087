import Security
import Synchronization

/// Counts events per key in a sliding window, in memory (one process serves each database).
/// Used for failed logins, sign-ups and password-reset requests.
///
/// Whatever a client sends, the table stays small: keys are stored as a 16-byte digest of the (already
/// normalised) key, each key keeps at most `limit` timestamps, expired entries are swept, and past
/// `capacity` keys the table forgets the keys idle longest.
public final class RateLimiter: Sendable {
    public let limit: Int
    public let window: Int
    public let capacity: Int
    private let state = Mutex(State())

    private struct State {
        var events: [Key: [Int]] = [:]
        var lastSweep = 0
    }

    struct Key: Hashable {
        let high: UInt64
        let low: UInt64
    }

    public init(limit: Int, window: Int, capacity: Int = 50_000) {
        self.limit = max(1, limit)
        self.window = max(1, window)
        self.capacity = max(16, capacity)
    }

    /// Callers pass keys made of bounded, normalised parts; the digest makes any length cost the same.
    static func key(_ text: String) -> Key {
        let digest = Digest.sha256(Array(text.utf8))
        var high: UInt64 = 0, low: UInt64 = 0
        for index in 0..<8 {
            high = high << 8 | UInt64(digest[index])
            low = low << 8 | UInt64(digest[index + 8])
        }
        return Key(high: high, low: low)
    }

    /// Seconds until `key` may act again, or nil if it may now.
    public func retryAfter(_ key: String, now: Int) -> Int? {
        let hashed = Self.key(key)
        return state.withLock { state in
            let recent = Self.recent(state.events[hashed], now: now, window: window)
            state.events[hashed] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return max(1, oldest + window - now)
        }
    }

    /// Counts an attempt, or refuses it with how long to wait when `key` is over the limit.
    func admit(_ key: String, now: Int) throws(UseCaseError) {
        if let wait = retryAfter(key, now: now) { throw .tooManyRequests(retryAfter: wait) }
        record(key, now: now)
    }

    public func record(_ key: String, now: Int) {
        let hashed = Self.key(key)
        state.withLock { state in
            var recent = Self.recent(state.events[hashed], now: now, window: window)
            recent.append(now)
            if recent.count > limit { recent.removeFirst(recent.count - limit) }
            state.events[hashed] = recent
            if now - state.lastSweep >= 60 || state.events.count > capacity { sweep(&state, now: now) }
        }
    }

    public func reset(_ key: String) {
        let hashed = Self.key(key)
        _ = state.withLock { $0.events.removeValue(forKey: hashed) }
    }

    /// When `key` last acted.
    public func latest(_ key: String) -> Int? {
        let hashed = Self.key(key)
        return state.withLock { $0.events[hashed]?.last }
    }

    public func count(_ key: String, now: Int) -> Int {
        let hashed = Self.key(key)
        return state.withLock { Self.recent($0.events[hashed], now: now, window: window).count }
    }

    /// Keys currently tracked (for tests and metrics).
    public var trackedKeyCount: Int { state.withLock { $0.events.count } }

    /// Drops expired entries; if still over capacity, the keys whose last event is oldest.
    public func sweep(now: Int) {
        state.withLock { sweep(&$0, now: now) }
    }

    private func sweep(_ state: inout State, now: Int) {
        state.lastSweep = now
        state.events = state.events.filter { $0.value.last.map { $0 > now - window } ?? false }
        if state.events.count > capacity {
            let keep = state.events.sorted { ($0.value.last ?? 0) > ($1.value.last ?? 0) }.prefix(capacity * 3 / 4)
            state.events = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
    }

    private static func recent(_ events: [Int]?, now: Int, window: Int) -> [Int] {
        guard let events else { return [] }
        return events.filter { $0 > now - window }
    }
}
