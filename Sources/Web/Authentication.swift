import Domain
import HTTPServer
import Security
import Storage

/// Sessions: a 256-bit random token in a cookie, its SHA-256 in the database, bound to one tenant.
struct Authentication: Sendable {
    let database: AppDatabase
    let configuration: AppConfiguration
    let clock: @Sendable () -> Int

    /// The live session the request carries for this tenant, if any. A token from another tenant finds nothing.
    func session(for request: Request, tenant: Tenant) throws -> (SessionRecord, Account)? {
        guard let token = RequestCookies(headers: request.headers)[configuration.sessionCookieName],
              token.count == 64, token.allSatisfy(\.isHexDigit)
        else { return nil }
        return try database.session(tenantID: tenant.id, tokenHash: Digest.sha256Hex(token), now: clock(),
                                    idleLimit: configuration.sessionIdleLimit, absoluteLimit: configuration.sessionAbsoluteLimit)
    }

    /// Starts a new session (a new token every time, so a token planted before login is worthless) and
    /// returns the cookie that carries it.
    func signIn(_ account: Account, request: Request, replacing old: SessionRecord?) throws -> SetCookie {
        if let old { try database.deleteSession(tenantID: account.tenantID, accountID: old.accountID, sessionID: old.id) }
        let token = SecureRandom.hex(32)
        _ = try database.createSession(tenantID: account.tenantID, accountID: account.id, tokenHash: Digest.sha256Hex(token),
                                       csrfToken: SecureRandom.hex(32), device: Self.device(request.headers["User-Agent"]),
                                       now: clock())
        return SetCookie(name: configuration.sessionCookieName, value: token, maxAge: configuration.sessionAbsoluteLimit,
                         secure: configuration.secureCookies)
    }

    var signedOutCookie: SetCookie { .expired(configuration.sessionCookieName, secure: configuration.secureCookies) }

    /// "Firefox on Linux": enough to recognise a device in the list, without storing the whole user agent.
    static func device(_ userAgent: String?) -> String {
        guard let agent = userAgent else { return "Unknown browser" }
        let browser = [("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari"), ("curl/", "curl")]
            .first { agent.contains($0.0) }?.1 ?? "A browser"
        let system = [("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
                      ("Mac OS X", "macOS"), ("Linux", "Linux")].first { agent.contains($0.0) }?.1
        return system.map { "\(browser) on \($0)" } ?? browser
    }
}
