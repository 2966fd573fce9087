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
    /// The zone the form will send unless changed (the browser's, once script has filled it in).
    let chosenTimeZone: String
    let timeZoneOptions: HTMLFragment
    let signOn: SignOnButton?
    let errors: FormErrors
    var signOnOptional: Bool { signOn != nil }
    var minimumLength: Int { PasswordPolicy.minimumLength }
    var recommendedLength: Int { PasswordPolicy.recommendedLength }
    var error_email: String? { errors["email"] }
    var error_password: String? { errors["password"] }
    var error_time_zone: String? { errors["time_zone"] }
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
