import Domain

/// Links that carry a query as well as a route's path.
extension Route {
    /// A help page that remembers where the person came from, for "I'm safe for now".
    static func help(_ page: Route, from: String) -> String {
        page.path + "?from=" + PercentEncoding.encode(ReturnPath.safe(from))
    }

    static func calendarMonth(year: Int, month: Int) -> String {
        Route.calendar.path + "?month=" + Digits.padded(year, 4) + "-" + Digits.padded(month, 2)
    }

    static func calendarYear(_ year: Int) -> String { Route.calendarYear.path + "?year=\(year)" }

    static func communityTopic(_ slug: String) -> String { Route.community.path + "?topic=" + PercentEncoding.encode(slug) }

    /// A day's path before the day itself, for pages that write hundreds of them (`HTMLFragment.day`); the round-trip
    /// test holds it to `calendarDay`'s.
    static let calendarDayPrefix = "/calendar/"

    /// Where SCIM's resources live, for the base URL an admin gives their identity provider.
    static let scimRoot = "/scim/v2"
}

/// Where a person may be sent back to after logging in or leaving a help page.
enum ReturnPath {
    /// Only paths on this site; anything else goes home. A path starts with exactly one `/` and holds only the
    /// characters of a path and query (RFC 3986), so no tab, space, backslash or control character can make a browser
    /// read it as another host.
    static func safe(_ path: String?) -> String {
        guard let path, isSafe(path) else { return Route.home.path }
        return path
    }

    static func isSafe(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard (1...512).contains(bytes.count), bytes[0] == UInt8(ascii: "/") else { return false }
        if bytes.count > 1, bytes[1] == UInt8(ascii: "/") { return false }
        return bytes.allSatisfy { safePathBytes[Int($0)] }
    }

    /// unreserved / sub-delims / ":" / "@" / "/" / "?" / "%" (escapes stay escaped).
    private static let safePathBytes: [Bool] = (0...255).map { byte in
        switch byte {
        case 48...57, 65...90, 97...122: true
        case 45, 46, 95, 126: true                                  // - . _ ~
        case 33, 36, 38, 39, 40, 41, 42, 43, 44, 59, 61: true        // ! $ & ' ( ) * + , ; =
        case 58, 64, 47, 63, 37: true                               // : @ / ? %
        default: false
        }
    }
}
