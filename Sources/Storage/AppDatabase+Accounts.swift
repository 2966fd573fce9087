import Domain
import Foundation
import GRDB

/// Accounts, always within one tenant: every function takes the tenant's id first and sees nothing else.
extension AppDatabase {
    static func account(from row: Row) -> Account {
        Account(id: row["id"], tenantID: row["tenant_id"], email: row["email"],
                role: Role(rawValue: row["role"]) ?? .member, timeZone: row["time_zone"], passwordHash: row["password_hash"],
                theme: Theme(rawValue: row["theme"]) ?? .system, weekStartsOnSunday: row["week_starts_on"] == "sunday")
    }

    static let accountColumns = "id, tenant_id, email, role, time_zone, password_hash, theme, week_starts_on"

    public func createAccount(tenantID: String, email: EmailAddress, passwordHash: String, role: Role = .member,
                              timeZone: String, now: Int) throws(StorageError) -> Account {
        try write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM accounts WHERE tenant_id = ? AND email = ?",
                                 arguments: [tenantID, email.value]) == true {
                throw StorageError.conflict("an account with that email already exists")
            }
            let id = RandomID.make()
            try db.execute(sql: """
                INSERT INTO accounts (id, tenant_id, email, password_hash, role, time_zone, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [id, tenantID, email.value, passwordHash, role.rawValue, timeZone, now])
            return Account(id: id, tenantID: tenantID, email: email.value, role: role, timeZone: timeZone, passwordHash: passwordHash)
        }
    }

    public func account(tenantID: String, email: EmailAddress) throws(StorageError) -> Account? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.accountColumns) FROM accounts WHERE tenant_id = ? AND email = ?",
                             arguments: [tenantID, email.value]).map(Self.account(from:))
        }
    }

    public func account(tenantID: String, id: String) throws(StorageError) -> Account? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.accountColumns) FROM accounts WHERE tenant_id = ? AND id = ?",
                             arguments: [tenantID, id]).map(Self.account(from:))
        }
    }

    public func setRole(tenantID: String, email: EmailAddress, role: Role) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET role = ? WHERE tenant_id = ? AND email = ?",
                           arguments: [role.rawValue, tenantID, email.value])
            return db.changesCount == 1
        }
    }

    public enum RoleChange: Sendable, Equatable { case changed, notFound, lastAdmin }

    /// Changes a member's role and writes the audit line, in one transaction: the count of admins is read in
    /// the same write, so two admins demoting each other at once cannot leave the tenant with none.
    public func changeRole(tenantID: String, accountID: String, to role: Role, audit: AuditEntry) throws(StorageError) -> RoleChange {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT email, role FROM accounts WHERE tenant_id = ? AND id = ?",
                                             arguments: [tenantID, accountID]) else { return .notFound }
            if row["role"] == Role.admin.rawValue, role != .admin,
               try Int.fetchOne(db, sql: "SELECT count(*) FROM accounts WHERE tenant_id = ? AND role = 'admin'",
                                arguments: [tenantID]) ?? 0 <= 1 {
                return .lastAdmin
            }
            try db.execute(sql: "UPDATE accounts SET role = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [role.rawValue, tenantID, accountID])
            try Self.appendAudit(db, tenantID: tenantID, audit.about(row["email"], accountID: accountID))
            return .changed
        }
    }

    /// Replaces the password hash; with `endingSessionsExcept`, also ends every other session of the account
    /// in the same transaction (a password change or reset must not leave an attacker signed in).
    public func setPasswordHash(tenantID: String, accountID: String, hash: String,
                                endingSessionsExcept keptSessionID: String??) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET password_hash = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [hash, tenantID, accountID])
            if case .some(let kept) = keptSessionID {
                try db.execute(sql: "DELETE FROM sessions WHERE tenant_id = ? AND account_id = ? AND id IS NOT ?",
                               arguments: [tenantID, accountID, kept])
            }
        }
    }

    /// Changes the email; `.conflict` when another account in the tenant has it.
    public func setEmail(tenantID: String, accountID: String, email: EmailAddress) throws(StorageError) {
        try write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM accounts WHERE tenant_id = ? AND email = ? AND id != ?",
                                 arguments: [tenantID, email.value, accountID]) == true {
                throw StorageError.conflict("an account with that email already exists")
            }
            try db.execute(sql: "UPDATE accounts SET email = ? WHERE tenant_id = ? AND id = ?", arguments: [email.value, tenantID, accountID])
        }
    }

    public func setWeekStart(tenantID: String, accountID: String, sunday: Bool) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET week_starts_on = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [sunday ? "sunday" : "monday", tenantID, accountID])
        }
    }

    public func setTheme(tenantID: String, accountID: String, theme: Theme) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET theme = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [theme.rawValue, tenantID, accountID])
        }
    }

    public func setTimeZone(tenantID: String, accountID: String, timeZone: String) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE accounts SET time_zone = ? WHERE tenant_id = ? AND id = ?",
                           arguments: [timeZone, tenantID, accountID])
        }
    }

    /// Erases the account and, by cascade, its sessions and reset tokens.
    public func deleteAccount(tenantID: String, accountID: String) throws(StorageError) {
        try write { db in
            try db.execute(sql: "DELETE FROM accounts WHERE tenant_id = ? AND id = ?", arguments: [tenantID, accountID])
        }
    }

    public func accounts(tenantID: String) throws(StorageError) -> [Account] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.accountColumns) FROM accounts WHERE tenant_id = ? ORDER BY email",
                             arguments: [tenantID]).map(Self.account(from:))
        }
    }

    /// Everything stored about one person, for the JSON export.
    public func export(tenantID: String, accountID: String) throws(StorageError) -> AccountExport? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT email, role, time_zone, theme, created_at FROM accounts WHERE tenant_id = ? AND id = ?
                """, arguments: [tenantID, accountID]) else { return nil }
            let sessions = try Row.fetchAll(db, sql: """
                SELECT device, created_at, last_seen_at FROM sessions WHERE tenant_id = ? AND account_id = ? ORDER BY created_at
                """, arguments: [tenantID, accountID]).map {
                AccountExport.Session(device: $0["device"], createdAt: $0["created_at"], lastSeenAt: $0["last_seen_at"])
            }
            let runs = try Row.fetchAll(db, sql: """
                SELECT reset_id, emotion, started_at, local_day, local_time, steps_reached, step_count, outcome, mood, duration_seconds
                FROM runs WHERE tenant_id = ? AND account_id = ? ORDER BY started_at
                """, arguments: [tenantID, accountID]).map {
                AccountExport.Run(resetID: $0["reset_id"], emotion: $0["emotion"], startedAt: $0["started_at"],
                                  localDay: $0["local_day"], localTime: $0["local_time"], stepsReached: $0["steps_reached"], stepCount: $0["step_count"],
                                  outcome: $0["outcome"], mood: $0["mood"], durationSeconds: $0["duration_seconds"])
            }
            return AccountExport(email: row["email"], role: row["role"], timeZone: row["time_zone"], theme: row["theme"],
                                 createdAt: row["created_at"], sessions: sessions, runs: runs)
        }
    }
}

/// The JSON export's shape. Later features add their own parts.
public struct AccountExport: Codable, Sendable {
    public struct Session: Codable, Sendable {
        public let device: String
        public let createdAt: Int
        public let lastSeenAt: Int
    }

    public struct Run: Codable, Sendable {
        public let resetID: String
        public let emotion: String
        public let startedAt: Int
        public let localDay: String
        public let localTime: String
        public let stepsReached: Int
        public let stepCount: Int
        public let outcome: String?
        public let mood: Int?
        public let durationSeconds: Int?
    }

    public let email: String
    public let role: String
    public let timeZone: String
    public let theme: String
    public let createdAt: Int
    public let sessions: [Session]
    public let runs: [Run]
}

/// A member as an admin sees them.
public struct Member: Sendable {
    public let account: Account
    public let joinedAt: Int
}

extension AppDatabase {
    public func members(tenantID: String) throws(StorageError) -> [Member] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.accountColumns), created_at FROM accounts WHERE tenant_id = ? ORDER BY email",
                             arguments: [tenantID]).map { Member(account: Self.account(from: $0), joinedAt: $0["created_at"]) }
        }
    }
}
