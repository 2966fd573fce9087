/// Rate limits, throttles and lockouts, kept in the database so that every app node sees every attempt.
/// Keys arrive already hashed (SHA-256 hex): no address or email is stored as such.
extension AppDatabase {
    /// Seconds to wait before the next attempt under `limit` events per `window` seconds, or nil if one may go now.
    public func rateLimitWait(limiter: String, keyHash: String, limit: Int, window: Int, now: Int) throws(StorageError) -> Int? {
        try read { db in try Self.rateLimitWait(db, limiter: limiter, keyHash: keyHash, limit: limit, window: window, now: now) }
    }

    static func rateLimitWait(_ db: any SQLConnection, limiter: String, keyHash: String, limit: Int, window: Int, now: Int) throws -> Int? {
        // The limit-th newest event inside the window decides: once it is older than the window, one more may go.
        guard let decisive = try db.int(sql: """
            SELECT at FROM rate_limit_events WHERE limiter = ? AND key_hash = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?
            """, arguments: [limiter, keyHash, now - window, limit - 1]) else { return nil }
        return max(1, decisive + window - now)
    }

    public func recordRateLimitEvent(limiter: String, keyHash: String, now: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: "INSERT INTO rate_limit_events (limiter, key_hash, at) VALUES (?, ?, ?)", arguments: [limiter, keyHash, now])
        }
    }

    /// Checks and records in one transaction, locked per key, so attempts at once on several nodes cannot all slip
    /// under the limit. Returns the wait when refused (and records nothing).
    public func admitRateLimited(limiter: String, keyHash: String, limit: Int, window: Int, now: Int) throws(StorageError) -> Int? {
        try write { db in
            try db.lock("rate:\(limiter):\(keyHash)")
            if let wait = try Self.rateLimitWait(db, limiter: limiter, keyHash: keyHash, limit: limit, window: window, now: now) {
                return wait
            }
            try db.execute(sql: "INSERT INTO rate_limit_events (limiter, key_hash, at) VALUES (?, ?, ?)", arguments: [limiter, keyHash, now])
            return nil
        }
    }

    public func clearRateLimit(limiter: String, keyHash: String) throws(StorageError) {
        try write { db in
            try db.execute(sql: "DELETE FROM rate_limit_events WHERE limiter = ? AND key_hash = ?", arguments: [limiter, keyHash])
        }
    }

    public func rateLimitEvents(limiter: String, keyHash: String, since: Int) throws(StorageError) -> (count: Int, latest: Int?) {
        try read { db in
            let row = try db.row(sql: "SELECT count(*) AS n, max(at) AS latest FROM rate_limit_events WHERE limiter = ? AND key_hash = ? AND at > ?",
                                 arguments: [limiter, keyHash, since])
            return (row?["n"] ?? 0, row?["latest"])
        }
    }

    /// Forgets events older than `before` (the housekeeping passes now minus the longest window).
    @discardableResult
    public func purgeRateLimitEvents(before: Int) throws(StorageError) -> Int {
        try write { db in
            try db.execute(sql: "DELETE FROM rate_limit_events WHERE at <= ?", arguments: [before])
            return db.changesCount
        }
    }

    public func rateLimitEventCount() throws(StorageError) -> Int {
        try read { db in try db.int(sql: "SELECT count(*) FROM rate_limit_events") ?? 0 }
    }
}
