import HTTPServer
import Cryptography

/// Every POST must carry the token of its session (or, signed out, the token of the visitor's CSRF
/// cookie) in the `_csrf` field (a script posting JSON may send it as the `X-CSRF-Token` header instead), and must
/// not come from another site when the browser says where from.
enum CSRFProtection {
    static let fieldName = "_csrf"

    static func verify(_ request: Request, form: FormData, expected: String) throws(WebError) {
        if let site = request.headers["Sec-Fetch-Site"], site != "same-origin", site != "none" { throw .csrfFailed }
        if let origin = request.headers["Origin"], origin != "null" {
            let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init)
            guard let originHost, originHost.lowercased() == request.headers["Host"]?.lowercased() else { throw .csrfFailed }
        }
        guard !expected.isEmpty, let sent = form[fieldName] ?? request.headers["X-CSRF-Token"], Digest.constantTimeEqual(sent, expected) else {
            throw .csrfFailed
        }
    }

    /// A valid anonymous token from the cookie, or nil.
    static func anonymousToken(_ request: Request, cookieName: String) -> String? {
        guard let token = RequestCookies.value(named: cookieName, in: request.headers), token.count == 64,
              token.allSatisfy(\.isHexDigit) else { return nil }
        return token
    }
}
