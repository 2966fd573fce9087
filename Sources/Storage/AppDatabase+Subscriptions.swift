import Domain


/// Subscriptions, payments, checkouts and applied webhook events; all per tenant and person.
extension AppDatabase {
    private static let subscriptionColumns = "id, account_id, status, price_minor, currency, current_period_end, grace_until"
    private static let subscriptionOfAccount = "SELECT \(subscriptionColumns) FROM subscriptions WHERE tenant_id = ? AND account_id = ?"

    private static func subscription(from row: SQLRow) -> Subscription {
        Subscription(id: row["id"], accountID: row["account_id"],
                     status: Subscription.Status(rawValue: row["status"]) ?? .expired,
                     price: Money(minor: row["price_minor"], currency: row["currency"]),
                     currentPeriodEnd: row["current_period_end"], graceUntil: row["grace_until"])
    }

    public func subscription(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> Subscription? {
        try read { db in
            try db.row(sql: Self.subscriptionOfAccount, arguments: [tenantID, accountID]).map(Self.subscription(from:))
        }
    }

    /// A person's subscription and payment history as one read.
    public func billingOverview(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> (subscription: Subscription?, payments: [Payment]) {
        try read { db in
            (try db.row(sql: Self.subscriptionOfAccount, arguments: [tenantID, accountID]).map(Self.subscription(from:)),
             try Self.payments(db, tenantID: tenantID, accountID: accountID))
        }
    }

    public func payments(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [Payment] {
        try read { db in try Self.payments(db, tenantID: tenantID, accountID: accountID) }
    }

    static func payments(_ db: any SQLConnection, tenantID: TenantID, accountID: AccountID) throws -> [Payment] {
        return try db.rows(sql: """
            SELECT amount_minor, currency, outcome, description, created_at FROM payments
            WHERE tenant_id = ? AND account_id = ? ORDER BY created_at DESC, id DESC
            """, arguments: [tenantID, accountID]).map {
            Payment(amount: Money(minor: $0["amount_minor"], currency: $0["currency"]), paid: $0["outcome"] == "paid",
                    description: $0["description"], createdAt: $0["created_at"])
        }
    }

    // MARK: Checkouts

    public enum CheckoutStart: Sendable, Equatable {
        case started(id: String)
        /// Already subscribed (active or cancelling): nothing to pay for.
        case alreadySubscribed
    }

    /// Opens a checkout unless the person is already subscribed, deciding both in one transaction.
    public func startCheckout(tenantID: TenantID, accountID: AccountID, amount: Money, now: Int) throws(StorageError) -> CheckoutStart {
        try write { db in
            if try db.bool(sql: """
                SELECT 1 FROM subscriptions WHERE tenant_id = ? AND account_id = ? AND status IN ('active', 'cancelling')
                """, arguments: [tenantID, accountID]) == true { return .alreadySubscribed }
            let id = RandomID.make()
            try db.execute(sql: """
                INSERT INTO checkouts (id, tenant_id, account_id, amount_minor, currency, created_at) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [id, tenantID, accountID, amount.minor, amount.currency, now])
            return .started(id: id)
        }
    }

    /// An open checkout of this person (for the hosted page).
    public func openCheckout(tenantID: TenantID, accountID: AccountID, id typedID: CheckoutID) throws(StorageError) -> Money? {
        let id = typedID.rawValue
        return try read { db in
            try db.row(sql: """
                SELECT amount_minor, currency FROM checkouts
                WHERE tenant_id = ? AND account_id = ? AND id = ? AND status = 'open' AND claimed_at IS NULL
                """, arguments: [tenantID, accountID, id]).map { Money(minor: $0["amount_minor"], currency: $0["currency"]) }
        }
    }

    /// Claims an open checkout for payment: true for the one request that claims it, false for every other
    /// (a double click, a replay, a checkout already paid), decided by SQLite's single writer.
    public func claimCheckout(tenantID: TenantID, accountID: AccountID, id typedID: CheckoutID, now: Int) throws(StorageError) -> Bool {
        let id = typedID.rawValue
        return try write { db in
            try db.execute(sql: """
                UPDATE checkouts SET claimed_at = ?
                WHERE tenant_id = ? AND account_id = ? AND id = ? AND status = 'open' AND claimed_at IS NULL
                """, arguments: [now, tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    // MARK: Webhook events, each applied once

    /// Applies a verified payment event once: false (and nothing changes) if its id was seen before.
    public func applyPaymentEvent(tenantID: TenantID, event: PaymentEvent, now: Int) throws(StorageError) -> Bool {
        try write { db in
            if try db.bool(sql: "SELECT 1 FROM webhook_events WHERE tenant_id = ? AND event_id = ?",
                                 arguments: [tenantID, event.id]) == true {
                return false
            }
            try db.execute(sql: "INSERT INTO webhook_events (tenant_id, event_id, type, received_at) VALUES (?, ?, ?, ?)",
                           arguments: [tenantID, event.id, event.kind.rawValue, now])
            // The account must be this tenant's; an event naming anyone else changes nothing.
            guard try db.bool(sql: "SELECT 1 FROM accounts WHERE tenant_id = ? AND id = ?",
                                    arguments: [tenantID, event.accountID]) == true else { return true }
            switch event.kind {
            case .checkoutPaid:
                try db.execute(sql: "UPDATE checkouts SET status = 'paid' WHERE tenant_id = ? AND id = ? AND status = 'open'",
                               arguments: [tenantID, event.checkoutID ?? ""])
                try db.execute(sql: """
                    INSERT INTO subscriptions (id, tenant_id, account_id, status, price_minor, currency, current_period_end,
                        renewal_fails, created_at, updated_at)
                    VALUES (?, ?, ?, 'active', ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (tenant_id, account_id) DO UPDATE SET status = 'active', price_minor = excluded.price_minor,
                        currency = excluded.currency, current_period_end = excluded.current_period_end, grace_until = NULL,
                        renewal_fails = excluded.renewal_fails, updated_at = excluded.updated_at
                    """, arguments: [RandomID.make(), tenantID, event.accountID, event.amount.minor, event.amount.currency,
                                     event.periodEnd ?? now, event.renewalsWillFail, now, now])
                try Self.recordPayment(db, tenantID, event, paid: true, description: "Subscription started", now: now)
            case .checkoutDeclined:
                try db.execute(sql: "UPDATE checkouts SET status = 'declined' WHERE tenant_id = ? AND id = ? AND status = 'open'",
                               arguments: [tenantID, event.checkoutID ?? ""])
                try Self.recordPayment(db, tenantID, event, paid: false, description: "Card declined", now: now)
            case .renewalPaid:
                try db.execute(sql: """
                    UPDATE subscriptions SET status = 'active', current_period_end = ?, grace_until = NULL, updated_at = ?
                    WHERE tenant_id = ? AND account_id = ? AND status IN ('active', 'past_due')
                    """, arguments: [event.periodEnd ?? now, now, tenantID, event.accountID])
                try Self.recordPayment(db, tenantID, event, paid: true, description: "Monthly renewal", now: now)
            case .renewalFailed:
                try db.execute(sql: """
                    UPDATE subscriptions SET status = 'past_due', grace_until = ?, updated_at = ?
                    WHERE tenant_id = ? AND account_id = ? AND status = 'active'
                    """, arguments: [event.graceUntil ?? now, now, tenantID, event.accountID])
                try Self.recordPayment(db, tenantID, event, paid: false, description: "Renewal declined", now: now)
            }
            return true
        }
    }

    private static func recordPayment(_ db: any SQLConnection, _ tenantID: TenantID, _ event: PaymentEvent, paid: Bool, description: String,
                                      now: Int) throws {
        try db.execute(sql: """
            INSERT INTO payments (id, tenant_id, account_id, amount_minor, currency, outcome, description, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [RandomID.make(), tenantID, event.accountID, event.amount.minor, event.amount.currency,
                             paid ? "paid" : "declined", description, now])
    }

    // MARK: Cancel and resume

    /// Cancels at the end of the period: still unlimited until then. False if there was nothing to cancel.
    public func cancelSubscription(tenantID: TenantID, accountID: AccountID, now: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE subscriptions SET status = 'cancelling', updated_at = ?
                WHERE tenant_id = ? AND account_id = ? AND status = 'active'
                """, arguments: [now, tenantID, accountID])
            return db.changesCount == 1
        }
    }

    /// Undoes a cancellation before the period ends.
    public func resumeSubscription(tenantID: TenantID, accountID: AccountID, now: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE subscriptions SET status = 'active', updated_at = ?
                WHERE tenant_id = ? AND account_id = ? AND status = 'cancelling' AND current_period_end > ?
                """, arguments: [now, tenantID, accountID, now])
            return db.changesCount == 1
        }
    }

    // MARK: The clock's work

    /// Ends what is over: cancelled subscriptions at their period end, past-due ones after their grace.
    /// Returns how many expired.
    @discardableResult
    public func expireSubscriptions(now: Int) throws(StorageError) -> Int {
        try write { db in
            try db.execute(sql: """
                UPDATE subscriptions SET status = 'expired', updated_at = ?
                WHERE (status = 'cancelling' AND current_period_end <= ?) OR (status = 'past_due' AND grace_until <= ?)
                """, arguments: [now, now, now])
            return db.changesCount
        }
    }

    /// Active subscriptions whose period has ended: the provider is asked to renew each.
    public func subscriptionsDueForRenewal(now: Int) throws(StorageError) -> [DueRenewal] {
        try read { db in
            try db.rows(sql: """
                SELECT tenant_id, account_id, price_minor, currency, current_period_end, renewal_fails FROM subscriptions
                WHERE status = 'active' AND current_period_end <= ?
                """, arguments: [now]).map {
                DueRenewal(tenantID: $0["tenant_id"], accountID: $0["account_id"],
                           amount: Money(minor: $0["price_minor"], currency: $0["currency"]),
                           periodEnd: $0["current_period_end"], willFail: $0["renewal_fails"])
            }
        }
    }
}

public struct DueRenewal: Sendable {
    public let tenantID: TenantID
    public let accountID: AccountID
    public let amount: Money
    public let periodEnd: Int
    /// The test provider's card that pays once and then fails.
    public let willFail: Bool
}
