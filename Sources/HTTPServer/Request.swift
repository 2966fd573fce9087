/// An HTTP version from the request line. Only 1.0 and 1.1 get this far.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)
    public var description: String { "HTTP/\(major).\(minor)" }
}

/// A parsed request with its whole body. Paths stay percent-encoded: decoding is the router's job,
/// so that `%2F` inside a segment cannot turn into a separator.
public struct Request: Sendable, Equatable {
    public var method: String
    /// The request-target exactly as sent.
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The client's IP address, set by the server.
    public var remoteAddress: String = ""
    /// This request's id, set by the server: in every log line about it and in the `X-Request-Id` response header.
    public var id: String = ""

    public init(method: String, target: String, version: HTTPVersion = .http1_1,
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The target before any `?`.
    public var path: Substring {
        if let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) { return target[..<mark] }
        return target[...]
    }

    /// The target after the first `?`, if there is one.
    public var query: Substring? {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        return target[target.utf8.index(after: mark)...]
    }

    /// Whether the connection may carry another request after this one (RFC 9112 §9.3).
    public var wantsKeepAlive: Bool {
        if headers.listContains("Connection", token: "close") { return false }
        if version == .http1_1 { return true }
        return headers.listContains("Connection", token: "keep-alive")
    }

    public var isHead: Bool { method == "HEAD" }
}
