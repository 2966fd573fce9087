import HTTPServer
import Cryptography

/// `GET /metrics` for Prometheus. On the public listener, only with the operator's `--metrics-token` as a bearer token:
/// whether a request came through a proxy cannot be told from its headers (`X-Forwarded-For`, `Forwarded`,
/// `X-Real-IP` and a dozen more), so no address is trusted. Anyone else is told it isn't here (404), as for a page that
/// doesn't exist. Without a token, metrics are served only on the listener the operator binds for them
/// (`--metrics-listen 127.0.0.1:9100`, `MetricsResponder`).
enum MetricsHandler {
    static func scrape(_ request: Request, _ environment: AppEnvironment) -> Response {
        guard isAllowed(request, token: environment.configuration.metricsToken) else {
            return .text("Not found\n", status: .notFound)
        }
        return exposition(environment)
    }

    static func exposition(_ environment: AppEnvironment) -> Response {
        var response = Response(status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                                body: environment.metrics.exposition(passwordHashesInProgress: environment.hashingPool.inProgress))
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    static func isAllowed(_ request: Request, token: String?) -> Bool {
        guard let token, !token.isEmpty, let sent = request.headers["Authorization"], sent.count <= 512, sent.hasPrefix("Bearer ") else { return false }
        return Digest.constantTimeEqual(String(sent.dropFirst(7)), token)
    }
}

/// The operator's own listener for metrics (`--metrics-listen`): `GET /metrics` without a token, nothing else. Bind it
/// to an address only the scraper reaches.
public struct MetricsResponder: HTTPResponder {
    let environment: AppEnvironment

    public init(environment: AppEnvironment) { self.environment = environment }

    public func respond(to request: Request) -> Response {
        guard request.path == Route.metrics.path, request.method == "GET" || request.method == "HEAD" else { return .text("Not found\n", status: .notFound) }
        return MetricsHandler.exposition(environment)
    }
}
