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

    /// `GET /readyz`: 200 when this node may take traffic (migrations applied, database writable, templates loaded),
    /// else 503 naming what is missing (never a path, a URL or a password).
    static func ready(_ environment: AppEnvironment) -> Response {
        let problems = Health(database: environment.database).readinessProblems(migrationsDirectory: environment.migrationsDirectory)
        var response = problems.isEmpty ? Response.text("ready\n")
            : Response.text("not ready: " + problems.joined(separator: "; ") + "\n", status: .serviceUnavailable)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
