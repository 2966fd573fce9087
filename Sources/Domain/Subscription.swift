/// A person's subscription. `cancelling` and `pastDue` still give unlimited resets, until the period
/// end and the grace period's end respectively.
public struct Subscription: Sendable, Equatable {
    public enum Status: String, Sendable {
        case active
        case cancelling
        case pastDue = "past_due"
        case expired
    }

    public let id: String
    public let accountID: AccountID
    public var status: Status
    public var price: Money
    public var currentPeriodEnd: Int
    public var graceUntil: Int?

    public init(id: String, accountID: AccountID, status: Status, price: Money, currentPeriodEnd: Int, graceUntil: Int?) {
        self.id = id
        self.accountID = accountID
        self.status = status
        self.price = price
        self.currentPeriodEnd = currentPeriodEnd
        self.graceUntil = graceUntil
    }

    public var givesUnlimitedResets: Bool { status != .expired }
}

/// A charge, successful or not.
public struct Payment: Sendable, Equatable {
    public let amount: Money
    public let paid: Bool
    public let description: String
    public let createdAt: Int

    public init(amount: Money, paid: Bool, description: String, createdAt: Int) {
        self.amount = amount
        self.paid = paid
        self.description = description
        self.createdAt = createdAt
    }
}

/// How many free resets a person has left today, or that they have no limit.
public enum Allowance: Sendable, Equatable {
    case unlimited
    case remaining(Int, of: Int)
}
