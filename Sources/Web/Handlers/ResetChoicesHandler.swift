import Domain
import HTTPServer
import UseCases

/// /admin/resets: an admin chooses which of the built-in resets the organisation's members see (rules in
/// `ResetChoices`). For anyone but admins the page does not exist.
enum ResetChoicesHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try page(context, environment, member: member, errors: FormErrors())
    }

    static func change(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: String, _ action: ResetChoiceAction) throws -> Response {
        var errors = FormErrors()
        guard try errors.attempt("resets", { try environment.resetChoices.setHidden(member, resetID: id, hidden: action == .hide) }) != nil else {
            return try page(context, environment, member: member, errors: errors, status: .conflict)
        }
        return .redirect(to: Route.adminResets.path + "?notice=resets-saved")
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, errors: FormErrors,
                             status: HTTPStatus = .ok) throws -> Response {
        guard member.account.role == .admin else { throw WebError.notFound }
        let hidden = try environment.resetChoices.hidden(context.scope)
        let library = environment.library
        let own = try environment.organisationResets.list(member)
        let page = ResetsAdminPage(
            own: own.enumerated().map { index, item in
                .init(name: item.reset.name, editPath: Route.ownReset(item.id).path, emotion: library.emotion(id: item.reset.emotion)?.label ?? item.reset.emotion,
                      duration: ResetsHandler.duration(item.reset.durationSeconds),
                      status: item.isPublished ? "Published" : item.wasEverPublished ? "Unpublished" : "Draft",
                      upPath: index > 0 ? Route.ownResetAction(item.id, .up).path : nil,
                      downPath: index < own.count - 1 ? Route.ownResetAction(item.id, .down).path : nil)
            },
            ownLimit: OrganisationReset.limit,
            emotions: library.emotions.map { emotion in
                .init(id: emotion.id, label: emotion.label, resets: library.resets(for: emotion.id).map { reset in
                    let isHidden = hidden.contains(reset.id)
                    return .init(name: reset.name, duration: ResetsHandler.duration(reset.durationSeconds), isHidden: isHidden,
                                 actionPath: Route.adminReset(reset.id, isHidden ? .show : .hide).path)
                })
            },
            errors: errors)
        return try environment.render(page, title: "Resets", errors: errors, context: context, status: status)
    }
}
