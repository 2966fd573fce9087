/// Why a use case refused. The web layer turns each into its page; nothing else a use case throws is shown.
public enum UseCaseError: Error, Sendable, Equatable {
    /// No such thing in this scope (another person's or another tenant's is "no such thing" too).
    case notFound
    /// The request no longer fits the state of things.
    case conflict(String)
    /// What was asked for breaks the use case's rules, each problem named by the input it is about.
    case invalid([FieldError])
    /// Too many attempts; try again after this many seconds.
    case tooManyRequests(retryAfter: Int)
}
