import Domain
import Foundation
import Logging
import Cryptography
import Storage

/// A payment provider that behaves like a card processor's test mode. Its checkout is a page on our own
/// server (clearly marked as test mode); results are sent back as signed webhook events.
///
/// Cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 pays now and
/// declines at renewal (to exercise past-due and expiry).
public struct TestPaymentProvider: PaymentProvider {
    public enum Card: Equatable {
        case succeeds, declined, failsAtRenewal

        public init?(number: String) {
            switch number.filter(\.isNumber) {
            case "4242424242424242": self = .succeeds
            case "4000000000000002": self = .declined
            case "4000000000000341": self = .failsAtRenewal
            default: return nil
            }
        }
    }

    let database: AppDatabase
    let receiver: WebhookReceiver
    /// Days a failed renewal keeps the subscription going.
    static let graceDays = 7

    public init(database: AppDatabase, receiver: WebhookReceiver) {
        self.database = database
        self.receiver = receiver
    }

    /// The hosted page's "Pay" button: decides as the card says, then tells the app by webhook.
    public func pay(tenantID: TenantID, accountID: AccountID, checkoutID: String, amount: Money, card: Card, now: Int) throws {
        // One event id per checkout: were it ever sent twice, it would still be applied once.
        let event = PaymentEvent(id: "evt_checkout_" + checkoutID, kind: card == .declined ? .checkoutDeclined : .checkoutPaid,
                                 accountID: accountID, amount: amount, checkoutID: checkoutID,
                                 periodEnd: card == .declined ? nil : Self.oneMonth(after: now),
                                 renewalsWillFail: card == .failsAtRenewal)
        try send(event, tenantID: tenantID, now: now)
    }

    public func requestRenewal(_ due: DueRenewal, now: Int) throws {
        let event = due.willFail
            ? PaymentEvent(id: "evt_" + SecureRandom.hex(12), kind: .renewalFailed, accountID: due.accountID, amount: due.amount,
                           graceUntil: now + Self.graceDays * 86400)
            : PaymentEvent(id: "evt_" + SecureRandom.hex(12), kind: .renewalPaid, accountID: due.accountID, amount: due.amount,
                           periodEnd: Self.oneMonth(after: due.periodEnd))
        try send(event, tenantID: due.tenantID, now: now)
    }

    /// Signs the event with the tenant's secret and delivers it to the same receiver `POST /webhooks/payments` uses.
    private func send(_ event: PaymentEvent, tenantID: TenantID, now: Int) throws {
        guard let tenant = try database.tenant(id: tenantID) else { return }
        let body = Array(try JSONEncoder().encode(event))
        let signature = WebhookReceiver.sign(body: body, secret: tenant.settings.webhookSecret, timestamp: now)
        try receiver.receive(tenant: tenant, body: body, signature: signature, now: now)
    }

    /// The same day next month (the 31st becomes the month's last day), in UTC.
    public static func oneMonth(after epoch: Int) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Bounded first: every time here comes from a checked event or our own rows, but a trap is never the answer.
        let date = Date(timeIntervalSince1970: TimeInterval(min(max(epoch, 0), PaymentEvent.latestTime)))
        return Int((calendar.date(byAdding: .month, value: 1, to: date) ?? date.addingTimeInterval(30 * 86400)).timeIntervalSince1970)
    }
}
