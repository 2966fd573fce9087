/// `admin/joining`: who may join (anyone, people at the organisation's domains, or by invitation), the invitation
/// links, and the provisioning (SCIM) tokens.
struct JoiningPage: FormPage {
    struct Rule {
        let value: String
        let label: String
        let hint: String
        let checked: Bool
    }

    struct Invitation {
        let label: String
        /// "Works for 3 more days", "Used up".
        let state: String
        let uses: String
        let canWithdraw: Bool
        let withdrawPath: String
    }

    struct Token {
        let label: String
        /// "last used Monday 23 November" or "not used yet".
        let used: String
        let revokePath: String
    }

    let rules: [Rule]
    let domains: String
    /// The new invitation's fields, as typed.
    let label: String
    let uses: String
    let days: String
    let invitations: [Invitation]
    /// A link just made, shown once.
    let created: String?
    /// Where the identity provider connects.
    let scimBase: String
    let tokenLabel: String
    let tokens: [Token]
    /// A token just made, shown once.
    let createdToken: String?
    let errors: FormErrors
    var hasInvitations: Bool { !invitations.isEmpty }
    var hasTokens: Bool { !tokens.isEmpty }
    var error_rule: String? { errors["rule"] }
    var error_domains: String? { errors["domains"] }
    var error_label: String? { errors["label"] }
    var error_uses: String? { errors["uses"] }
    var error_days: String? { errors["days"] }
    var error_token_label: String? { errors["token_label"] }
}
