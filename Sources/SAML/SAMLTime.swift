import Foundation

/// xs:dateTime as SAML writes it (UTC, `Z`, seconds optionally fractional), as seconds since 1970.
enum SAMLTime {
    static func seconds(_ text: String?) -> Int? {
        guard let text, text.utf8.count <= 40 else { return nil }
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return Int(date.timeIntervalSince1970) }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text).map { Int($0.timeIntervalSince1970) }
    }

    static func text(_ seconds: Int) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
