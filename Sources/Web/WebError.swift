import HTTPServer
import UseCases

/// Errors a handler raises on purpose. Each picks its own answer; anything else thrown is a 500
/// whose cause is logged and never shown.
public enum WebError: Error, Sendable, Equatable {
    case badRequest(String)
    case forbidden
    case notFound
    /// The request no longer fits the state of things (a run already rated).
    case conflict(String)
    case methodNotAllowed(allowed: [String])
    case contentTooLarge
    case tooManyRequests(retryAfter: Int)
    /// The CSRF token or the request's origin did not check out.
    case csrfFailed
    /// The page needs a signed-in person; they are sent to log in and then back to `returnTo`.
    case signInRequired(returnTo: String)
    /// The app lock is closed (or the organisation asks its staff for a passkey): to the unlock page, then back.
    case locked(returnTo: String, staff: Bool)
    /// Too many password hashes are running; the person is asked to try again shortly.
    case busy(retryAfter: Int)

    public var status: HTTPStatus {
        switch self {
        case .badRequest: .badRequest
        case .forbidden, .csrfFailed: .forbidden
        case .notFound: .notFound
        case .conflict: .conflict
        case .methodNotAllowed: .methodNotAllowed
        case .contentTooLarge: .contentTooLarge
        case .tooManyRequests: .tooManyRequests
        case .signInRequired, .locked: .seeOther
        case .busy: .serviceUnavailable
        }
    }
}

extension WebError {
    /// A use case's refusal as the page for it.
    init(_ error: UseCaseError) {
        switch error {
        case .notFound: self = .notFound
        case .conflict(let message): self = .conflict(message)
        // A form that shows these beside its fields catches them first (`FormErrors.attempt`); anywhere else, the words.
        case .invalid(let problems): self = .badRequest(problems.map(\.message).joined(separator: " "))
        case .tooManyRequests(let seconds): self = .tooManyRequests(retryAfter: seconds)
        }
    }
}
