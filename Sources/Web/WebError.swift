import HTTPServer

/// Errors a handler raises on purpose. Each picks its own status; anything else thrown is a 500
/// whose cause is logged and never shown.
public enum WebError: Error, Sendable, Equatable {
    case badRequest(String)
    case forbidden
    case notFound
    case methodNotAllowed(allowed: [String])
    case contentTooLarge
    case tooManyRequests

    public var status: HTTPStatus {
        switch self {
        case .badRequest: .badRequest
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .contentTooLarge: .contentTooLarge
        case .tooManyRequests: .tooManyRequests
        }
    }
}
