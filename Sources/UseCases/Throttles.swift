/// In-memory throttles against guessing and flooding (one process serves each database). Address keys are the
/// tenant and the client address; account keys the tenant and the normalised email or the account id.
public struct Throttles: Sendable {
    /// Failed logins per account: from the tenth in 15 minutes, a correct password also needs an emailed link.
    let failedLoginsPerAccount = RateLimiter(limit: 10, window: 15 * 60)
    /// Failed logins per client address: past it, that address is refused for a while.
    let failedLoginsPerAddress = RateLimiter(limit: 50, window: 15 * 60)
    /// Wrong passwords given to confirm a change while signed in: past it, the session ends.
    let failedPasswordConfirmations = RateLimiter(limit: 5, window: 15 * 60)
    /// Every sign-up attempt counts, whatever its outcome, so probing addresses is slow.
    let signUpsPerAddress = RateLimiter(limit: 10, window: 3600)
    let signUpsPerEmail = RateLimiter(limit: 3, window: 3600)
    let resetRequestsPerAddress = RateLimiter(limit: 10, window: 3600)
    let resetRequestsPerEmail = RateLimiter(limit: 3, window: 3600)
    let postsPerMember = RateLimiter(limit: 5, window: 3600)
    let reportsPerMember = RateLimiter(limit: 10, window: 3600)

    public init() {}

    var all: [RateLimiter] {
        [failedLoginsPerAccount, failedLoginsPerAddress, failedPasswordConfirmations, signUpsPerAddress, signUpsPerEmail,
         resetRequestsPerAddress, resetRequestsPerEmail, postsPerMember, reportsPerMember]
    }

    /// Drops expired entries everywhere (the housekeeping's minute).
    public func sweep(now: Int) { all.forEach { $0.sweep(now: now) } }

    static func accountKey(tenantID: String, email: String) -> String {
        tenantID + ":" + String(email.lowercased().prefix(254))
    }
}
