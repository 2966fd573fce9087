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

    /// The common passwords as sorted 64-bit fingerprints (FNV-1a of the lower-cased text): 30,000 of them are 240 kB,
    /// where a set of the strings held 1.75 MB of every node's memory. Two passwords sharing a fingerprint by chance
    /// (about one in 10^15 for a given password) would only refuse the second as common.
    private let fingerprints: [UInt64]

    /// - Parameter commonPasswords: the list to refuse, compared case-insensitively.
    public init(commonPasswords: some Sequence<some StringProtocol>) {
        // Sorted, then each kept once (a list can hold one password in two cases), in place: no set of 30,000 on the way.
        var all = commonPasswords.map { Self.fingerprint($0) }
        all.sort()
        var kept = 0
        for index in all.indices where kept == 0 || all[kept - 1] != all[index] {
            all[kept] = all[index]
            kept += 1
        }
        fingerprints = Array(all[..<kept])
    }

    public var commonPasswordCount: Int { fingerprints.count }

    public func check(_ password: String) -> Problem? {
        let length = password.count
        if length < Self.minimumLength { return .tooShort }
        if length > Self.maximumLength { return .tooLong }
        if isCommon(password) { return .tooCommon }
        return nil
    }

    private func isCommon(_ password: String) -> Bool {
        let wanted = Self.fingerprint(password)
        var low = 0, high = fingerprints.count
        while low < high {
            let middle = (low + high) / 2
            if fingerprints[middle] < wanted { low = middle + 1 } else { high = middle }
        }
        return low < fingerprints.count && fingerprints[low] == wanted
    }

    static func fingerprint(_ text: some StringProtocol) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.lowercased().utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
