import Domain

// The sign-up pages (SignUpHandler), one view model per template in Views/auth/.

/// `auth/signup`.
struct SignUpPage: FormPage {
    let email: String
    let next: String
    /// The invitation link's code, carried through the form.
    let invitation: String?
    /// Which addresses may join, when the organisation allows sign-up by address.
    let emailHint: String?
    let timeZones: [TimeZoneChoice]
    let signOn: SignOnButton?
    let errors: FormErrors
    var signOnOptional: Bool { signOn != nil }
    var minimumLength: Int { PasswordPolicy.minimumLength }
    var recommendedLength: Int { PasswordPolicy.recommendedLength }
    var error_email: String? { errors["email"] }
    var error_password: String? { errors["password"] }
    var error_time_zone: String? { errors["time_zone"] }
    /// The zone the form will send unless changed (the browser's, once script has filled it in).
    var chosenTimeZone: String { timeZones.first(where: \.selected)?.name ?? TimeZoneName.fallback }
}

/// One option of a time-zone select.
struct TimeZoneChoice {
    let name: String
    let selected: Bool

    /// Every zone, `chosen` selected.
    static func all(selecting chosen: String) -> [TimeZoneChoice] {
        TimeZoneName.all.map { TimeZoneChoice(name: $0, selected: $0 == chosen) }
    }
}

/// `auth/signup-sent`.
struct SignUpSentPage: CompiledView {
    let email: String
}

/// `auth/not-eligible`: an ended invitation, an address the organisation does not take, or sign-in by its account only.
struct NotEligiblePage: CompiledView {
    let heading: String
    let reason: String
    let signOn: SignOnButton?
}
