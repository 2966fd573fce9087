import Domain
import HTTPServer
import UseCases

/// The session cookie: what `Gate` issues, carried as `HttpOnly`, `SameSite=Lax` and, over HTTPS, `Secure` with
/// the `__Host-` prefix.
struct Authentication: Sendable {
    let gate: Gate
    let configuration: AppConfiguration

    /// Starts a new session and returns the cookie that carries it.
    func signIn(_ account: Account, scope: Scope, request: Request, replacing old: SessionRecord?,
                proof: SessionRecord.Proof = .password) throws -> SetCookie {
        let token = try gate.startSession(tenant: scope.tenant, account: account, device: Self.device(request.headers["User-Agent"]),
                                          replacing: old, proof: proof)
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
