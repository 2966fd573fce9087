public enum SignUpConfirmation: Sendable {
    case created(Account, returnTo: String)
    /// Someone confirmed first, or the address had an account meanwhile.
    case taken
    case expired
    /// Who may join changed since the link was sent, and no invitation came with it.
    case notEligible
    /// The invitation it came with was used up, withdrawn or ended meanwhile (and the rule alone does not admit it).
    case invitationEnded
}
