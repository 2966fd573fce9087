import Foundation

/// What a payment provider tells us, after its signature has been checked.
public struct PaymentEvent: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case checkoutPaid = "checkout.paid"
        case checkoutDeclined = "checkout.declined"
        case renewalPaid = "renewal.paid"
        case renewalFailed = "renewal.failed"
    }

    public let id: String
    public let kind: Kind
    public let accountID: String
    public let amount: Money
    public let checkoutID: String?
    public let periodEnd: Int?
    public let graceUntil: Int?
    /// Set by the test provider for its "pays once, then declines" card.
    public let renewalsWillFail: Bool

    public init(id: String, kind: Kind, accountID: String, amount: Money, checkoutID: String? = nil, periodEnd: Int? = nil,
                graceUntil: Int? = nil, renewalsWillFail: Bool = false) {
        self.id = id
        self.kind = kind
        self.accountID = accountID
        self.amount = amount
        self.checkoutID = checkoutID
        self.periodEnd = periodEnd
        self.graceUntil = graceUntil
        self.renewalsWillFail = renewalsWillFail
    }
}
