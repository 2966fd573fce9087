import Domain
import Foundation
import Logging
import Storage

/// Renews and expires subscriptions on time. `serve` runs it every minute on its own thread; operators can
/// run it once with `resett subscriptions tick`; tests call `tick` with a moved clock.
public struct SubscriptionClock: Sendable {
    let database: AppDatabase
    let provider: any PaymentProvider
    let logger: Logger
    let throttles: Throttles?
    let sessionIdleLimit: Int
    let sessionAbsoluteLimit: Int
    let mailer: (any Mailer)?
    /// Mail files in the outbox hold live links; past the longest link lifetime they go.
    let mailLifetime: Int
    /// Moderation that has waited too long is mailed to the tenant's moderators (once per post).
    let reminders: OverdueReminders?
    /// The weekly digest email, to those who asked for it: its page's address for a tenant.
    let digestPage: (@Sendable (Tenant) -> String)?
    /// Members' own reminders (Account → Reminders): the links their emails carry.
    let reminderLinks: Reminders.Links?
    /// And their devices, when this server sends push messages.
    let push: PushReminders?

    public init(database: AppDatabase, provider: any PaymentProvider, logger: Logger, throttles: Throttles? = nil,
                sessionIdleLimit: Int = 7 * 86400, sessionAbsoluteLimit: Int = 30 * 86400, mailer: (any Mailer)? = nil,
                mailLifetime: Int = 3600, reminders: OverdueReminders? = nil, digestPage: (@Sendable (Tenant) -> String)? = nil,
                reminderLinks: Reminders.Links? = nil, push: PushReminders? = nil) {
        self.database = database
        self.provider = provider
        self.logger = logger
        self.throttles = throttles
        self.sessionIdleLimit = sessionIdleLimit
        self.sessionAbsoluteLimit = sessionAbsoluteLimit
        self.mailer = mailer
        self.mailLifetime = mailLifetime
        self.reminders = reminders
        self.digestPage = digestPage
        self.reminderLinks = reminderLinks
        self.push = push
    }

    public struct Outcome: Sendable, Equatable {
        public let renewalsRequested: Int
        public let expired: Int
    }

    @discardableResult
    public func tick(now: Int) throws -> Outcome {
        let due = try database.subscriptionsDueForRenewal(now: now)
        for renewal in due {
            do { try provider.requestRenewal(renewal, now: now) } catch {
                logger.error("renewal request failed", metadata: ["error": "\(error)"])
            }
        }
        let expired = try database.expireSubscriptions(now: now)
        // Housekeeping rides on the same minute: what can no longer be used is deleted, not kept.
        try database.purgeExpired(now: now, sessionIdleLimit: sessionIdleLimit, sessionAbsoluteLimit: sessionAbsoluteLimit)
        mailer?.removeOlder(than: mailLifetime)
        try throttles?.sweep(now: now)
        try reminders?.send(now: now)
        if let digestPage, let mailer {
            try WeeklyDigest.sendDue(database: database, mailer: mailer, page: digestPage, now: now, logger: logger)
        }
        if let reminderLinks, let mailer {
            try Reminders.sendDue(database: database, mailer: mailer, push: push, links: reminderLinks, now: now, logger: logger)
        }
        if !due.isEmpty || expired > 0 {
            logger.notice("subscriptions ticked", metadata: ["renewals": "\(due.count)", "expired": "\(expired)"])
        }
        return Outcome(renewalsRequested: due.count, expired: expired)
    }

    /// Ticks every `interval` seconds on a background thread until `stop` says so, while this node holds the
    /// clock's lease: with several app nodes, exactly one ticks, and another takes over if it dies.
    public func runInBackground(every interval: Double = 60, clock: @escaping @Sendable () -> Int,
                                stop: @escaping @Sendable () -> Bool) {
        let lease = ClockLease(database: database)
        let thread = Thread { [self] in
            defer { lease.release() }
            while !stop() {
                if lease.isHeld() {
                    do { try tick(now: clock()) } catch { logger.error("subscription tick failed", metadata: ["error": "\(error)"]) }
                }
                var waited = 0.0
                while waited < interval, !stop() {
                    Thread.sleep(forTimeInterval: 0.5)
                    waited += 0.5
                }
            }
        }
        thread.name = "resett-subscriptions"
        thread.start()
    }
}
