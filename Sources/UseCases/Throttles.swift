import Domain
import Storage

/// Every limit on attempts, shared by all app nodes through the database. A class: many use cases hold it, and a
/// copy of twelve limiters was two dozen retains each time a page copied one of them.
public final class Throttles: Sendable {
    let failedLoginsPerAccount: RateLimiter
    let failedLoginsPerAddress: RateLimiter
    let failedPasswordConfirmations: RateLimiter
    let signUpsPerAddress: RateLimiter
    let signUpsPerEmail: RateLimiter
    let resetRequestsPerAddress: RateLimiter
    let resetRequestsPerEmail: RateLimiter
    let postsPerMember: RateLimiter
    let reportsPerMember: RateLimiter
    /// Each single sign-on begun keeps a row for ten minutes; this keeps one address from filling the table.
    let signOnStartsPerAddress: RateLimiter
    /// Each passkey sign-in begun keeps a challenge for five minutes. Every view of the log-in page begins one (for the
    /// browser's autofill), so the bound is wider than single sign-on's: an office behind one address still signs in.
    let passkeyChallengesPerAddress: RateLimiter
    /// A test notification reaches every device a member has allowed: a handful an hour is plenty to check one works.
    let testNotificationsPerAccount: RateLimiter
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
        func limiter(_ name: String, _ limit: Int, _ window: Int) -> RateLimiter {
            RateLimiter(name: name, limit: limit, window: window, database: database)
        }
        failedLoginsPerAccount = limiter("failed-logins-account", 10, 15 * 60)
        failedLoginsPerAddress = limiter("failed-logins-address", 50, 15 * 60)
        failedPasswordConfirmations = limiter("failed-confirmations", 5, 15 * 60)
        signUpsPerAddress = limiter("sign-ups-address", 10, 3600)
        signUpsPerEmail = limiter("sign-ups-email", 3, 3600)
        resetRequestsPerAddress = limiter("resets-address", 10, 3600)
        resetRequestsPerEmail = limiter("resets-email", 3, 3600)
        postsPerMember = limiter("posts-member", 5, 3600)
        reportsPerMember = limiter("reports-member", 10, 3600)
        signOnStartsPerAddress = limiter("sign-on-starts-address", 30, 15 * 60)
        passkeyChallengesPerAddress = limiter("passkey-challenges-address", 200, 15 * 60)
        testNotificationsPerAccount = limiter("test-notifications-account", 5, 3600)
    }

    var all: [RateLimiter] {
        [failedLoginsPerAccount, failedLoginsPerAddress, failedPasswordConfirmations, signUpsPerAddress, signUpsPerEmail,
         resetRequestsPerAddress, resetRequestsPerEmail, postsPerMember, reportsPerMember, signOnStartsPerAddress,
         passkeyChallengesPerAddress, testNotificationsPerAccount]
    }

    /// Forgets attempts older than the longest window.
    public func sweep(now: Int) throws(StorageError) {
        try database.purgeRateLimitEvents(before: now - (all.map(\.window).max() ?? 3600))
    }

    static func accountKey(tenantID: TenantID, email: String) -> String {
        "\(tenantID):" + String(email.lowercased().prefix(254))
    }
}
