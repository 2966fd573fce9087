import HTTPServer

/// The welcome page, branded with the tenant's name from the database.
enum HomeHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render("home/index", title: nil, ["organisation": context.scope.tenant.name], context: context)
    }
}
