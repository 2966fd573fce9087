import Domain
import HTTPServer
import UseCases

/// Who may use a route (`Route.Kind.access`), checked before its handler runs.
enum Access: Sendable, Equatable {
    /// Anyone, signed in or not: the handler reads `context.scope.member` when it matters.
    case anyone
    /// Signed in; anyone else is sent to log in and brought back.
    case member
    /// Moderators and admins. For anyone else the page does not exist (404), so nobody learns where it is.
    case moderator
    /// Admins only; 404 for anyone else, as for moderators' pages.
    case admin
    /// An identity provider's SCIM client, with its bearer token (checked by `SCIMHandler` against the tenant's).
    case provisioningToken
    /// The payment provider, whose signature on the body is its proof (checked by `SubscriptionHandler.webhook`).
    case paymentSignature
    /// Operators and load balancers, for any host and before a tenant is looked up (`/metrics` asks for its token).
    case `operator`

    /// The member let in, for the routes that need one; nil for the rest. Throws what the person should see instead.
    func admit(_ context: RequestContext) throws(WebError) -> MemberScope? {
        switch self {
        case .anyone, .provisioningToken, .paymentSignature, .operator:
            return nil
        case .member:
            guard let member = context.scope.member else {
                throw .signInRequired(returnTo: context.request.method == "GET" ? String(context.request.target) : "/")
            }
            return member
        case .moderator:
            guard let member = context.scope.member, member.account.role.canModerate else { throw .notFound }
            return member
        case .admin:
            guard let member = context.scope.member, member.account.role == .admin else { throw .notFound }
            return member
        }
    }

    /// Whether a POST must carry the form's CSRF token. SCIM clients and the payment provider are not browsers and
    /// send no cookie; their token and signature are their proof.
    var checksFormToken: Bool {
        switch self {
        case .anyone, .member, .moderator, .admin: true
        case .provisioningToken, .paymentSignature, .operator: false
        }
    }
}
