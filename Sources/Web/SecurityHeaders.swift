import Foundation
import HTTPServer

/// Headers every response carries. The CSP allows no inline script or style at all: pages load their
/// CSS and JS from our own files only.
enum SecurityHeaders {
    static let contentSecurityPolicy = [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    /// The same policy, with forms also allowed to lead to `origin` (scheme://host[:port], from the provider's
    /// discovery when an admin saved it): the single sign-on button's form is answered by a redirect there.
    static func policy(formsAlsoTo origin: String) -> String {
        let clean = String(origin.unicodeScalars.filter { $0.isASCII && !" ;,'\"".unicodeScalars.contains($0) && $0.value > 32 }.map(Character.init))
        return contentSecurityPolicy.replacingOccurrences(of: "form-action 'self'", with: "form-action 'self' " + clean)
    }

    static let all: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"),
    ]

    /// HTTPS only, for a year: sent when Resett is served over HTTPS (`--secure-cookies`).
    static let strictTransportSecurity = ("Strict-Transport-Security", "max-age=31536000; includeSubDomains")

    static func apply(to response: inout Response, https: Bool) {
        // These, Strict-Transport-Security and the request id the server adds: one allocation, not three as it grows.
        response.headers.reserveCapacity(response.headers.count + all.count + 2)
        if https { response.headers.setIfAbsent(strictTransportSecurity.0, strictTransportSecurity.1) }
        // The usual case, on every static file: no handler set any of these, so add them all without searching.
        if !response.headers.contains(where: { field in all.contains { $0.0 == field.name } }) {
            for (name, value) in all { response.headers.add(name, value) }
            return
        }
        response.headers.setIfAbsent("Content-Security-Policy", contentSecurityPolicy)
        response.headers.setIfAbsent("X-Content-Type-Options", "nosniff")
        response.headers.setIfAbsent("Referrer-Policy", "same-origin")
        response.headers.setIfAbsent("X-Frame-Options", "DENY")
        response.headers.setIfAbsent("Cross-Origin-Opener-Policy", "same-origin")
        response.headers.setIfAbsent("Cross-Origin-Resource-Policy", "same-origin")
        response.headers.setIfAbsent("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()")
    }
}
