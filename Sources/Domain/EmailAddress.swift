/// An email address as typed, and its normalised form used to find the account: trimmed and compared
/// case-insensitively, as people expect, even though the local part is technically case-sensitive.
public struct EmailAddress: Sendable, Hashable {
    public let value: String

    public init?(_ text: String) {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard (3...254).contains(trimmed.count) else { return nil }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, parts[1].count >= 1,
              !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              trimmed.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value != 127 && $0 != "<" && $0 != ">" && $0 != "," })
        else { return nil }
        value = trimmed
    }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
