import Domain
import HTTPServer
import UseCases

/// /admin/check-in-tags: an admin adds tags of the organisation's own to the check-in ("Commute", "Night shift")
/// beside the standard eight, and removes them. For anyone but admins the page does not exist.
enum CheckInTagsHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try page(context, environment, member: member, typed: "", errors: FormErrors())
    }

    static func add(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let label = String((try context.form()["label"] ?? "").prefix(CheckInTag.labelLimit * 4))
        var errors = FormErrors()
        guard try errors.attempt("label", { try environment.checkIns.addTag(member, label: label) }) != nil else {
            return try page(context, environment, member: member, typed: label, errors: errors, status: .unprocessableContent)
        }
        return .redirect(to: Route.checkInTags.path + "?notice=tags-saved")
    }

    static func remove(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: CheckInTagID) throws -> Response {
        try environment.checkIns.retireTag(member, id: id)
        return .redirect(to: Route.checkInTags.path + "?notice=tags-saved")
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, typed: String,
                             errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        guard member.account.role == .admin else { throw WebError.notFound }
        let own = try environment.checkIns.tenantTags(member).filter { !$0.isRetired }
        let page = CheckInTagsPage(standard: CheckInTag.standard.map(\.label).joined(separator: ", "),
                                   tags: own.map { .init(label: $0.label, removePath: Route.checkInTagRemove(CheckInTagID(stored: $0.value)).path) },
                                   label: typed, labelLimit: CheckInTag.labelLimit, tenantLimit: CheckInTag.tenantLimit, errors: errors)
        return try environment.render(page, title: "Check-in tags", errors: errors, context: context,
                                          status: status)
    }
}
