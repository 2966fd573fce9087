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
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static func apply(to response: inout Response) {
        response.headers.setIfAbsent("Content-Security-Policy", contentSecurityPolicy)
        response.headers.setIfAbsent("X-Content-Type-Options", "nosniff")
        response.headers.setIfAbsent("Referrer-Policy", "same-origin")
        response.headers.setIfAbsent("X-Frame-Options", "DENY")
        response.headers.setIfAbsent("Cross-Origin-Opener-Policy", "same-origin")
        response.headers.setIfAbsent("Cross-Origin-Resource-Policy", "same-origin")
        response.headers.setIfAbsent("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()")
    }
}
