import Domain
import HTTPServer
import UseCases

/// Who may use a route (`Route.Kind.access`), checked before its handler runs.
enum Access: Sendable, Equatable {
    /// Anyone, signed in or not: the handler reads `context.scope.member` when it matters.
    case anyone
    /// Signed in; anyone else is sent to log in and brought back.
    case member
    /// Signed in, and behind the member's app lock when they have one: a locked session is asked for a passkey or
    /// password first (reading only, GET and HEAD: a form the person had open before it locked still saves, so nothing
    /// typed is lost; where it goes next is a locked page again).
    case privateMember
    /// Signed in and unlocked, for every method: the ways into the account (adding and removing passkeys, the lock's
    /// length, the sessions) and the page that lists them. A locked session is sent to unlock first, a POST too: whoever
    /// holds a locked session must not open it by adding a passkey of their own (issue 65).
    case credentials
    /// Moderators and admins. For anyone else the page does not exist (404), so nobody learns where it is.
    case moderator
    /// Admins only; 404 for anyone else, as for moderators' pages.
    case admin
    /// An identity provider's SCIM client, with its bearer token (checked by `SCIMHandler` against the tenant's).
    case provisioningToken
    /// The payment provider, whose signature on the body is its proof (checked by `SubscriptionHandler.webhook`).
    case paymentSignature
    /// A link we signed and mailed (a reminder's one-click "turn this off", RFC 8058): its signature is its proof, and a
    /// mail client posts it with no cookie (checked by `RemindersHandler.turnOff`).
    case signedLink
    /// Operators and load balancers, for any host and before a tenant is looked up (`/metrics` asks for its token).
    case `operator`

    /// The member let in, for the routes that need one; nil for the rest. Throws what the person should see instead.
    func admit(_ context: RequestContext) throws(WebError) -> MemberScope? {
        switch self {
        case .anyone, .provisioningToken, .paymentSignature, .signedLink, .operator:
            return nil
        case .member, .privateMember, .credentials:
            guard let member = context.scope.member else {
                throw .signInRequired(returnTo: context.request.method == "GET" ? String(context.request.target) : "/")
            }
            guard context.session?.locked == true else { return member }
            let reading = context.request.method == "GET" || context.request.method == "HEAD"
            if self == .privateMember, reading { throw .locked(returnTo: String(context.request.target), staff: false) }
            if self == .credentials { throw .locked(returnTo: reading ? String(context.request.target) : Route.accountSecurity.path, staff: false) }
            return member
        case .moderator:
            guard let member = context.scope.member, member.account.role.canModerate else { throw .notFound }
            try Self.requireUnlocked(context)
            try Self.requireStrongProof(context)
            return member
        case .admin:
            guard let member = context.scope.member, member.account.role == .admin else { throw .notFound }
            try Self.requireUnlocked(context)
            try Self.requireStrongProof(context)
            return member
        }
    }

    /// Whoever may come in signed in (members' pages, private or not).
    var isForMembers: Bool { self == .member || self == .privateMember || self == .credentials }

    /// Staff pages are behind their holder's app lock, for every method: a locked staff session hands out nothing
    /// (roles, approvals, provisioning tokens, sign-on settings) to whoever holds the device.
    private static func requireUnlocked(_ context: RequestContext) throws(WebError) {
        guard context.session?.locked == true else { return }
        throw .locked(returnTo: context.request.method == "GET" ? String(context.request.target) : Route.staff.path, staff: false)
    }

    /// An organisation that asks its staff for a passkey or single sign-on: a session proven by password alone is
    /// sent to confirm with a passkey (the unlock page), then brought back.
    private static func requireStrongProof(_ context: RequestContext) throws(WebError) {
        guard context.scope.tenant.settings.staffStrongSignIn, context.session?.proof.isStrong != true else { return }
        throw .locked(returnTo: context.request.method == "GET" ? String(context.request.target) : Route.staff.path, staff: true)
    }

    /// Whether a POST must carry the form's CSRF token. SCIM clients and the payment provider are not browsers and
    /// send no cookie; their token and signature are their proof.
    var checksFormToken: Bool {
        switch self {
        case .anyone, .member, .privateMember, .credentials, .moderator, .admin: true
        case .provisioningToken, .paymentSignature, .signedLink, .operator: false
        }
    }
}
