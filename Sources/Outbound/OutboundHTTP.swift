import CCurl
import Foundation

/// Every HTTP call the server makes to another server on someone's say-so: an identity provider's discovery, keys and
/// token exchange (an organisation admin's issuer URL), and a push service (the endpoint a member's browser gave), over
/// libcurl, the client already in the stack for mail. Every call is bounded: https only (http only to this machine,
/// when allowed for tests), no redirects followed, no proxy, a time limit and a size limit, so a URL we were given
/// cannot make the server wait long, read without end or follow somewhere else. And it only ever reaches a
/// public address: libcurl resolves the name, and every address it is about to connect to is checked
/// (`OutboundAddress`) in its open-socket callback, so the address checked is the address used (no second look-up for
/// a rebinding name to change its answer in between).
public struct OutboundHTTP: Sendable {
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    public struct Answer: Sendable {
        public let status: Int
        public let body: [UInt8]
    }

    /// Allows `http://` to loopback addresses only: the tests' provider and push service run on this machine.
    public let allowsLoopbackHTTP: Bool
    let timeoutSeconds: Int
    let maximumBytes: Int
    /// Tests only: answers for names as libcurl's `CURLOPT_RESOLVE` takes them (`host:port:address`), standing in for a
    /// DNS server that answers with an address we must refuse.
    var fixedResolutions: [String] = []

    public init(allowsLoopbackHTTP: Bool = false, timeoutSeconds: Int = 5, maximumBytes: Int = 256 * 1024) {
        self.allowsLoopbackHTTP = allowsLoopbackHTTP
        self.timeoutSeconds = max(1, timeoutSeconds)
        self.maximumBytes = maximumBytes
    }

    /// libcurl set up at the first call rather than at start (see SMTPTransport): most servers call out rarely.
    private static let initialiseOnce: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// Whether the server may call `url` at all: https to a host name or a public IP literal, or http to loopback when
    /// allowed. No credentials or fragment in the URL. (A name's addresses are checked again when it is called.)
    public func permits(_ url: URL) -> Bool {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), var host = components.host, !host.isEmpty,
              components.user == nil, components.password == nil, components.fragment == nil else { return false }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let literal = Self.addressBytes(host)
        let loopback = host == "localhost" || literal.map(OutboundAddress.isLoopback) == true
        switch components.scheme {
        case "https":
            if let literal { return OutboundAddress.permits(literal, allowsLoopback: allowsLoopbackHTTP) }
            return OutboundAddress.isHostName(host) || (allowsLoopbackHTTP && loopback)
        case "http": return allowsLoopbackHTTP && loopback
        default: return false
        }
    }

    /// The bytes of a strict IP literal (dotted-quad IPv4 or IPv6), nil for anything else.
    static func addressBytes(_ host: String) -> [UInt8]? {
        if host.contains(":") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, host, &address) == 1 else { return nil }
            return withUnsafeBytes(of: &address) { Array($0) }
        }
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    public func get(_ url: URL) throws(Failure) -> Answer {
        try perform(url, body: nil, headers: ["Accept: application/json"], basicCredentials: nil)
    }

    /// POSTs `form` as application/x-www-form-urlencoded, with HTTP Basic credentials when given.
    public func post(_ url: URL, form: [(String, String)], basicCredentials: (user: String, password: String)?) throws(Failure) -> Answer {
        try perform(url, body: Array(Self.formEncoded(form).utf8),
                    headers: ["Accept: application/json", "Content-Type: application/x-www-form-urlencoded"], basicCredentials: basicCredentials)
    }

    /// POSTs `body` as it is, with `headers` ("Name: value", no line breaks: the caller builds them from its own values).
    public func post(_ url: URL, body: [UInt8], headers: [String]) throws(Failure) -> Answer {
        try perform(url, body: body, headers: headers.filter { !$0.contains("\r") && !$0.contains("\n") }, basicCredentials: nil)
    }

    /// RFC 6749 §2.3.1 asks for the client id and secret to be form-encoded before they go into Basic credentials.
    public static func formEncoded(_ fields: [(String, String)]) -> String {
        fields.map { formComponent($0.0) + "=" + formComponent($0.1) }.joined(separator: "&")
    }

    public static func formComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// RFC 3986's unreserved characters: ASCII letters and digits and `-._~`; everything else is percent-encoded.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private func perform(_ url: URL, body: [UInt8]?, headers lines: [String], basicCredentials: (user: String, password: String)?) throws(Failure) -> Answer {
        guard permits(url) else { throw Failure(description: "only https addresses can be used") }
        Self.initialiseOnce
        guard let curl = curl_easy_init() else { throw Failure(description: "the HTTP client could not start") }
        defer { curl_easy_cleanup(curl) }
        let sink = Sink(limit: maximumBytes, allowsLoopback: allowsLoopbackHTTP)
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        var headers: UnsafeMutablePointer<curl_slist>?
        for line in lines { headers = curl_slist_append(headers, line) }
        defer { curl_slist_free_all(headers) }
        var resolutions: UnsafeMutablePointer<curl_slist>?
        for entry in fixedResolutions { resolutions = curl_slist_append(resolutions, entry) }
        defer { curl_slist_free_all(resolutions) }

        var code = CURLE_OK
        func set(_ result: CURLcode) { if code == CURLE_OK { code = result } }
        set(resett_curl_set_string(curl, CURLOPT_URL, url.absoluteString))
        set(resett_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, allowsLoopbackHTTP ? "http,https" : "https"))
        set(resett_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 0))
        // No proxy from the environment: the connection goes straight to the address checked below.
        set(resett_curl_set_string(curl, CURLOPT_PROXY, ""))
        set(resett_curl_set_opensocket_function(curl, openCheckedSocket))
        set(resett_curl_set_pointer(curl, CURLOPT_OPENSOCKETDATA, unmanaged.toOpaque()))
        if resolutions != nil { set(resett_curl_set_pointer(curl, CURLOPT_RESOLVE, resolutions)) }
        set(resett_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, min(5, timeoutSeconds)))
        set(resett_curl_set_long(curl, CURLOPT_TIMEOUT, timeoutSeconds))
        set(resett_curl_set_long(curl, CURLOPT_NOSIGNAL, 1))
        set(resett_curl_set_pointer(curl, CURLOPT_HTTPHEADER, headers))
        set(resett_curl_set_write_function(curl, collectBody))
        set(resett_curl_set_pointer(curl, CURLOPT_WRITEDATA, unmanaged.toOpaque()))
        set(resett_curl_set_string(curl, CURLOPT_USERAGENT, "Resett"))
        if let body {
            // The size first: COPYPOSTFIELDS then copies exactly that many bytes (a push message is binary, NULs and all).
            set(resett_curl_set_long(curl, CURLOPT_POSTFIELDSIZE, body.count))
            var bytes = body.isEmpty ? [0] : body  // a pointer even for no bytes
            set(bytes.withUnsafeMutableBytes { resett_curl_set_pointer(curl, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) })
        }
        if let basicCredentials {
            set(resett_curl_set_long(curl, CURLOPT_HTTPAUTH, 1))  // CURLAUTH_BASIC, a macro Swift cannot import
            set(resett_curl_set_string(curl, CURLOPT_USERNAME, Self.formComponent(basicCredentials.user)))
            set(resett_curl_set_string(curl, CURLOPT_PASSWORD, Self.formComponent(basicCredentials.password)))
        }
        if code == CURLE_OK { code = curl_easy_perform(curl) }
        if sink.overflowed { throw Failure(description: "the answer was too large") }
        if sink.refusedAddress { throw Failure(description: "the address is not a public one") }
        guard code == CURLE_OK else {
            throw Failure(description: code == CURLE_OPERATION_TIMEDOUT ? "no answer came in time" : "the server could not be reached")
        }
        return Answer(status: resett_curl_response_code(curl), body: sink.bytes)
    }

    /// The answer's body, collected up to the limit; more stops the transfer.
    /// And whether an address was refused.
    final class Sink {
        let limit: Int
        let allowsLoopback: Bool
        var bytes: [UInt8] = []
        var overflowed = false
        var refusedAddress = false
        init(limit: Int, allowsLoopback: Bool) {
            self.limit = limit
            self.allowsLoopback = allowsLoopback
        }
    }
}

private func collectBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?) -> Int {
    guard let data, let userdata else { return 0 }
    let sink = Unmanaged<OutboundHTTP.Sink>.fromOpaque(userdata).takeUnretainedValue()
    let length = size * count
    guard sink.bytes.count + length <= sink.limit else {
        sink.overflowed = true
        return 0  // anything but `length` makes libcurl stop with an error
    }
    sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
    return length
}

/// libcurl asks for each socket it is about to connect, with the resolved address: only a permitted one gets a socket.
private func openCheckedSocket(_ userdata: UnsafeMutableRawPointer?, _ purpose: curlsocktype, _ address: UnsafeMutablePointer<curl_sockaddr>?) -> curl_socket_t {
    guard let userdata, let address else { return -1 }
    let sink = Unmanaged<OutboundHTTP.Sink>.fromOpaque(userdata).takeUnretainedValue()
    let family = address.pointee.family
    let bytes: [UInt8]? = withUnsafePointer(to: &address.pointee.addr) { raw in
        switch family {
        case AF_INET:
            raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) } }
        case AF_INET6:
            raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) } }
        default: nil
        }
    }
    guard let bytes, OutboundAddress.permits(bytes, allowsLoopback: sink.allowsLoopback) else {
        sink.refusedAddress = true
        return -1  // CURL_SOCKET_BAD: libcurl tries the next address, if any, or fails
    }
    return socket(family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
}
