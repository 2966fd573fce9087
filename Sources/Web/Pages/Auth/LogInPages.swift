// The log-in pages (LogInHandler, EmailedLink), one view model per template in Views/auth/.

/// `auth/login`: email and password, under the organisation's "Continue with …" button when it has single sign-on.
struct LogInPage: FormPage {
    let email: String
    let next: String
    let organisation: String
    let signOn: SignOnButton?
    let errors: FormErrors
    var error_email: String? { errors["email"] }
    var error_passkey: String? { errors["passkey"] }
    /// Everyone signs in with the organisation's account: passwords here are for its admins.
    var signOnRequired: Bool { signOn?.required ?? false }
    var signOnOptional: Bool { signOn.map { !$0.required } ?? false }
    var signOnName: String { signOn?.displayName ?? "" }
}

/// `auth/login-check-email`: the step-up after several wrong passwords.
struct LogInCheckEmailPage: CompiledView {}

/// `auth/link-expired`: an emailed link that can no longer be used.
struct LinkExpiredPage: CompiledView {}

/// `auth/confirm`: the page an emailed link opens, whose button POSTs the token (a mail scanner's GET cannot use it up).
struct ConfirmLinkPage: CompiledView {
    let heading: String
    let explanation: String
    let action: String
    let token: String
    let button: String
}
