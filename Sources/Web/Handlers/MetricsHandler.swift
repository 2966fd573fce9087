import HTTPServer
import Cryptography

/// `GET /metrics` for Prometheus, for any host. Only from this machine, and not through a proxy (a request with
/// `X-Forwarded-For` came from somewhere else), unless it carries the operator's `--metrics-token` as a bearer
/// token. Anyone else is told it isn't here (404), as for a page that doesn't exist.
enum MetricsHandler {
    static func scrape(_ request: Request, _ environment: AppEnvironment) -> Response {
        guard isAllowed(request, token: environment.configuration.metricsToken) else {
            return .text("Not found\n", status: .notFound)
        }
        var response = Response(status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                                body: environment.metrics.exposition(passwordHashesInProgress: environment.hashingPool.inProgress))
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    static func isAllowed(_ request: Request, token: String?) -> Bool {
        if let token, !token.isEmpty, let sent = request.headers["Authorization"], sent.hasPrefix("Bearer "),
           Digest.constantTimeEqual(String(sent.dropFirst(7)), token) {
            return true
        }
        return request.headers["X-Forwarded-For"] == nil && loopback.contains(where: { $0.contains(request.remoteAddress) })
    }

    private static let loopback = ["127.0.0.0/8", "::1/128", "::ffff:127.0.0.0/104"].compactMap(IPAddressRange.init)
}
