import Foundation

/// IANA time-zone names, checked against the system's database.
public enum TimeZoneName {
    public static let fallback = "Europe/London"

    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && TimeZone(identifier: name) != nil && TimeZone.knownTimeZoneIdentifiers.contains(name)
    }

    /// The names offered in the no-script select, most used by our people first.
    public static let all: [String] = TimeZone.knownTimeZoneIdentifiers.sorted()
}
