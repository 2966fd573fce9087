/// A person's account within one tenant.
public struct Account: Sendable, Equatable {
    public let id: AccountID
    public let tenantID: TenantID
    public var email: String
    public var role: Role
    public var timeZone: String
    public var passwordHash: String
    public var theme: Theme
    /// Calendars start their weeks on Sunday rather than Monday.
    public var weekStartsOnSunday: Bool
    /// The calendar's colours follow the day's check-in rather than the resets' moods.
    public var calendarFollowsCheckIns: Bool
    /// False once the organisation's identity provider has turned the account off (SCIM `active: false`): its data
    /// stays, but it cannot sign in.
    public var isActive = true
    /// Moves on whenever the account's runs or check-ins change (a run started or rated, a check-in saved): a calendar
    /// drawn for one number is the same for as long as the account has it, on any node.
    public var historyVersion = 0
    /// The tenant's community version, read with this account's session (0 elsewhere): it moves on whenever anything
    /// the feed or the moderation queue shows changes, so a page drawn for one number stays true while it is current.
    public var communityVersion = 0
    /// Whether the moderation team has a message waiting for this person, read with their session (nil elsewhere, when
    /// nobody asked): most pages that show such messages then need no read of their own to find there are none.
    public var teamMessagesWaiting: Bool?
    /// The feelings the member said come up most for them (emotion ids), which the home page leads with.
    public var usualFeelings: [String] = []
    /// The member has turned "Exit this page" off for themselves.
    public var exitButton = true
    /// Discreet mode: a neutral tab ("Notes") and their own words hidden until they show them.
    public var discreet = false
    /// The app lock: minutes without use before private pages ask for a passkey or password again (0: never).
    public var lockMinutes = 0

    public init(id: AccountID, tenantID: TenantID, email: String, role: Role, timeZone: String, passwordHash: String,
                theme: Theme = .system, weekStartsOnSunday: Bool = false, calendarFollowsCheckIns: Bool = false) {
        self.id = id
        self.tenantID = tenantID
        self.email = email
        self.role = role
        self.timeZone = timeZone
        self.passwordHash = passwordHash
        self.theme = theme
        self.weekStartsOnSunday = weekStartsOnSunday
        self.calendarFollowsCheckIns = calendarFollowsCheckIns
    }
}
