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

/// Why the unlock page asks someone to prove who they are (its `for=`).
enum UnlockPurpose: String, Sendable {
    /// The app lock closed their private pages.
    case lock
    /// The organisation asks its staff for a passkey or single sign-on.
    case staff
    /// They are about to add a passkey, and have not proven who they are in the last few minutes.
    case passkey

    init(_ value: String?) { self = value.flatMap(UnlockPurpose.init(rawValue:)) ?? .lock }
}

/// `account/unlock`: the app lock, the organisation asking its staff to confirm with a passkey, or a member
/// confirming it's them before adding a passkey.
struct UnlockPage: FormPage {
    let next: String
    let purpose: UnlockPurpose
    let organisation: String
    let hasPasskeys: Bool
    /// The account has a password it can use (one made by single sign-on has none).
    let hasPassword: Bool
    /// The organisation's sign-in, for a member with neither a password nor a passkey.
    let signOn: SignOnButton?
    let errors: FormErrors
    /// A private form refused while locked, carried through the unlock (`LockedForm`): where it goes, and its fields.
    var carryAction: String? = nil
    var carried: [LockedForm.Carried.Field] = []
    var forStaff: Bool { purpose == .staff }
    var forLock: Bool { purpose == .lock }
    var forPasskey: Bool { purpose == .passkey }
    /// The `for=` the forms carry on, when it is not the lock's.
    var purposeValue: String? { purpose == .lock ? nil : purpose.rawValue }
    var showPassword: Bool { hasPassword && !forStaff }
    var noWayIn: Bool { !hasPasskeys && !showPassword }
    var error_password: String? { errors["password"] }
    var error_passkey: String? { errors["passkey"] }
}
