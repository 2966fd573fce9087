import Cryptography
import Storage

/// At most `limit` events per key in any `window` seconds, counted in the database so the limit holds across
/// every app node. Keys (addresses, emails with their tenant) are hashed with SHA-256 before they are stored.
public struct RateLimiter: Sendable {
    /// The limiter's name in the shared table.
    public let name: String
    public let limit: Int
    public let window: Int
    let database: AppDatabase

    public init(name: String, limit: Int, window: Int, database: AppDatabase) {
        self.name = name
        self.limit = max(1, limit)
        self.window = max(1, window)
        self.database = database
    }

    /// The first 1 KiB of the key's bytes, hashed: a cut through a character cannot make two keys one.
    static func keyHash(_ key: String) -> String {
        Hex.encode(Digest.sha256(Array(key.utf8.prefix(1024))))
    }

    /// Seconds to wait if the key is at its limit now, else nil.
    public func retryAfter(_ key: String, now: Int) throws(StorageError) -> Int? {
        try database.rateLimitWait(limiter: name, keyHash: Self.keyHash(key), limit: limit, window: window, now: now)
    }

    /// Counts an attempt if the key is under its limit; refuses with the wait otherwise. Check and count are one
    /// transaction, locked per key.
    func admit(_ key: String, now: Int) throws {
        if let wait = try database.admitRateLimited(limiter: name, keyHash: Self.keyHash(key), limit: limit, window: window, now: now) {
            throw UseCaseError.tooManyRequests(retryAfter: wait)
        }
    }

    public func record(_ key: String, now: Int) throws(StorageError) {
        try database.recordRateLimitEvent(limiter: name, keyHash: Self.keyHash(key), now: now)
    }

    public func reset(_ key: String) throws(StorageError) {
        try database.clearRateLimit(limiter: name, keyHash: Self.keyHash(key))
    }

    public func latest(_ key: String, now: Int) throws(StorageError) -> Int? {
        try database.rateLimitEvents(limiter: name, keyHash: Self.keyHash(key), since: now - window).latest
    }

    public func count(_ key: String, now: Int) throws(StorageError) -> Int {
        try database.rateLimitEvents(limiter: name, keyHash: Self.keyHash(key), since: now - window).count
    }
}
