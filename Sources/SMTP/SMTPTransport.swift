import CCurl
import Foundation

/// Sends one message over SMTP with libcurl (Debian's libcurl, which speaks SMTP, STARTTLS and AUTH): the
/// well-kept client the stack allows, rather than an SMTP conversation written by hand. One connection per
/// message; the caller retries.
public struct SMTPTransport: Sendable {
    public enum Security: String, Sendable, CaseIterable {
        /// `smtp://host:587`, upgraded with STARTTLS; refused if the server cannot.
        case starttls
        /// `smtps://host:465`, TLS from the first byte.
        case tls
        /// No encryption: only for a mail server on this machine.
        case none
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// libcurl's words for what went wrong: never the message or its address.
        public let description: String
    }

    let url: String
    let security: Security
    let username: String?
    let password: String?
    let caFile: String?
    let timeoutSeconds: Int

    /// `url` is smtp://host:port or smtps://host:port; credentials come from the environment, never the command line.
    public init(url: String, security: Security, username: String?, password: String?, caFile: String? = nil,
                timeoutSeconds: Int = 30) throws(Failure) {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme, ["smtp", "smtps"].contains(scheme),
              let host = parsed.host, !host.isEmpty, parsed.user == nil, parsed.password == nil else {
            throw Failure(description: "the SMTP URL must look like smtp://mail.example.org:587 (credentials go in the environment)")
        }
        if security == .none, !["localhost", "127.0.0.1", "::1", "[::1]"].contains(host) {
            throw Failure(description: "unencrypted SMTP is only for a mail server on this machine")
        }
        if security == .tls, scheme != "smtps" { throw Failure(description: "TLS from the start needs an smtps:// URL") }
        self.url = url
        self.security = security
        self.username = username
        self.password = password
        self.caFile = caFile
        self.timeoutSeconds = max(1, timeoutSeconds)
    }

    /// libcurl (and the TLS library under it) set up at the first message rather than at start, so a server that sends
    /// no mail never pays for it in memory. Safe from any thread: Debian's libcurl (7.88) has a thread-safe global init.
    private static let initialiseOnce: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// Delivers `message` (RFC 5322 text with CRLF line ends) from `sender` to `recipient` (bare addresses).
    public func send(from sender: String, to recipient: String, message: String) throws(Failure) {
        Self.initialiseOnce
        guard let curl = curl_easy_init() else { throw Failure(description: "libcurl could not start") }
        defer { curl_easy_cleanup(curl) }
        let body = Body(Array(message.utf8))
        let unmanaged = Unmanaged.passRetained(body)
        defer { unmanaged.release() }
        let recipients = curl_slist_append(nil, "<\(recipient)>")
        defer { curl_slist_free_all(recipients) }
        var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

        var code = CURLE_OK
        func set(_ result: CURLcode) { if code == CURLE_OK { code = result } }
        set(resett_curl_set_string(curl, CURLOPT_URL, url))
        set(resett_curl_set_string(curl, CURLOPT_MAIL_FROM, "<\(sender)>"))
        set(resett_curl_set_pointer(curl, CURLOPT_MAIL_RCPT, recipients))
        set(resett_curl_set_long(curl, CURLOPT_UPLOAD, 1))
        set(resett_curl_set_read_function(curl, readBody))
        set(resett_curl_set_pointer(curl, CURLOPT_READDATA, unmanaged.toOpaque()))
        set(resett_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, 10))
        set(resett_curl_set_long(curl, CURLOPT_TIMEOUT, timeoutSeconds))
        set(resett_curl_set_long(curl, CURLOPT_NOSIGNAL, 1))
        set(resett_curl_set_long(curl, CURLOPT_USE_SSL, security == .none ? Int(CURLUSESSL_NONE.rawValue) : Int(CURLUSESSL_ALL.rawValue)))
        if let caFile { set(resett_curl_set_string(curl, CURLOPT_CAINFO, caFile)) }
        if let username, !username.isEmpty {
            set(resett_curl_set_string(curl, CURLOPT_USERNAME, username))
            set(resett_curl_set_string(curl, CURLOPT_PASSWORD, password ?? ""))
        }
        errorText.withUnsafeMutableBufferPointer { buffer in
            set(resett_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, buffer.baseAddress))
            if code == CURLE_OK { code = curl_easy_perform(curl) }
        }
        guard code == CURLE_OK else {
            let detail = errorText.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw Failure(description: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }
    }

    /// The message, handed to libcurl as it asks for it.
    final class Body {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
}

private func readBody(_ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?) -> Int {
    guard let buffer, let userdata else { return 0 }
    let body = Unmanaged<SMTPTransport.Body>.fromOpaque(userdata).takeUnretainedValue()
    let room = size * count
    let length = min(room, body.bytes.count - body.offset)
    guard length > 0 else { return 0 }
    body.bytes.withUnsafeBufferPointer { source in
        UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + body.offset, byteCount: length)
    }
    body.offset += length
    return length
}
