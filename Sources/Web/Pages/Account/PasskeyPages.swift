import Domain
import UseCases

/// One passkey on the security page: its name, when it was added and last used, and its own Remove form.
struct PasskeyRow {
    let name: String
    let added: String
    let lastUsed: String
    let removePath: String

    init(_ passkey: Passkey, timeZone: String) {
        name = passkey.name
        added = PasskeyRow.date(passkey.createdAt, timeZone)
        lastUsed = passkey.lastUsedAt.map { "last used " + PasskeyRow.date($0, timeZone) } ?? "not used yet"
        removePath = Route.passkeyRemove(passkey.id).path
    }

    static func date(_ time: Int, _ timeZone: String) -> String {
        Day.of(time, in: timeZone).mediumText
    }
}

/// A choice of how long the app lock waits.
struct LockChoice {
    let value: Int
    let label: String
    let checked: Bool

    static func all(selecting minutes: Int) -> [LockChoice] {
        AppLock.choices.map { value in
            LockChoice(value: value, label: value == 0 ? "Never" : value == 60 ? "After 1 hour" : "After \(value) minutes",
                       checked: value == minutes)
        }
    }
}

/// `account/unlock`: the app lock, or the organisation asking its staff to confirm with a passkey.
struct UnlockPage: FormPage {
    let next: String
    /// The organisation asks staff for a passkey: no password form, and a way to add a passkey if they have none.
    let forStaff: Bool
    let organisation: String
    let hasPasskeys: Bool
    /// The account has a password it can use (one made by single sign-on has none).
    let hasPassword: Bool
    let errors: FormErrors
    var showPassword: Bool { hasPassword && !forStaff }
    var noWayIn: Bool { !hasPasskeys && !showPassword }
    var error_password: String? { errors["password"] }
    var error_passkey: String? { errors["passkey"] }
}
