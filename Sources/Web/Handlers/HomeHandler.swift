import HTTPServer

/// The welcome page. It reads the default tenant from the database, so it proves the whole path
/// from socket to SQLite to template.
enum HomeHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let tenant = try environment.database.tenant(slug: "default")
        return try environment.render("home/index", title: nil, [
            "organisation": tenant?.name ?? "Resett",
        ])
    }
}
