import Domain
import Foundation
import Cryptography
import Storage
import Synchronization

/// Seals and opens a tenant's most sensitive text (check-in notes and tags) with the tenant's data key, AES-256-GCM.
/// Data keys are stored only wrapped by the master key; unwrapped, each is kept in memory here (a key never changes,
/// so a copy is never stale on any node). Without a master key nothing can be sealed, and notes are refused.
public final class DataVault: Sendable {
    let database: AppDatabase
    let masterKey: MasterKey?
    let clock: @Sendable () -> Int
    private let keys = Mutex<[String: [UInt8]]>([:])

    public init(database: AppDatabase, masterKey: MasterKey?, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.masterKey = masterKey
        self.clock = clock
    }

    public var canSeal: Bool { masterKey != nil }

    public enum Failure: Error, Equatable, Sendable {
        /// The server was started without a data key file.
        case noMasterKey
        /// A sealed value that does not open: another master key, or changed in the database.
        case cannotOpen
    }

    /// `text` sealed with the tenant's current data key, bound to `context`; the key's id goes beside it.
    func seal(_ text: String, tenantID: TenantID, context: String) throws -> (keyID: String, sealed: String) {
        guard let masterKey else { throw Failure.noMasterKey }
        let stored = try database.activeDataKey(tenantID: tenantID, now: clock()) { keyID in
            let fresh = SecureRandom.bytes(AESGCM.keyLength)
            return Data(try masterKey.wrap(fresh, tenantID: tenantID.rawValue, keyID: keyID)).base64EncodedString()
        }
        let key = try dataKey(stored, tenantID: tenantID, masterKey: masterKey)
        let sealed = try AESGCM.seal(Array(text.utf8), key: key, context: Array(context.utf8))
        return (stored.id, Data(sealed).base64EncodedString())
    }

    /// The text, or nil when this server cannot open it (no master key, or not the key that sealed it): a page or an
    /// export then shows what it can and says what it could not open, rather than failing as a whole.
    func openIfPossible(_ sealed: String, keyID: String, tenantID: TenantID, context: String) throws -> String? {
        do { return try open(sealed, keyID: keyID, tenantID: tenantID, context: context) } catch is Failure { return nil }
    }

    func open(_ sealed: String, keyID: String, tenantID: TenantID, context: String) throws -> String {
        guard let masterKey else { throw Failure.noMasterKey }
        guard let stored = try database.dataKey(tenantID: tenantID, id: keyID), let box = Data(base64Encoded: sealed) else {
            throw Failure.cannotOpen
        }
        let key = try dataKey(stored, tenantID: tenantID, masterKey: masterKey)
        do {
            return String(decoding: try AESGCM.open(Array(box), key: key, context: Array(context.utf8)), as: UTF8.self)
        } catch {
            throw Failure.cannotOpen
        }
    }

    private func dataKey(_ stored: AppDatabase.StoredDataKey, tenantID: TenantID, masterKey: MasterKey) throws -> [UInt8] {
        let name = "\(tenantID):\(stored.id)"
        if let known = keys.withLock({ $0[name] }) { return known }
        guard let wrapped = Data(base64Encoded: stored.wrapped) else { throw Failure.cannotOpen }
        let key: [UInt8]
        do { key = try masterKey.unwrap(Array(wrapped), tenantID: tenantID.rawValue, keyID: stored.id) } catch { throw Failure.cannotOpen }
        keys.withLock { if $0.count < 4096 { $0[name] = key } }
        return key
    }

    /// Master-key rotation: every tenant's data keys unwrapped with `old` and wrapped with `new`, all in one transaction
    /// (a key that `old` cannot open stops it before anything changes). The data itself is untouched: its keys are the
    /// same keys. Returns how many keys were re-wrapped.
    public static func rewrap(_ database: AppDatabase, from old: MasterKey, to new: MasterKey) throws -> Int {
        var rewrapped: [(tenantID: TenantID, key: AppDatabase.StoredDataKey)] = []
        for (tenantID, stored) in try database.allDataKeys() {
            guard let wrapped = Data(base64Encoded: stored.wrapped),
                  let key = try? old.unwrap(Array(wrapped), tenantID: tenantID.rawValue, keyID: stored.id) else { throw Failure.cannotOpen }
            let again = Data(try new.wrap(key, tenantID: tenantID.rawValue, keyID: stored.id)).base64EncodedString()
            rewrapped.append((tenantID, AppDatabase.StoredDataKey(id: stored.id, wrapped: again)))
        }
        try database.rewrapDataKeys(rewrapped)
        return rewrapped.count
    }
}
