import HTTPServer

/// Matches a method and a path to a handler. Patterns are `/literal/:parameter`; segments are
/// percent-decoded one by one after splitting, so `%2F` inside a parameter stays inside it.
public struct Router: Sendable {
    public typealias Handler = @Sendable (RequestContext) throws -> Response

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    struct Route: Sendable {
        let method: String
        /// As written in the route table, for logs and metrics.
        let pattern: String
        let segments: [Segment]
        let handler: Handler
    }

    public enum Match {
        case found(Handler, parameters: [String: String], pattern: String)
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    private var routes: [Route] = []

    public init() {}

    public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { part in
            part.hasPrefix(":") ? Segment.parameter(String(part.dropFirst())) : Segment.literal(String(part))
        }
        routes.append(Route(method: method, pattern: pattern, segments: Array(segments), handler: handler))
    }

    public mutating func get(_ pattern: String, _ handler: @escaping Handler) { add("GET", pattern, handler) }
    public mutating func post(_ pattern: String, _ handler: @escaping Handler) { add("POST", pattern, handler) }
    public mutating func put(_ pattern: String, _ handler: @escaping Handler) { add("PUT", pattern, handler) }
    public mutating func patch(_ pattern: String, _ handler: @escaping Handler) { add("PATCH", pattern, handler) }
    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add("DELETE", pattern, handler) }

    /// HEAD is answered by the GET route (the server drops the body).
    public func match(method: String, path: Substring) throws(WebError) -> Match {
        guard path.first == "/" else { throw .badRequest("The path must start with /.") }
        var decoded: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            decoded.append(try PercentEncoding.decode(part, plusIsSpace: false))
        }
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Self.bind(route.segments, to: decoded) else { continue }
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                return .found(route.handler, parameters: parameters, pattern: route.pattern)
            }
            allowed.append(route.method)
            if route.method == "GET" { allowed.append("HEAD") }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: Array(Set(allowed)).sorted())
    }

    private static func bind(_ segments: [Segment], to parts: [String]) -> [String: String]? {
        guard segments.count == parts.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let literal):
                guard literal == part else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                parameters[name] = part
            }
        }
        return parameters
    }
}
