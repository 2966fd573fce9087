import Cryptography
import Domain
import Foundation
@testable import Storage
import Synchronization
@testable import UseCases

/// A migrated SQLite file of its own, a library of resets and a clock a test moves: what the use cases need, without
/// the web or a socket. Scopes are made as the Gate makes them, from accounts the database holds.
final class RulesFixture: Sendable {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    let database: AppDatabase
    let library: ResetLibrary
    private let seconds = Mutex(1_795_253_400)  // Saturday 21 November 2026, 09:30 UTC
    var clock: @Sendable () -> Int { { [self] in seconds.withLock { $0 } } }
    func advance(_ by: Int) { seconds.withLock { $0 += by } }

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resett-rules-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        database = try AppDatabase.open(location: folder + "/resett.sqlite", migrationsDirectory: Self.root + "/Migrations")
        library = try ResetLibrary(path: Self.root + "/Content/resets.json")
    }

    func tenant(_ slug: String = Tenant.defaultSlug) throws -> Tenant {
        if let tenant = try database.tenant(slug: slug) { return tenant }
        return try database.createTenant(slug: slug, name: slug.capitalized)
    }

    /// A new account of `role` in the tenant `slug`, as its own signed-in scope.
    func member(_ email: String, role: Role = .member, tenant slug: String = Tenant.defaultSlug) throws -> MemberScope {
        let tenant = try tenant(slug)
        let account = try database.createAccount(tenantID: tenant.id, email: EmailAddress(email)!, passwordHash: "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA", role: role,
                                                 timeZone: "Europe/London", now: clock())
        return MemberScope(tenant: tenant, account: account)
    }

    var runs: Runs { Runs(database: database, library: library, clock: clock) }
    var administration: Administration { Administration(database: database, clock: clock) }
    var joining: Joining { Joining(database: database, clock: clock) }
    var community: Community {
        Community(database: database, throttles: Throttles(database: database), safetyPhrases: SafetyPhrases(phrases: ["end it all"]), clock: clock)
    }
    var moderation: Moderation { Moderation(database: database, clock: clock) }
    /// Setbacks with the seed's rules, their notes sealed under a master key of their own.
    func setbacks() throws -> Setbacks {
        let vault = DataVault(database: database, masterKey: try MasterKey(bytes: SecureRandom.bytes(32)), clock: clock)
        return Setbacks(database: database, vault: vault, guide: SetbackRules.guide, clock: clock)
    }
}
