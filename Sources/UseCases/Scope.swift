import Domain

/// Whose request this is: the tenant always, the signed-in account when there is one. Only `Gate` makes
/// these (from the request's host and session cookie); every use case takes one first and sees only rows in it.
/// Classes, as `MemberScope` below: a tenant and an account are some fifty fields, and handing a struct of them from
/// layer to layer copied (and retained) every one several times a request.
public final class Scope: Sendable {
    public let tenant: Tenant
    public let account: Account?

    init(tenant: Tenant, account: Account?) {
        self.tenant = tenant
        self.account = account
    }

    public var tenantID: TenantID { tenant.id }

    /// The signed-in member's scope, nil when nobody is signed in.
    public var member: MemberScope? { account.map { MemberScope(tenant: tenant, account: $0) } }

    /// The same tenant with nobody signed in (after signing out or erasing the account).
    public var signedOut: Scope { Scope(tenant: tenant, account: nil) }
}

/// A scope with a signed-in member: what every use case that reads or writes a person's data takes.
public final class MemberScope: Sendable {
    public let tenant: Tenant
    public let account: Account

    init(tenant: Tenant, account: Account) {
        self.tenant = tenant
        self.account = account
    }

    public var tenantID: TenantID { tenant.id }
    public var accountID: AccountID { account.id }

    /// The member's scope if they may moderate this tenant's community (moderators and admins), else nil.
    public var moderator: MemberScope? { account.role.canModerate ? self : nil }
    /// The member's scope if they administer this tenant, else nil.
    public var admin: MemberScope? { account.role == .admin ? self : nil }
}
