/// A failure the database reported, with what kind it was where that matters to us.
public struct SQLFailure: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable { case uniqueViolation, other }
    public let kind: Kind
    public let message: String
    public var description: String { message }
}
