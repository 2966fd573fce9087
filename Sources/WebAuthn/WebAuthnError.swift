/// Why a registration or an assertion was refused: each has its own page, and none says more than the person needs.
public enum WebAuthnError: Error, Equatable, Sendable {
    case malformed(String)
    case wrongType
    case wrongChallenge
    case wrongOrigin
    case crossOrigin
    case wrongRelyingParty
    case userNotPresent
    case userNotVerified
    case unsupportedAttestation
    case unsupportedAlgorithm
    case badSignature
    /// The counter went backwards or stood still: perhaps a copied authenticator.
    case counterNotIncreased
    /// Backup eligibility is fixed when a credential is made; a change means it is not the same credential.
    case backupEligibilityChanged
}
