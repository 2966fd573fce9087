/// A person's account within one tenant.
public struct Account: Sendable, Equatable {
    public let id: String
    public let tenantID: String
    public var email: String
    public var role: Role
    public var timeZone: String
    public var passwordHash: String
    public var theme: Theme
    /// Calendars start their weeks on Sunday rather than Monday.
    public var weekStartsOnSunday: Bool

    public init(id: String, tenantID: String, email: String, role: Role, timeZone: String, passwordHash: String,
                theme: Theme = .system, weekStartsOnSunday: Bool = false) {
        self.id = id
        self.tenantID = tenantID
        self.email = email
        self.role = role
        self.timeZone = timeZone
        self.passwordHash = passwordHash
        self.theme = theme
        self.weekStartsOnSunday = weekStartsOnSunday
    }
}

/// Whose request this is: the tenant always, the signed-in account when there is one. Only the tenant and
/// session middleware make these; every query function takes one first and sees only rows inside it.
public struct Scope: Sendable {
    public let tenant: Tenant
    public let account: Account?

    public init(tenant: Tenant, account: Account?) {
        self.tenant = tenant
        self.account = account
    }

    public var tenantID: String { tenant.id }
}
