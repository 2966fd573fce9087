import Domain
import Cryptography
import Storage

/// The one place scopes are made: the tenant from the request's host, the member from the session token.
/// Sessions are a 256-bit random token in a cookie and its SHA-256 in the database, bound to one tenant.
public struct Gate: Sendable {
    let database: AppDatabase
    /// Tenants live at `<slug>.<baseDomain>`; the bare domain (and loopback) is the default tenant.
    let baseDomain: String
    let sessionIdleLimit: Int
    let sessionAbsoluteLimit: Int
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, baseDomain: String, sessionIdleLimit: Int, sessionAbsoluteLimit: Int,
                clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.baseDomain = baseDomain.lowercased()
        self.sessionIdleLimit = sessionIdleLimit
        self.sessionAbsoluteLimit = sessionAbsoluteLimit
        self.clock = clock
    }

    /// The tenant a `Host` names, the scope of a request to it carrying `sessionToken`, and its session: one read
    /// for what every request needs first. nil when no tenant is served at that host.
    public func resolve(host: String?, sessionToken: String?) throws -> (Tenant, Scope, SessionRecord?)? {
        guard let lookup = tenantLookup(host: host) else { return nil }
        let token = sessionToken.flatMap { token in
            token.utf8.count == 64 && token.utf8.allSatisfy({ Hex.isLowercaseDigit($0) }) ? Digest.sha256Hex(token) : nil
        }
        guard let (tenant, found) = try database.tenantAndSession(tenantBy: lookup, tokenHash: token, now: clock(),
                                                                   idleLimit: sessionIdleLimit, absoluteLimit: sessionAbsoluteLimit)
        else { return nil }
        guard let (session, account) = found else { return (tenant, Scope(tenant: tenant, account: nil), nil) }
        return (tenant, Scope(tenant: tenant, account: account), session)
    }

    /// Which tenant a `Host` names, before asking the database: `<slug>.<base-domain>`, a domain the operator set, or
    /// the bare base domain and loopback for the default tenant; nil for anything else. A missing Host (HTTP/1.0) is
    /// the default.
    func tenantLookup(host: String?) -> AppDatabase.TenantLookup? {
        guard let host else { return .slug(Tenant.defaultSlug) }
        guard let name = Self.hostName(host) else { return nil }
        if name == baseDomain || name == "localhost" || name == "127.0.0.1" || name == "::1" { return .slug(Tenant.defaultSlug) }
        if name.hasSuffix("." + baseDomain) {
            let slug = String(name.dropLast(baseDomain.count + 1))
            return Tenant.isValidSlug(slug) ? .slug(slug) : nil
        }
        return .customDomain(name)
    }

    /// Starts a new session for `account` (a new token every time, so a token planted before login is worthless)
    /// and returns its token for the cookie. The session it replaces, if any, ends. The account must still be as the
    /// caller read it (on, with the same password hash): a log-in that raced a password change or the organisation
    /// turning the account off is refused (`.conflict`), in the transaction that would have made the session.
    public func startSession(tenant: Tenant, account: Account, device: String, replacing old: SessionRecord?,
                             proof: SessionRecord.Proof = .password) throws -> String {
        // "Single sign-on only" holds here, where every way in passes (a password, a passkey, an emailed link): a
        // member of such an organisation signs in through its provider and no other way (issue 65, finding 7). Staff
        // keep theirs, so a broken provider locks nobody out of the settings that would mend it.
        if !proof.passesSingleSignOnOnly, account.role == .member, let provider = try database.identityProvider(tenantID: tenant.id), provider.isRequired {
            throw UseCaseError.conflict(Self.singleSignOnOnly(tenant, provider.displayName))
        }
        if let old { try database.deleteSession(tenantID: tenant.id, accountID: old.accountID, sessionID: SessionID(stored: old.id)) }
        let token = SecureRandom.hex(32)
        guard try database.createSession(tenantID: tenant.id, accountID: account.id, tokenHash: Digest.sha256Hex(token),
                                         csrfToken: SecureRandom.hex(32), device: device, now: clock(), passwordHash: account.passwordHash, proof: proof) != nil
        else { throw UseCaseError.conflict(Self.changedMeanwhile) }
        return token
    }

    static func singleSignOnOnly(_ tenant: Tenant, _ provider: String) -> String {
        "\(tenant.name) signs its people in with \(provider). Please log in with “Continue with \(provider)” on the log-in page."
    }

    static let changedMeanwhile = "Your account changed while you were logging in (a new password, or your organisation turned it off). "
        + "Please log in again."

    /// Ends one session (signing out).
    public func endSession(_ scope: Scope, _ session: SessionRecord) throws {
        try database.deleteSession(tenantID: scope.tenantID, accountID: session.accountID, sessionID: SessionID(stored: session.id))
    }

    /// The host without its port, lower-cased; nil when it is not a plausible host name.
    public static func hostName(_ header: String) -> String? {
        // Bytes, not Characters: this runs for every request, and a host name is ASCII or it is nothing of ours.
        var bytes = Array(header.utf8)
        guard !bytes.isEmpty, bytes.count <= 253 else { return nil }
        for index in bytes.indices where bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "Z") { bytes[index] |= 0x20 }
        if bytes[0] == UInt8(ascii: "[") {
            guard let end = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let inner = bytes[1..<end]
            guard inner.allSatisfy({ Hex.isLowercaseDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { return nil }
            return String(decoding: inner, as: UTF8.self)
        }
        if let colon = bytes.lastIndex(of: UInt8(ascii: ":")) {
            guard bytes[(colon + 1)...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            bytes.removeSubrange(colon...)
        }
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        guard !bytes.isEmpty, bytes.allSatisfy({ byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
