import Domain
import Storage

/// The app lock: after the minutes a member chose without use, their private pages ask them to prove themselves
/// again, by passkey (`Passkeys.unlock`) or password (here); never a new sign-in, and the community and the resets
/// stay open meanwhile. Whether a session is locked is decided with the session itself (`AppDatabase.tenantAndSession`).
public struct AppLock: Sendable {
    let services: AccountServices

    public init(services: AccountServices) { self.services = services }

    /// Whether the member has a password to unlock with (an account made by single sign-on or SCIM has none).
    public static func hasPassword(_ account: Account) -> Bool { !UnusablePassword.isUnusable(account.passwordHash) }

    /// The lengths offered; 0 is off.
    public static let choices = [0, 5, 15, 30, 60]

    /// False for a length not offered (nothing changes).
    public func setMinutes(_ member: MemberScope, _ minutes: Int) throws -> Bool {
        guard Self.choices.contains(minutes) else { return false }
        try services.database.setLockMinutes(tenantID: member.tenantID, accountID: member.accountID, minutes: minutes)
        return true
    }

    /// Opens the lock with the account's password. Wrong answers count as the password confirmations do: a few, and
    /// the session ends (`AccountSettings.confirm`).
    public func unlock(_ member: MemberScope, session: SessionRecord, password: String) throws -> AccountSettings.PasswordCheck {
        let check = try AccountSettings(services: services).confirm(member, password: password, session: session)
        if check == .confirmed {
            // The session's proof is now the password, whatever it was before: a staff session opened again by password
            // alone is no longer one proven by passkey or single sign-on.
            try services.database.unlockSession(tenantID: member.tenantID, accountID: member.accountID, sessionID: session.id, proof: .password,
                                                now: services.clock())
        }
        return check
    }
}
