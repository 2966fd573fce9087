/// Settings an operator chooses at start.
public struct AppConfiguration: Sendable {
    /// Tenants live at `<slug>.<baseDomain>`; the bare domain is the default tenant.
    public var baseDomain = "localhost"
    /// Adds `Secure` and the `__Host-` prefix to the session cookie (always on behind HTTPS).
    public var secureCookies = false
    /// Seconds a session may go unused before it ends.
    public var sessionIdleLimit = 7 * 24 * 3600
    /// Seconds after which a session ends however much it is used.
    public var sessionAbsoluteLimit = 30 * 24 * 3600
    /// Seconds a password-reset link stays valid.
    public var passwordResetLifetime = 3600

    public init() {}

    var sessionCookieName: String { secureCookies ? "__Host-resett_session" : "resett_session" }
    var csrfCookieName: String { secureCookies ? "__Host-resett_csrf" : "resett_csrf" }
}
