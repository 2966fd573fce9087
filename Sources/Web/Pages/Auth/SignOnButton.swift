/// `partials/sign-on`: the organisation's "Continue with …" button, on the log-in, sign-up and refusal pages.
struct SignOnButton {
    let action: String
    let displayName: String
    /// Where to go once signed in.
    let next: String
    /// Whether members must sign in this way (passwords are then for admins only).
    let required: Bool
    /// The provider's origin, which the page's form-action policy must allow.
    let origin: String
}

/// `auth/sign-on-refused`: why single sign-on did not sign the person in, and a reference for their IT team.
struct SignOnRefusedPage: CompiledView {
    let reason: String
    let reference: String
    let signOn: SignOnButton?
}
