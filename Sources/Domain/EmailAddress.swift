import Foundation

/// An email address as typed, and its normalised form used to find the account: trimmed, NFKC (so `réne` typed either
/// way, and fullwidth `ｂｏｓｓ`, are the one address they look like) and compared case-insensitively, as people expect,
/// even though the local part is technically case-sensitive. An address with invisible characters, or whose local part
/// mixes writing systems (a Cyrillic `о` in a Latin name), is refused: it could only be meant to pass for another.
public struct EmailAddress: Sendable, Hashable {
    public let value: String

    public init?(_ text: String) {
        guard text.utf8.count <= 1024, !text.unicodeScalars.contains(where: MatchText.isInvisible) else { return nil }
        let trimmed = text.precomposedStringWithCompatibilityMapping.trimmingWhitespace().lowercased()
        guard (3...254).contains(trimmed.count) else { return nil }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, parts[1].count >= 1,
              !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              trimmed.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value != 127 && $0 != "<" && $0 != ">" && $0 != "," }),
              !MatchText.mixesScripts(String(parts[0]))
        else { return nil }
        value = trimmed
    }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
