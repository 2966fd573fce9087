import Domain
import Storage

/// A card processor. The app sends people to its checkout and asks it for renewals; every result comes
/// back only as a signed webhook event (see `WebhookReceiver`), never as a return value to trust.
public protocol PaymentProvider: Sendable {
    /// Charges a renewal; the outcome arrives later as `renewal.paid` or `renewal.failed`.
    func requestRenewal(_ due: DueRenewal, now: Int) throws
}
