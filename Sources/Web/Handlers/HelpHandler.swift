import HTTPServer

/// `GET /help`: a breathing guide that needs no script, and the tenant's crisis-support words.
enum HelpHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render("help/index", title: "Need help now?",
                               ["crisisSupportText": context.scope.tenant.settings.crisisSupportText], context: context)
    }
}
