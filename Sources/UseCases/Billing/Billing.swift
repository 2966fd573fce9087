import Domain
import Logging
import Storage

/// A member's subscription: what they have and have paid, the hosted test checkout, cancelling and resuming.
/// Results of payments reach the app only as signed webhook events (`WebhookReceiver`).
public struct Billing: Sendable {
    let database: AppDatabase
    let provider: TestPaymentProvider
    let receiver: WebhookReceiver
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, logger: Logger, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.receiver = WebhookReceiver(database: database, logger: logger)
        self.provider = TestPaymentProvider(database: database, receiver: receiver)
        self.clock = clock
    }

    public struct Overview: Sendable {
        public let subscription: Subscription?
        public let payments: [Payment]
    }

    public func overview(_ member: MemberScope) throws -> Overview {
        let overview = try database.billingOverview(tenantID: member.tenantID, accountID: member.accountID)
        return Overview(subscription: overview.subscription, payments: overview.payments)
    }

    /// The member's subscription when it can be cancelled (active), else nil.
    public func cancellable(_ member: MemberScope) throws -> Subscription? {
        try database.subscription(tenantID: member.tenantID, accountID: member.accountID).flatMap { $0.status == .active ? $0 : nil }
    }

    /// A checkout for the tenant's price, unless already subscribed (nil then).
    public func startCheckout(_ member: MemberScope) throws -> CheckoutID? {
        switch try database.startCheckout(tenantID: member.tenantID, accountID: member.accountID, amount: member.tenant.settings.price,
                                          now: clock()) {
        case .alreadySubscribed: return nil
        case .started(let id): return CheckoutID(stored: id)
        }
    }

    /// What an open checkout of the member's asks for; nil once it is paid or being paid (or not theirs).
    public func openCheckout(_ member: MemberScope, _ id: CheckoutID) throws -> Money? {
        try database.openCheckout(tenantID: member.tenantID, accountID: member.accountID, id: id)
    }

    public enum PaymentOutcome: Sendable, Equatable {
        case paid, declined
        /// Paid or being paid by an earlier request (a double click): nothing more happens.
        case alreadyClaimed
    }

    /// The hosted test checkout's Pay button. The checkout is the idempotency key: only the request that claims
    /// it pays; every other finds it taken.
    public func pay(_ member: MemberScope, _ id: CheckoutID, card: TestPaymentProvider.Card) throws -> PaymentOutcome {
        guard let amount = try openCheckout(member, id),
              try database.claimCheckout(tenantID: member.tenantID, accountID: member.accountID, id: id, now: clock())
        else { return .alreadyClaimed }
        try provider.pay(tenantID: member.tenantID, accountID: member.accountID, checkoutID: id.rawValue, amount: amount, card: card,
                         now: clock())
        return card == .declined ? .declined : .paid
    }

    /// Cancels at the end of the period (still unlimited until then). False if there was nothing to cancel.
    public func cancel(_ member: MemberScope) throws -> Bool {
        try database.cancelSubscription(tenantID: member.tenantID, accountID: member.accountID, now: clock())
    }

    public func resume(_ member: MemberScope) throws {
        guard try database.resumeSubscription(tenantID: member.tenantID, accountID: member.accountID, now: clock()) else {
            throw UseCaseError.conflict("There’s no cancelled subscription to resume. You can subscribe again instead.")
        }
    }

    /// A payment provider's webhook for `scope`'s tenant: true when applied, false for a replay; throws a
    /// `WebhookReceiver.Refusal` for anything untrustworthy.
    public func receiveWebhook(_ scope: Scope, body: [UInt8], signature: String?) throws -> Bool {
        try receiver.receive(tenant: scope.tenant, body: body, signature: signature, now: clock())
    }

    /// The clock that renews and expires subscriptions, and does the housekeeping, every minute.
    public func subscriptionClock(logger: Logger, throttles: Throttles?, sessionIdleLimit: Int, sessionAbsoluteLimit: Int,
                                  mailer: (any Mailer)?, mailLifetime: Int, reminders: OverdueReminders? = nil,
                                  digestPage: (@Sendable (Tenant) -> String)? = nil, reminderLinks: Reminders.Links? = nil,
                                  push: PushReminders? = nil) -> SubscriptionClock {
        SubscriptionClock(database: database, provider: provider, logger: logger, throttles: throttles, sessionIdleLimit: sessionIdleLimit,
                          sessionAbsoluteLimit: sessionAbsoluteLimit, mailer: mailer, mailLifetime: mailLifetime, reminders: reminders,
                          digestPage: digestPage, reminderLinks: reminderLinks, push: push)
    }
}
