/// Where a request's response is computed.
public enum ResponsePlacement: Sendable {
    /// On the event-loop thread: only for work that never blocks (static files, fixed answers).
    case eventLoop
    /// On the worker pool: anything that may block on the database, hashing or the disk.
    case workerPool
    /// On a thread of its own, never queued behind the worker pool: health checks, which must answer while
    /// every worker is busy.
    case priority
    /// On the waiting pool: work that spends most of its time waiting on something slow outside the page's budget (a
    /// turn for a password hash, another organisation's server). Its threads are many and cheap, and separate from the
    /// workers, so pages never queue behind it however long it waits.
    case waiting
}

/// What the server calls for every request it has parsed. The server knows nothing else of the application.
public protocol HTTPResponder: Sendable {
    func placement(for request: Request) -> ResponsePlacement
    func respond(to request: Request) -> Response
    /// The page for a request the server refused itself (400, 413, 414, 431, 501, 505, 408, 503).
    func errorResponse(for status: HTTPStatus) -> Response
    /// Called on an event loop once a response is queued for sending (for metrics). It must not block.
    func didRespond(_ completed: CompletedRequest)
}

/// What a finished request came to, without anything personal: for metrics.
public struct CompletedRequest: Sendable {
    public let method: String
    /// The route template, or nil when no route answered (a refused request, a file, a 404).
    public let route: String?
    public let status: Int
    public let seconds: Double
}

extension HTTPResponder {
    public func placement(for request: Request) -> ResponsePlacement { .workerPool }

    public func errorResponse(for status: HTTPStatus) -> Response {
        .text("\(status.code) \(status.reason)\n", status: status)
    }

    public func didRespond(_ completed: CompletedRequest) {}
}
