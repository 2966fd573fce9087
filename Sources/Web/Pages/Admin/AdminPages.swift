import Domain

// The team's own pages (AdminHandler), one view model per template in Views/admin/.

/// `admin/index`: the team's tools in one list.
struct TeamToolsPage: CompiledView {
    /// Moderators see the community's tools; admins see the organisation's too.
    let isAdmin: Bool
    /// The queue at a glance: "2 waiting" (or "Nothing waiting"), and "1 held for safety" when any is.
    let waiting: String
    let heldForSafety: String?
    /// Admins: the last week that has ended, as the organisation's report publishes it (hidden below the smallest
    /// group, rounded, fixed once published).
    let lastWeek: LastWeek?

    struct LastWeek {
        let label: String
        let figures: [OrganisationInsightsPage.Cell]
    }
}

/// `admin/members`: the organisation's people and their roles.
struct MembersPage: CompiledView {
    struct Member {
        let id: String
        let email: String
        let joined: String
        let rolePath: String
        let roles: [RoleOption]
    }

    struct RoleOption {
        let value: String
        let label: String
        let selected: Bool
    }

    /// A staff member's request for a first passkey, waiting for this admin (issue 65).
    struct WaitingPasskey {
        let email: String
        let asked: String
        let approvePath: String
    }

    let members: [Member]
    var waitingPasskeys: [WaitingPasskey] = []
    var hasWaitingPasskeys: Bool { !waitingPasskeys.isEmpty }
    /// Everyone in the organisation, whatever the search.
    let total: Int
    /// What was searched for, kept in the box.
    let search: String
    /// "3 of 40 match “ana”.", after a search.
    let found: String?
    var hasMembers: Bool { !members.isEmpty }

    static let searchLimit = 100
}

/// `admin/settings`: the organisation's name, colour, allowance, price, community and safeguarding.
struct SettingsPage: FormPage {
    /// The form's fields as saved or as typed.
    struct Fields {
        var name = "", accent = "", freeResets = "", price = "", threshold = "", crisis = "", unlimited = "", safeguarding = ""
        var escalation = "", responseMinutes = ""
        /// "Exit this page": on every page, and where it goes (empty: the standard neutral page).
        var exitButton = true, exitURL = ""
        /// Admins and moderators must use a passkey or single sign-on.
        var staffStrongSignIn = false
    }

    struct Topic {
        let slug: String
        let topicName: String
    }

    let fields: Fields
    let customDomain: String?
    let community: Bool
    let licence: Bool
    let topics: [Topic]
    let errors: FormErrors
    var name: String { fields.name }
    var accent: String { fields.accent }
    var freeResets: String { fields.freeResets }
    var price: String { fields.price }
    var threshold: String { fields.threshold }
    var crisis: String { fields.crisis }
    var unlimited: String { fields.unlimited }
    var safeguarding: String { fields.safeguarding }
    var escalation: String { fields.escalation }
    var responseMinutes: String { fields.responseMinutes }
    var exitButton: Bool { fields.exitButton }
    var exitURL: String { fields.exitURL }
    var exitStandard: String { ExitPage.standard }
    var staffStrongSignIn: Bool { fields.staffStrongSignIn }
    var error_staffStrongSignIn: String? { errors["staffStrongSignIn"] }
    var error_exitURL: String? { errors["exitURL"] }
    var error_name: String? { errors["name"] }
    var error_accent: String? { errors["accent"] }
    var error_freeResets: String? { errors["freeResets"] }
    var error_price: String? { errors["price"] }
    var error_threshold: String? { errors["threshold"] }
    var error_crisis: String? { errors["crisis"] }
    var error_unlimited: String? { errors["unlimited"] }
    var error_safeguarding: String? { errors["safeguarding"] }
    var error_escalation: String? { errors["escalation"] }
    var error_responseMinutes: String? { errors["responseMinutes"] }
}

/// `admin/single-sign-on`: the organisation's OpenID provider, the address to give it, and whether everyone must use it.
/// `admin/insights`: aggregate figures only, with every group smaller than the organisation's smallest group hidden.
struct OrganisationInsightsPage: FormPage {
    /// A figure, or "hidden" when its group is too small to show.
    struct Figure {
        let value: String?
        let hidden: String?

        static func of(_ value: Int?) -> Figure { value.map { Figure(value: String($0), hidden: nil) } ?? .hiddenOne }
        static func of(_ value: Double?) -> Figure { value.map { Figure(value: Digits.oneDecimalOrWhole($0), hidden: nil) } ?? .hiddenOne }
        static let hiddenOne = Figure(value: nil, hidden: "hidden")
    }

    /// A table cell that names its column, which a narrow screen shows beside it (`table.stack`).
    struct Cell {
        let column: String
        let value: String?
        let hidden: String?

        static func row(_ columns: [String], _ figures: [Figure]) -> [Cell] {
            zip(columns, figures).map { Cell(column: $0, value: $1.value, hidden: $1.hidden) }
        }
    }

    struct Row {
        let label: String
        let cells: [Cell]
    }

    let minimum: Int
    let floor: Int
    /// The smallest group, as typed.
    let size: String
    let members: Figure
    let covered: Figure
    let weeks: [Row]
    /// Active members week by week, for the weeks whose figure is shown (nil when none is).
    let activeChart: BarChart?
    let emotionsPeriod: String
    let emotions: [Row]
    let errors: FormErrors
    var error_size: String? { errors["size"] }
}
