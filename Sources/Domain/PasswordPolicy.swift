/// Password rules from OWASP ASVS 5.0 V6: 8 to 128 characters of anything, no composition rules,
/// and none of the passwords attackers try first.
public struct PasswordPolicy: Sendable {
    public static let minimumLength = 8
    public static let maximumLength = 128
    public static let recommendedLength = 15

    public enum Problem: Error, Sendable, Equatable {
        case tooShort
        case tooLong
        case tooCommon

        public var message: String {
            switch self {
            case .tooShort: "Use at least \(PasswordPolicy.minimumLength) characters. A short phrase of a few words is easy to remember."
            case .tooLong: "Use at most \(PasswordPolicy.maximumLength) characters."
            case .tooCommon: "That password is one of the most common, so it’s easy to guess. Please choose another."
            }
        }
    }

    private let common: Set<String>

    /// - Parameter commonPasswords: the list to refuse, compared case-insensitively.
    public init(commonPasswords: some Sequence<String>) {
        common = Set(commonPasswords.map { $0.lowercased() })
    }

    public var commonPasswordCount: Int { common.count }

    public func check(_ password: String) -> Problem? {
        let length = password.count
        if length < Self.minimumLength { return .tooShort }
        if length > Self.maximumLength { return .tooLong }
        if common.contains(password.lowercased()) { return .tooCommon }
        return nil
    }
}
