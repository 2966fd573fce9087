import CCurl
import Foundation

/// The few HTTP calls a relying party makes to an identity provider (discovery, keys, the token exchange), over
/// libcurl, the client already in the stack for mail. Every call is bounded: https only (http only to this machine,
/// when allowed for tests), no redirects followed, a time limit and a size limit, so an admin's issuer URL cannot
/// make the server wait long, read without end or follow a provider somewhere else.
public struct ProviderHTTP: Sendable {
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    public struct Answer: Sendable {
        public let status: Int
        public let body: [UInt8]
    }

    /// Allows `http://` to loopback addresses only: the tests' provider runs on this machine.
    let allowsLoopbackHTTP: Bool
    let timeoutSeconds: Int
    let maximumBytes: Int

    public init(allowsLoopbackHTTP: Bool = false, timeoutSeconds: Int = 10, maximumBytes: Int = 256 * 1024) {
        self.allowsLoopbackHTTP = allowsLoopbackHTTP
        self.timeoutSeconds = max(1, timeoutSeconds)
        self.maximumBytes = maximumBytes
        Self.initialiseOnce
    }

    private static let initialiseOnce: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// Whether the server may call `url` at all: https anywhere, or http to loopback when allowed. No credentials or
    /// fragment in the URL.
    public func permits(_ url: URL) -> Bool {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = components.host, !host.isEmpty,
              components.user == nil, components.password == nil, components.fragment == nil else { return false }
        switch components.scheme {
        case "https": return true
        case "http": return allowsLoopbackHTTP && ["127.0.0.1", "localhost", "::1"].contains(host)
        default: return false
        }
    }

    public func get(_ url: URL) throws(Failure) -> Answer {
        try perform(url, form: nil, basicCredentials: nil)
    }

    /// POSTs `form` as application/x-www-form-urlencoded, with HTTP Basic credentials when given.
    public func post(_ url: URL, form: [(String, String)], basicCredentials: (user: String, password: String)?) throws(Failure) -> Answer {
        try perform(url, form: Self.formEncoded(form), basicCredentials: basicCredentials)
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

    private func perform(_ url: URL, form: String?, basicCredentials: (user: String, password: String)?) throws(Failure) -> Answer {
        guard permits(url) else { throw Failure(description: "only https addresses can be used") }
        guard let curl = curl_easy_init() else { throw Failure(description: "the HTTP client could not start") }
        defer { curl_easy_cleanup(curl) }
        let sink = Sink(limit: maximumBytes)
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        var headers = curl_slist_append(nil, "Accept: application/json")
        if form != nil { headers = curl_slist_append(headers, "Content-Type: application/x-www-form-urlencoded") }
        defer { curl_slist_free_all(headers) }

        var code = CURLE_OK
        func set(_ result: CURLcode) { if code == CURLE_OK { code = result } }
        set(resett_curl_set_string(curl, CURLOPT_URL, url.absoluteString))
        set(resett_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, allowsLoopbackHTTP ? "http,https" : "https"))
        set(resett_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 0))
        set(resett_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, min(5, timeoutSeconds)))
        set(resett_curl_set_long(curl, CURLOPT_TIMEOUT, timeoutSeconds))
        set(resett_curl_set_long(curl, CURLOPT_NOSIGNAL, 1))
        set(resett_curl_set_pointer(curl, CURLOPT_HTTPHEADER, headers))
        set(resett_curl_set_write_function(curl, collectBody))
        set(resett_curl_set_pointer(curl, CURLOPT_WRITEDATA, unmanaged.toOpaque()))
        set(resett_curl_set_string(curl, CURLOPT_USERAGENT, "Resett"))
        if let form { set(resett_curl_set_string(curl, CURLOPT_COPYPOSTFIELDS, form)) }
        if let basicCredentials {
            set(resett_curl_set_long(curl, CURLOPT_HTTPAUTH, 1))  // CURLAUTH_BASIC, a macro Swift cannot import
            set(resett_curl_set_string(curl, CURLOPT_USERNAME, Self.formComponent(basicCredentials.user)))
            set(resett_curl_set_string(curl, CURLOPT_PASSWORD, Self.formComponent(basicCredentials.password)))
        }
        if code == CURLE_OK { code = curl_easy_perform(curl) }
        if sink.overflowed { throw Failure(description: "the provider's answer was too large") }
        guard code == CURLE_OK else {
            throw Failure(description: code == CURLE_OPERATION_TIMEDOUT ? "the provider did not answer in time" : "the provider could not be reached")
        }
        return Answer(status: resett_curl_response_code(curl), body: sink.bytes)
    }

    /// The answer's body, collected up to the limit; more stops the transfer.
    final class Sink {
        let limit: Int
        var bytes: [UInt8] = []
        var overflowed = false
        init(limit: Int) { self.limit = limit }
    }
}

private func collectBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?) -> Int {
    guard let data, let userdata else { return 0 }
    let sink = Unmanaged<ProviderHTTP.Sink>.fromOpaque(userdata).takeUnretainedValue()
    let length = size * count
    guard sink.bytes.count + length <= sink.limit else {
        sink.overflowed = true
        return 0  // anything but `length` makes libcurl stop with an error
    }
    sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
    return length
}
