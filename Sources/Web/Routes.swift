/// The route table: every URL the app answers, in one place.
enum Routes {
    static func make(_ environment: AppEnvironment) -> Router {
        var router = Router()
        router.get(Paths.home) { context in try HomeHandler.show(context, environment) }
        router.get(Paths.health) { _ in HealthHandler.check(environment) }
        return router
    }
}
