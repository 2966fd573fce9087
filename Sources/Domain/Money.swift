/// An amount of money in minor units (pence, cents) and its currency; never a floating-point number.
public struct Money: Sendable, Equatable, Codable {
    public let minor: Int
    public let currency: String

    public init(minor: Int, currency: String) {
        self.minor = minor
        self.currency = currency
    }

    /// "£1.99", "€5.00", "$10.50".
    public var formatted: String {
        let symbol = ["GBP": "£", "EUR": "€", "USD": "$"][currency] ?? currency + " "
        // `magnitude` is unsigned: unlike abs, it cannot trap, even for Int.min.
        let units = minor.magnitude
        let pence = units % 100
        return (minor < 0 ? "-" : "") + symbol + "\(units / 100)." + (pence < 10 ? "0" : "") + "\(pence)"
    }
}
