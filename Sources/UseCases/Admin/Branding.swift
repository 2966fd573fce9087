import Domain
import Storage

/// What anyone visiting an organisation's space may fetch of its look: its logo.
public struct Branding: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// The organisation's logo (a PNG we checked when it was saved) and its SHA-256, or nil without one.
    public func logo(_ scope: Scope) throws -> (png: [UInt8], sha: String)? {
        guard scope.tenant.settings.logoSHA != nil else { return nil }
        return try database.logo(tenantID: scope.tenantID)
    }
}
