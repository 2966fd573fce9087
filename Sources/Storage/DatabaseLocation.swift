import Foundation

/// Where the data lives, from `--db`: a SQLite file path, or a PostgreSQL server's URL.
public enum DatabaseLocation: Sendable, Equatable {
    case sqlite(path: String)
    case postgres(url: String)

    public init(_ argument: String) {
        if argument.hasPrefix("postgres://") || argument.hasPrefix("postgresql://") {
            self = .postgres(url: argument)
        } else {
            self = .sqlite(path: argument)
        }
    }

    /// For logs and messages: a URL's password (in its user part or its query) replaced by `***`.
    public var displayName: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let url): Self.redacted(url)
        }
    }

    /// The URL without the password in its user part, and that password (percent-decoded); nil when it has none.
    public static func splittingPassword(_ url: String) -> (url: String, password: String)? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return nil }
        let password = String(rest[rest.index(after: colon)..<at])
        var stripped = url
        stripped.replaceSubrange(colon..<at, with: "")
        return (stripped, password.removingPercentEncoding ?? password)
    }

    static func redacted(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
                text.replaceSubrange(rest.index(after: colon)..<at, with: "***")
            }
        }
        if let query = text.firstIndex(of: "?") {
            let parameters = text[text.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false).map { pair in
                pair.lowercased().hasPrefix("password=") ? "password=***" : String(pair)
            }
            text = String(text[...query]) + parameters.joined(separator: "&")
        }
        return text
    }
}
