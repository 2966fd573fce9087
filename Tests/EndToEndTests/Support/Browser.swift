@testable import UseCases
import Foundation

/// A cookie-keeping client over real sockets, for journeys through the app's pages.
/// It remembers cookies the way a browser would (by name, dropping expired ones) and the last `_csrf`.
final class Browser {
    let port: Int
    var host: String
    var cookies: [String: String] = [:]
    var userAgent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0"
    private(set) var lastCSRF: String?
    private(set) var lastSetCookies: [String] = []

    init(port: Int, host: String = "localhost") {
        self.port = port
        self.host = host
    }

    func get(_ target: String, headers: [String] = []) throws -> RawClient.Answer {
        try exchange("GET", target, headers: headers, body: nil)
    }

    /// Posts a form; `_csrf` is added from the last page unless the fields say otherwise. A browser only posts
    /// forms it was shown: with no token from this session yet, it first opens a page with a form (as a person would).
    func post(_ target: String, _ fields: [(String, String)], csrf: String? = nil, headers: [String] = []) throws -> RawClient.Answer {
        if csrf == nil, lastCSRF == nil { _ = try get(cookies.keys.contains(where: { $0.hasSuffix("resett_session") }) ? "/account/data" : "/login") }
        var all = fields
        if !fields.contains(where: { $0.0 == "_csrf" }), let token = csrf ?? lastCSRF { all.append(("_csrf", token)) }
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try exchange("POST", target, headers: headers + ["Content-Type: application/x-www-form-urlencoded"], body: body)
    }

    /// The exact bytes this browser would send.
    func requestText(_ method: String, _ target: String, headers: [String], body: String?) -> String {
        var lines = ["Host: \(host)", "User-Agent: \(userAgent)", "Connection: close"]
        if !cookies.isEmpty { lines.append("Cookie: " + cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")) }
        return "\(method) \(target) HTTP/1.1\r\n" + (lines + headers).joined(separator: "\r\n") + "\r\n"
            + (body.map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" } ?? "\r\n")
    }

    /// A form POST's bytes, `_csrf` included as `post` adds it.
    func formPostText(_ target: String, _ fields: [(String, String)]) -> String {
        if lastCSRF == nil { _ = try? get(cookies.keys.contains(where: { $0.hasSuffix("resett_session") }) ? "/account/data" : "/login") }
        var all = fields
        if let token = lastCSRF { all.append(("_csrf", token)) }
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return requestText("POST", target, headers: ["Content-Type: application/x-www-form-urlencoded"], body: body)
    }

    func exchange(_ method: String, _ target: String, headers: [String], body: String?) throws -> RawClient.Answer {
        let client = try RawClient(port: port)
        client.send(requestText(method, target, headers: headers, body: body))
        let answer = try client.readResponse()
        lastSetCookies = answer.headers.filter { $0.0.lowercased() == "set-cookie" }.map(\.1)
        for cookie in lastSetCookies {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            if cookie.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
            // A new or ended session has its own token: the one from before no longer applies.
            if name.hasSuffix("resett_session") { lastCSRF = nil }
        }
        if let match = answer.text.firstMatch(of: /name="_csrf" value="([0-9a-f]{64})"/) { lastCSRF = String(match.1) }
        return answer
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Where mail sent by the app can be read (set by `RunningApp.browser()`).
    var mailbox: (() -> [String])?

    enum JourneyFailure: Error { case noMail(String), noLink(String) }

    /// Signs up through the real form, then follows the link mailed to confirm it; returns the answer to the
    /// confirmation's POST (303 to where the person was going, with the session cookie).
    @discardableResult
    func signUp(_ email: String, _ password: String = "a calm and steady passphrase", timeZone: String = "Europe/London") throws -> RawClient.Answer {
        _ = try get("/signup")
        let sent = try post("/signup", [("email", email), ("password", password), ("time_zone", timeZone)])
        guard sent.status == 200, sent.text.contains("Check your email") else { return sent }
        let address = email.trimmingCharacters(in: .whitespaces).lowercased()
        guard let mail = mailbox?().last(where: { $0.contains("To: \(address)") && $0.contains("/signup/confirm?token=") }),
              let match = mail.firstMatch(of: /(\/signup\/confirm\?token=[0-9a-f]{64})/) else { throw JourneyFailure.noMail(address) }
        _ = try get(String(match.1))
        guard let token = String(match.1).split(separator: "=").last else { throw JourneyFailure.noLink(address) }
        return try post("/signup/confirm", [("token", String(token))])
    }

    @discardableResult
    func logIn(_ email: String, _ password: String = "a calm and steady passphrase") throws -> RawClient.Answer {
        _ = try get("/login")
        return try post("/login", [("email", email), ("password", password)])
    }
}
