import Synchronization

/// Counts events per key in a sliding window, in memory (one process serves each database).
/// Used for failed logins, sign-ups and password-reset requests.
public final class RateLimiter: Sendable {
    public let limit: Int
    public let window: Int
    private let events = Mutex<[String: [Int]]>([:])

    public init(limit: Int, window: Int) {
        self.limit = limit
        self.window = window
    }

    /// Seconds until `key` may act again, or nil if it may now.
    public func retryAfter(_ key: String, now: Int) -> Int? {
        events.withLock { all in
            let recent = (all[key] ?? []).filter { $0 > now - window }
            all[key] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return max(1, oldest + window - now)
        }
    }

    public func record(_ key: String, now: Int) {
        events.withLock { all in
            var recent = (all[key] ?? []).filter { $0 > now - window }
            recent.append(now)
            all[key] = recent
            // Bounded memory: forget the quietest keys when too many are tracked.
            if all.count > 100_000 { all = all.filter { $0.value.count > 1 } }
        }
    }

    public func reset(_ key: String) {
        _ = events.withLock { $0.removeValue(forKey: key) }
    }

    /// When `key` last acted.
    public func latest(_ key: String) -> Int? {
        events.withLock { $0[key]?.last }
    }

    public func count(_ key: String, now: Int) -> Int {
        events.withLock { ($0[key] ?? []).filter { $0 > now - window }.count }
    }
}
