import Domain
import HTTPServer

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
    /// The scheme of every absolute URL we print (links in mail): never taken from a request.
    public var publicScheme = "http"
    /// The port of those URLs, when it is not the scheme's default (development on :8080).
    public var publicPort: Int?
    /// Reverse proxies whose `X-Forwarded-For` is believed; from anyone else it is ignored.
    public var trustedProxies: [IPAddressRange] = []
    /// A bearer token that lets a scraper on another machine read `/metrics` (from this machine it is not needed).
    public var metricsToken: String?
    /// Lets an identity provider's issuer be `http://` on this machine: only for the tests' provider.
    public var allowsLoopbackIdentityProvider = false
    /// Lets a browser's push endpoint be `http://` on this machine: only for the tests' push service.
    public var allowsLoopbackPushService = false

    public init() {}

    /// `https://acme.example.org/path`: the tenant's canonical host from configuration (its slug under the
    /// base domain, or the custom domain the operator set), never the request's Host.
    func absoluteURL(_ path: String, for tenant: Tenant) -> String {
        let host = tenant.settings.customDomain ?? (tenant.slug == Tenant.defaultSlug ? baseDomain : tenant.slug + "." + baseDomain)
        let defaultPort = publicScheme == "https" ? 443 : 80
        let port = publicPort.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        return publicScheme + "://" + host + port + path
    }

    /// Who push services may contact about our messages (VAPID's `sub`, RFC 8292 §2.1): the installation's own address.
    var pushContact: String {
        let defaultPort = publicScheme == "https" ? 443 : 80
        return publicScheme + "://" + baseDomain + (publicPort.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? "")
    }

    var signOnCookieName: String { secureCookies ? "__Host-resett_sign_on" : "resett_sign_on" }
    var sessionCookieName: String { secureCookies ? "__Host-resett_session" : "resett_session" }
    var csrfCookieName: String { secureCookies ? "__Host-resett_csrf" : "resett_csrf" }
}
