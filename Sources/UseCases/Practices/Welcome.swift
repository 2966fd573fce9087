import Domain
import Storage

/// The welcome a new account sees once, at its first sign-in however it was made, and its answers.
public struct Welcome: Sendable {
    let database: AppDatabase
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.clock = clock
    }

    /// True the first time it is asked for an account that has never been shown the welcome, and never again.
    public func firstShowing(_ account: Account) throws -> Bool {
        try database.markWelcomed(tenantID: account.tenantID, accountID: account.id, now: clock())
    }

    /// The daily preferences, saved once at the end: time zone, light or dark, and the feelings that come up most
    /// (known emotion ids only, at most five, in the library's order).
    public func save(_ member: MemberScope, timeZone: String, theme: Theme, feelings: [String], known: [String]) throws {
        let chosen = known.filter(feelings.contains).prefix(5)
        try database.saveWelcome(tenantID: member.tenantID, accountID: member.accountID, timeZone: timeZone, theme: theme,
                                 usualFeelings: Array(chosen), now: clock())
    }
}
