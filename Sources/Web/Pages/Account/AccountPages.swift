import Domain

// The account's settings pages (AccountHandler), one view model per template in Views/account/.

/// `account/show`: the hub.
struct AccountHubPage: FormPage {
    let email: String
    /// Under "Subscription": the offer to someone on the free plan, or what they can manage.
    let subscriptionHint: String
    let errors: FormErrors
}

/// `account/profile`: time zone and email address.
struct AccountProfilePage: FormPage {
    let email: String
    /// What the person typed into "New email address" (their address until they type).
    let newEmail: String
    let timeZoneOptions: HTMLFragment
    let errors: FormErrors
    var error_time_zone: String? { errors["time_zone"] }
    var error_new_email: String? { errors["new_email"] }
    var error_email_password: String? { errors["email_password"] }
}

/// `account/security`: the password, passkeys, the app lock, and a way to the signed-in devices.
struct AccountSecurityPage: FormPage {
    let errors: FormErrors
    let passkeys: [PasskeyRow]
    /// The name typed for a passkey that was refused, kept for the next try.
    let typedName: String
    let lockChoices: [LockChoice]
    /// The member proved who they are in the last few minutes, so may add a passkey now; else the button leads to
    /// confirming it's them first.
    let mayAddPasskey: Bool
    /// A staff member whose organisation asks staff for a passkey or single sign-on, in a session proven by password:
    /// they add one from a session confirmed with a passkey, or ask another admin to approve their first.
    var staffNeedsApproval = false
    var mayAskFirst = false
    var organisation = ""
    var confirmToAddPasskey: String { PasskeysHandler.confirmToAdd }
    var hasPasskeys: Bool { !passkeys.isEmpty }
    var maximumNameLength: Int { Passkey.maximumNameLength }
    var error_passkey: String? { errors["passkey"] }
    var error_minutes: String? { errors["minutes"] }
    var minimumLength: Int { PasswordPolicy.minimumLength }
    var error_current_password: String? { errors["current_password"] }
    var error_new_password: String? { errors["new_password"] }
}

/// `account/appearance`: light or dark, and the calendar's first day of the week.
struct AccountAppearancePage: FormPage {
    let themes: [FormChoice]
    let weekStartsOnSunday: Bool
    /// Discreet mode, and the member's own "Exit this page" (shown only when the organisation has the button on).
    var discreet = false
    var exitButton = true
    var organisationExit = true
    let errors: FormErrors

    init(chosen: Theme, weekStartsOnSunday: Bool, errors: FormErrors) {
        themes = Theme.allCases.map { theme in
            FormChoice(value: theme.rawValue, label: theme == .system ? "Same as my device" : theme == .light ? "Light" : "Dark",
                        checked: theme == chosen)
        }
        self.weekStartsOnSunday = weekStartsOnSunday
        self.errors = errors
    }
}

/// `account/data`: downloads, and deleting the account.
struct AccountDataPage: FormPage {
    let errors: FormErrors
    var error_delete_password: String? { errors["delete_password"] }
}

/// `account/deleted`.
struct AccountDeletedPage: CompiledView {}
