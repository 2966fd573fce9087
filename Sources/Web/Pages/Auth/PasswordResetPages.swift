import Domain

// The forgotten-password pages (PasswordResetHandler), one view model per template in Views/auth/.

/// `auth/forgot`: asks for the address to send a link to.
struct ForgotPasswordPage: FormPage {
    let email: String
    let errors: FormErrors
    var error_email: String? { errors["email"] }
}

/// `auth/forgot-sent`: the same answer whether or not the address has an account.
struct ForgotPasswordSentPage: CompiledView {
    let email: String
}

/// `auth/reset`: the new password, with the link's token carried along.
struct ChooseNewPasswordPage: FormPage {
    let token: String
    let errors: FormErrors
    var minimumLength: Int { PasswordPolicy.minimumLength }
    var error_password: String? { errors["password"] }
}

/// `auth/reset-expired`.
struct ResetLinkExpiredPage: CompiledView {}
