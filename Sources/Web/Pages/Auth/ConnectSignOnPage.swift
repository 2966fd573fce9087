import UseCases

/// `auth/sso-connect`: a sign-in with the organisation's provider named an account that has a password or passkey of
/// its own, so its owner confirms the connection with their password (or the link mailed to them) first.
struct ConnectSignOnPage: FormPage {
    /// The page's token: it connects only with the account's password.
    let token: String
    let organisation: String
    let errors: FormErrors
    var error_password: String? { errors["password"] }
}
