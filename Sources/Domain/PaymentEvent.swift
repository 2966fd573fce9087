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
    public let accountID: AccountID
    public let amount: Money
    public let checkoutID: String?
    public let periodEnd: Int?
    public let graceUntil: Int?
    /// Set by the test provider for its "pays once, then declines" card.
    public let renewalsWillFail: Bool

    public init(id: String, kind: Kind, accountID: AccountID, amount: Money, checkoutID: String? = nil, periodEnd: Int? = nil,
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

    /// Latest time an event may name: far beyond any real period, well inside every integer and date type.
    public static let latestTime = 4_102_444_800  // 2100-01-01
    public static let largestAmount = 10_000_000

    /// Whether every field is within what a real provider would send. Even a correctly signed event is
    /// refused otherwise: a leaked secret or a provider bug must not reach arithmetic or the schema's CHECKs.
    public var isWithinBounds: Bool {
        func isSafeID(_ text: String) -> Bool {
            (1...100).contains(text.utf8.count)
                && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95 || $0 == 45 }
        }
        func isTime(_ value: Int?) -> Bool { value.map { (0...Self.latestTime).contains($0) } ?? true }
        return isSafeID(id) && isSafeID(accountID.rawValue) && checkoutID.map(isSafeID) ?? true
            && (0...Self.largestAmount).contains(amount.minor) && ["GBP", "EUR", "USD"].contains(amount.currency)
            && isTime(periodEnd) && isTime(graceUntil)
    }
}
