import Domain
import HTTPServer
import UseCases

/// /admin/resets: an admin chooses which of the built-in resets the organisation's members see (rules in
/// `ResetChoices`). For anyone but admins the page does not exist.
enum ResetChoicesHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try page(context, environment, member: try context.staffMember(), errors: FormErrors())
    }

    static func change(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        let hide: Bool
        switch try context.parameter("action") {
        case "hide": hide = true
        case "show": hide = false
        default: throw WebError.notFound
        }
        do {
            try environment.resetChoices.setHidden(member, resetID: try context.parameter("id"), hidden: hide)
        } catch UseCaseError.conflict(let reason) {
            var errors = FormErrors()
            errors.add("resets", reason)
            return try page(context, environment, member: member, errors: errors, status: .conflict)
        }
        return .redirect(to: Paths.adminResets + "?notice=resets-saved")
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, errors: FormErrors,
                             status: HTTPStatus = .ok) throws -> Response {
        guard member.account.role == .admin else { throw WebError.notFound }
        let hidden = try environment.resetChoices.hidden(context.scope)
        let library = environment.library
        let own = try environment.organisationResets.list(member)
        let page = ResetsAdminPage(
            own: own.enumerated().map { index, item in
                .init(name: item.reset.name, editPath: Paths.ownReset(item.id), emotion: library.emotion(id: item.reset.emotion)?.label ?? item.reset.emotion,
                      duration: ResetsHandler.duration(item.reset.durationSeconds),
                      status: item.isPublished ? "Published" : item.wasEverPublished ? "Unpublished" : "Draft",
                      upPath: index > 0 ? Paths.ownResetAction(item.id, "up") : nil,
                      downPath: index < own.count - 1 ? Paths.ownResetAction(item.id, "down") : nil)
            },
            ownLimit: OrganisationReset.limit,
            emotions: library.emotions.map { emotion in
                .init(id: emotion.id, label: emotion.label, resets: library.resets(for: emotion.id).map { reset in
                    let isHidden = hidden.contains(reset.id)
                    return .init(name: reset.name, duration: ResetsHandler.duration(reset.durationSeconds), isHidden: isHidden,
                                 actionPath: Paths.adminReset(reset.id, isHidden ? "show" : "hide"),
                                 button: isHidden ? "Show “\(reset.name)”" : "Hide “\(reset.name)”")
                })
            },
            errors: errors)
        return try environment.render(page, title: "Resets", errors: errors, context: context, status: status)
    }
}
