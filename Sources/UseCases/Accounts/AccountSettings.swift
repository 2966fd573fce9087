import Domain
import Cryptography
import Storage

/// What a signed-in person does with their own account: changes that ask for the password, preferences,
/// the export, erasure and their signed-in devices.
///
/// Each password asked for is an Argon2 hash, so wrong answers are counted like failed logins: after a few,
/// the session ends, and the account's login failures grow too (guessing through a stolen session meets the
/// same step-up as guessing at the login form).
public struct AccountSettings: Sendable {
    let services: AccountServices

    public init(services: AccountServices) { self.services = services }

    public enum PasswordCheck: Sendable, Equatable {
        case confirmed
        case wrong
        /// Too many wrong answers: this session has been ended.
        case sessionEnded
    }

    func confirm(_ member: MemberScope, password: String, session: SessionRecord?) throws -> PasswordCheck {
        let now = services.clock()
        let throttles = services.throttles
        let key = "\(member.tenantID):\(member.accountID)"
        if try throttles.failedPasswordConfirmations.retryAfter(key, now: now) != nil {
            try endSession(member, session)
            return .sessionEnded
        }
        if try services.verify(password, against: member.account.passwordHash, for: Self.claimant(member)) { return .confirmed }
        try throttles.failedPasswordConfirmations.record(key, now: now)
        try throttles.failedLoginsPerAccount.record(Throttles.accountKey(tenantID: member.tenantID, email: member.account.email), now: now)
        if try throttles.failedPasswordConfirmations.retryAfter(key, now: now) != nil {
            try endSession(member, session)
            return .sessionEnded
        }
        return .wrong
    }

    /// A signed-in person waits their turn for a hash as themselves.
    static func claimant(_ member: MemberScope) -> HashingPool.Claimant {
        HashingPool.Claimant(tenant: member.tenantID.rawValue, client: "account:\(member.accountID)")
    }

    private func endSession(_ member: MemberScope, _ session: SessionRecord?) throws {
        guard let session else { return }
        try services.database.deleteSession(tenantID: member.tenantID, accountID: member.accountID, sessionID: SessionID(stored: session.id))
    }

    /// A new password (already checked against the policy) once the current one is confirmed; every other
    /// session and every mailed link of the account end with it.
    public func changePassword(_ member: MemberScope, current: String, new: String, session: SessionRecord?) throws -> PasswordCheck {
        let check = try confirm(member, password: current, session: session)
        guard check == .confirmed else { return check }
        let hash = try services.hash(new, for: Self.claimant(member))
        try services.database.setPasswordHash(tenantID: member.tenantID, accountID: member.accountID, hash: hash,
                                              endingSessionsExcept: .some(session?.id))
        return .confirmed
    }

    public enum EmailChange: Sendable, Equatable {
        case changed
        case taken
        case password(PasswordCheck)
    }

    /// A new address needs the password too: whoever changes it could otherwise take the account.
    public func changeEmail(_ member: MemberScope, to email: EmailAddress, password: String, session: SessionRecord?) throws -> EmailChange {
        let check = try confirm(member, password: password, session: session)
        guard check == .confirmed else { return .password(check) }
        do {
            try services.database.setEmail(tenantID: member.tenantID, accountID: member.accountID, email: email)
            return .changed
        } catch {
            if case .conflict = error { return .taken }
            throw error
        }
    }

    /// Erases the person (see `AppDatabase.deleteAccount`) once the password is confirmed, and any mail still
    /// held for them. The only admin is refused (`.conflict`): the organisation would be left without one.
    public func delete(_ member: MemberScope, password: String, erasePosts: Bool, session: SessionRecord?) throws -> PasswordCheck {
        let check = try confirm(member, password: password, session: session)
        guard check == .confirmed else { return check }
        switch try services.database.deleteAccount(tenantID: member.tenantID, accountID: member.accountID, erasePosts: erasePosts) {
        case .deleted(let email):
            services.mailer.forget(recipient: email)
            return .confirmed
        case .notFound, .staff:
            throw UseCaseError.notFound
        case .lastAdmin:
            throw UseCaseError.conflict("You’re your organisation’s only admin, so your account can’t be deleted yet. "
                                        + "Make someone else an admin first, then come back.")
        }
    }

    public func setDiscretion(_ member: MemberScope, discreet: Bool, exitButton: Bool) throws {
        try services.database.setDiscretion(tenantID: member.tenantID, accountID: member.accountID, discreet: discreet, exitButton: exitButton)
    }

    public func setTheme(_ member: MemberScope, _ theme: Theme) throws {
        try services.database.setTheme(tenantID: member.tenantID, accountID: member.accountID, theme: theme)
    }

    public func setTimeZone(_ member: MemberScope, _ timeZone: String) throws {
        try services.database.setTimeZone(tenantID: member.tenantID, accountID: member.accountID, timeZone: timeZone)
    }

    public func setWeekStart(_ member: MemberScope, sunday: Bool) throws {
        try services.database.setWeekStart(tenantID: member.tenantID, accountID: member.accountID, sunday: sunday)
    }

    public func setCalendarColours(_ member: MemberScope, followCheckIns: Bool) throws {
        try services.database.setCalendarColours(tenantID: member.tenantID, accountID: member.accountID, followCheckIns: followCheckIns)
    }

    /// Everything held about the person.
    public func export(_ member: MemberScope) throws -> AccountExport {
        guard let export = try services.database.export(tenantID: member.tenantID, accountID: member.accountID) else {
            throw UseCaseError.notFound
        }
        return export
    }

    // MARK: Signed-in devices

    public func sessions(_ member: MemberScope) throws -> [SessionRecord] {
        try services.database.sessions(tenantID: member.tenantID, accountID: member.accountID)
    }

    /// Ends one of the person's sessions; another person's id, here or in another tenant, is not found.
    public func signOut(_ member: MemberScope, session id: SessionID) throws {
        guard try services.database.deleteSession(tenantID: member.tenantID, accountID: member.accountID, sessionID: id) else {
            throw UseCaseError.notFound
        }
    }

    public func signOutEverywhereElse(_ member: MemberScope, keeping session: SessionRecord?) throws {
        try services.database.deleteSessions(tenantID: member.tenantID, accountID: member.accountID, except: session?.id)
    }
}
