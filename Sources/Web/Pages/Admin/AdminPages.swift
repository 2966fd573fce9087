// The team's own pages (AdminHandler), one view model per template in Views/admin/.

/// `admin/index`: the team's tools in one list.
struct TeamToolsPage: CompiledView {
    /// Moderators see the community's tools; admins see the organisation's too.
    let isAdmin: Bool
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

    let members: [Member]
}

/// `admin/settings`: the organisation's name, colour, allowance, price, community and safeguarding.
struct SettingsPage: FormPage {
    /// The form's fields as saved or as typed.
    struct Fields {
        var name = "", accent = "", freeResets = "", price = "", threshold = "", crisis = "", unlimited = "", safeguarding = ""
        var escalation = "", responseMinutes = ""
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
