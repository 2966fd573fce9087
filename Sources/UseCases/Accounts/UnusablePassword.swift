import Cryptography

/// The password hash of an account made for someone who never chose a password (provisioned over SCIM, or made at
/// their first single sign-on): a random Argon2id-shaped value no password matches. They can set one through
/// "forgotten password" if their organisation allows passwords.
enum UnusablePassword {
    static let prefix = "$argon2id$v=19$m=1,t=1,p=1$"
    static func hash() -> String { prefix + SecureRandom.hex(16) + "$" + SecureRandom.hex(32) }
    static func isUnusable(_ hash: String) -> Bool { hash.hasPrefix(prefix) }
}
