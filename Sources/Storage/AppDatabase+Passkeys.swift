import Domain

/// Passkeys and their challenges, always within one tenant.
extension AppDatabase {
    private static let passkeyColumns = """
        id, account_id, credential_id, public_key, algorithm, sign_count, backup_eligible, backed_up, name, created_at, last_used_at
        """

    private static func passkey(_ row: SQLRow) -> Passkey {
        let count: Int = row["sign_count"]
        return Passkey(id: PasskeyID(stored: row["id"]), accountID: row["account_id"], credentialID: row["credential_id"],
                       publicKey: row["public_key"], algorithm: row["algorithm"], signCount: UInt32(clamping: count),
                       backupEligible: row["backup_eligible"], backedUp: row["backed_up"], name: row["name"],
                       createdAt: row["created_at"], lastUsedAt: row["last_used_at"])
    }

    public func passkeys(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [Passkey] {
        try read { db in
            try db.rows(sql: "SELECT \(Self.passkeyColumns) FROM passkeys WHERE tenant_id = ? AND account_id = ? ORDER BY created_at, id",
                        arguments: [tenantID, accountID]).map(Self.passkey)
        }
    }

    /// The passkey with this credential id in this tenant (a credential made for another organisation is none here).
    public func passkey(tenantID: TenantID, credentialID: String) throws(StorageError) -> Passkey? {
        try read { db in
            try db.row(sql: "SELECT \(Self.passkeyColumns) FROM passkeys WHERE tenant_id = ? AND credential_id = ?",
                       arguments: [tenantID, credentialID]).map(Self.passkey)
        }
    }

    public enum PasskeyAddition: Sendable, Equatable { case added, alreadyRegistered, tooMany, challengeUsed }

    /// Keeps a new passkey, spending its registration challenge in the same transaction, within the account's limit.
    public func addPasskey(_ passkey: Passkey, tenantID: TenantID, challengeHash: String, now: Int) throws(StorageError) -> PasskeyAddition {
        try write { db in
            guard try Self.takeChallenge(db, tenantID: tenantID, hash: challengeHash, purpose: .register, accountID: passkey.accountID, now: now)
            else { return .challengeUsed }
            if try db.bool(sql: "SELECT 1 FROM passkeys WHERE tenant_id = ? AND credential_id = ?",
                           arguments: [tenantID, passkey.credentialID]) == true { return .alreadyRegistered }
            let count = try db.int(sql: "SELECT count(*) FROM passkeys WHERE tenant_id = ? AND account_id = ?",
                                   arguments: [tenantID, passkey.accountID]) ?? 0
            guard count < Passkey.maximumPerAccount else { return .tooMany }
            try db.execute(sql: """
                INSERT INTO passkeys (id, tenant_id, account_id, credential_id, public_key, algorithm, sign_count, backup_eligible,
                                      backed_up, name, created_at, last_used_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)
                """, arguments: [passkey.id, tenantID, passkey.accountID, passkey.credentialID, passkey.publicKey, passkey.algorithm,
                                 Int(passkey.signCount), passkey.backupEligible, passkey.backedUp, passkey.name, now])
            return .added
        }
    }

    public static func newPasskeyID() -> PasskeyID { RandomID.id() }

    /// Removes one of the member's passkeys; false when they have none by that id.
    public func removePasskey(tenantID: TenantID, accountID: AccountID, id: PasskeyID) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM passkeys WHERE tenant_id = ? AND account_id = ? AND id = ?", arguments: [tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    /// A good assertion: spends its challenge and moves the counter on, in one transaction, only if neither happened
    /// meanwhile (a replayed assertion racing the first finds its challenge gone or the counter already there). False then.
    public func recordPasskeyUse(_ passkey: Passkey, tenantID: TenantID, challengeHash: String, purpose: PasskeyPurpose,
                                 accountID: AccountID?, now: Int) throws(StorageError) -> Bool {
        try write { db in
            guard try Self.takeChallenge(db, tenantID: tenantID, hash: challengeHash, purpose: purpose, accountID: accountID, now: now)
            else { return false }
            try db.execute(sql: """
                UPDATE passkeys SET sign_count = ?, backed_up = ?, last_used_at = ?
                WHERE tenant_id = ? AND id = ? AND (sign_count < ? OR ? = 0)
                """, arguments: [Int(passkey.signCount), passkey.backedUp, now, tenantID, passkey.id, Int(passkey.signCount),
                                 Int(passkey.signCount)])
            return db.changesCount == 1
        }
    }

    public func createPasskeyChallenge(tenantID: TenantID, hash: String, purpose: PasskeyPurpose, accountID: AccountID?,
                                       expiresAt: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO passkey_challenges (tenant_id, challenge_hash, purpose, account_id, expires_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [tenantID, hash, purpose.rawValue, accountID, expiresAt])
        }
    }

    /// Spends a live challenge made for this purpose (and account, when it was bound to one): true once, then false.
    static func takeChallenge(_ db: any SQLConnection, tenantID: TenantID, hash: String, purpose: PasskeyPurpose, accountID: AccountID?,
                              now: Int) throws -> Bool {
        let condition = accountID == nil ? "account_id IS NULL" : "account_id = ?"
        let arguments: SQLArguments = accountID.map { [tenantID, hash, purpose.rawValue, now, $0] } ?? [tenantID, hash, purpose.rawValue, now]
        try db.execute(sql: """
            DELETE FROM passkey_challenges WHERE tenant_id = ? AND challenge_hash = ? AND purpose = ? AND expires_at > ? AND \(condition)
            """, arguments: arguments)
        return db.changesCount == 1
    }

    /// The app lock's length (0, 5, 15, 30 or 60 minutes; the schema holds it to those).
    public func setLockMinutes(tenantID: TenantID, accountID: AccountID, minutes: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET lock_minutes = ? WHERE tenant_id = ? AND id = ?", arguments: [minutes, tenantID, accountID])
        }
    }
}
