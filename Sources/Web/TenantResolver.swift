import Domain
import HTTPServer
import Storage

/// Finds the tenant a request is for from its `Host`: `<slug>.<base-domain>`, a tenant's own domain,
/// or the bare base domain (and loopback addresses) for the default tenant.
public struct TenantResolver: Sendable {
    let baseDomain: String
    let database: AppDatabase

    func tenant(for request: Request) throws -> Tenant? {
        guard let host = Self.hostName(request.headers["Host"]) else {
            // HTTP/1.0 may omit Host: that is the default tenant.
            return request.headers["Host"] == nil ? try database.tenant(slug: "default") : nil
        }
        if host == baseDomain || host == "localhost" || host == "127.0.0.1" || host == "::1" {
            return try database.tenant(slug: "default")
        }
        if host.hasSuffix("." + baseDomain) {
            let slug = String(host.dropLast(baseDomain.count + 1))
            guard Tenant.isValidSlug(slug) else { return nil }
            return try database.tenant(slug: slug)
        }
        return try database.tenant(customDomain: host)
    }

    /// The host without its port, lower-cased; nil when it is not a plausible host name.
    public static func hostName(_ header: String?) -> String? {
        guard var host = header?.lowercased(), !host.isEmpty, host.count <= 253 else { return nil }
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return nil }
            return String(host[host.index(after: host.startIndex)..<end])
        }
        if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
            host = String(host[..<colon])
        }
        if host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }), host.allSatisfy(\.isASCII)
        else { return nil }
        return host
    }
}
