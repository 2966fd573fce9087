import HTTPServer
import UseCases

/// `GET /healthz`: 200 while the database answers, 503 when it does not.
enum HealthHandler {
    static func check(_ environment: AppEnvironment) -> Response {
        var response = Health(database: environment.database).isDatabaseReachable
            ? Response.text("ok\n") : Response.text("database unavailable\n", status: .serviceUnavailable)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
