import HTTPServer

/// `GET /healthz`: 200 while the database answers, 503 when it does not.
enum HealthHandler {
    static func check(_ environment: AppEnvironment) -> Response {
        var response = environment.database.isReachable()
            ? Response.text("ok\n") : Response.text("database unavailable\n", status: .serviceUnavailable)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
