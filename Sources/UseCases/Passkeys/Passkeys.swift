import Domain
import Cryptography
import Foundation
import OpenIDConnect
import Storage
import WebAuthn

/// Passkeys (WebAuthn): adding one, signing in with one, and opening the app lock with one. The browser is given a
/// challenge kept for five minutes and spent once; what comes back is checked by `WebAuthn.RelyingParty` against the
/// tenant's own host (from configuration, never the request) before anything is kept or anyone is let in.
public struct Passkeys: Sendable {
    let services: AccountServices
    static let challengeLifetime = 5 * 60

    public init(services: AccountServices) { self.services = services }

    /// Where passkeys are made and used: the tenant's host as RP ID, and the origin browsers must report.
    public struct Site: Sendable {
        public let rpID: String
        public let origin: String
        public let name: String

        public init(rpID: String, origin: String, name: String) {
            self.rpID = rpID
            self.origin = origin
            self.name = name
        }

        var relyingParty: WebAuthn.RelyingParty { WebAuthn.RelyingParty(id: rpID, origin: origin) }
    }

    /// What the browser needs to make or use a passkey (base64url wherever WebAuthn wants bytes).
    public struct Options: Sendable, Equatable {
        public let challenge: String
        public let rpID: String
        public let rpName: String
        /// Registration: the account's user handle and the name the authenticator shows.
        public let userID: String?
        public let userName: String?
        /// Registration: passkeys the person already has (not to be made twice); unlocking: the ones that may answer.
        public let credentialIDs: [String]
        public let timeoutMilliseconds = challengeLifetime * 1000
    }

    /// Why a passkey was not accepted, in the terms the person's page needs (WebAuthn's own reasons, grouped).
    public enum Refusal: Error, Equatable, Sendable {
        /// The response could not be read at all (not from a browser's WebAuthn).
        case unreadable
        /// The challenge was used already, ran out, or was for something else.
        case challengeSpent
        /// Made for, or sent from, another site (origin, RP ID or a cross-origin frame).
        case otherSite
        /// The authenticator did not verify the person (face, fingerprint or PIN).
        case notVerified
        /// An attestation format or key algorithm we do not take.
        case unsupportedKind
        /// The counter did not go up, or the backup eligibility changed: perhaps a copied authenticator.
        case looksCopied
        /// No such passkey here, or its signature or data did not check out.
        case unknownPasskey
        case alreadyRegistered
        case tooMany
        /// The session's owner has not proven who they are in the last few minutes (`SessionRecord.freshProofSeconds`):
        /// a passkey is added only by someone who just gave their password, a passkey already theirs or the
        /// organisation's sign-in, never by whoever holds an open session.
        case needsFreshProof
        /// A staff member's session proven by password alone, while the organisation asks staff for a passkey or single
        /// sign-on: their passkey is added from a session proven by one of those, or their first by another admin's
        /// approval and the link mailed to them.
        case staffNeedsApproval

        init(_ error: WebAuthnError) {
            switch error {
            case .wrongChallenge: self = .challengeSpent
            case .wrongOrigin, .wrongRelyingParty, .crossOrigin: self = .otherSite
            case .userNotPresent, .userNotVerified: self = .notVerified
            case .unsupportedAttestation, .unsupportedAlgorithm: self = .unsupportedKind
            case .counterNotIncreased, .backupEligibilityChanged: self = .looksCopied
            case .malformed, .wrongType, .badSignature: self = .unknownPasskey
            }
        }
    }

    private func challenge(_ tenantID: TenantID, _ purpose: PasskeyPurpose, _ accountID: AccountID?) throws -> String {
        let bytes = SecureRandom.bytes(32)
        try services.database.createPasskeyChallenge(tenantID: tenantID, hash: Digest.sha256Hex(Base64URL.encode(bytes)), purpose: purpose,
                                                     accountID: accountID, expiresAt: services.clock() + Self.challengeLifetime)
        return Base64URL.encode(bytes)
    }

    /// The account's user handle: its id, which is random and says nothing about the person.
    static func userHandle(_ accountID: AccountID) -> String { Base64URL.encode(Array(accountID.rawValue.utf8)) }

    public func registrationOptions(_ member: MemberScope, session: SessionRecord, site: Site) throws -> Result<Options, Refusal> {
        if let refusal = refusalToAdd(member, session) { return .failure(refusal) }
        try allowChallenge("\(member.tenantID):account:\(member.accountID)")
        let existing = try services.database.passkeys(tenantID: member.tenantID, accountID: member.accountID)
        return .success(Options(challenge: try challenge(member.tenantID, .register, member.accountID), rpID: site.rpID, rpName: site.name,
                                userID: Self.userHandle(member.accountID), userName: member.account.email,
                                credentialIDs: existing.map(\.credentialID)))
    }

    /// Whether this session may add a passkey now: its owner proved who they are within the last few minutes, and it
    /// is not locked; and, while the organisation asks its staff for a passkey or single sign-on, a staff member's
    /// session was proven by one of those, or (for their first) another admin approved it and the link mailed to them
    /// was used here (`FirstPasskeys`). A password alone never adds a staff member's passkey then.
    public func mayAdd(_ member: MemberScope, _ session: SessionRecord) -> Bool { refusalToAdd(member, session) == nil }

    public func refusalToAdd(_ member: MemberScope, _ session: SessionRecord) -> Refusal? {
        let now = services.clock()
        guard !session.locked, session.isFreshlyProven(now: now) else { return .needsFreshProof }
        if member.account.role.canModerate, member.tenant.settings.staffStrongSignIn, !session.proof.isStrong,
           session.firstPasskeyUntil < now {
            return .staffNeedsApproval
        }
        return nil
    }

    /// Adds the passkey the browser made, and tells the account's owner by mail, with the way to remove it.
    public func register(_ member: MemberScope, session: SessionRecord, site: Site, response: PasskeyResponse,
                         name: String) throws -> Result<Passkey, Refusal> {
        if let refusal = refusalToAdd(member, session) { return .failure(refusal) }
        guard let attestationObject = response.attestationObject, let sentChallenge = Self.sentChallenge(response) else {
            return .failure(.unreadable)
        }
        let credential: WebAuthn.RelyingParty.NewCredential
        do throws(WebAuthnError) {
            credential = try site.relyingParty.register(clientDataJSON: response.clientDataJSON, attestationObject: attestationObject,
                                                        challenge: sentChallenge.bytes)
        } catch { return .failure(Refusal(error)) }
        guard credential.id == response.credentialID else { return .failure(.unknownPasskey) }
        let passkey = Passkey(id: AppDatabase.newPasskeyID(), accountID: member.accountID, credentialID: Base64URL.encode(credential.id),
                              publicKey: Data(credential.publicKey.subjectPublicKeyInfo).base64EncodedString(),
                              algorithm: credential.publicKey.algorithm.rawValue, signCount: credential.signCount,
                              backupEligible: credential.backupEligible, backedUp: credential.backedUp, name: Passkey.name(name),
                              createdAt: services.clock(), lastUsedAt: nil)
        switch try services.database.addPasskey(passkey, tenantID: member.tenantID, challengeHash: sentChallenge.hash, now: services.clock()) {
        case .added:
            if session.firstPasskeyUntil > 0 { try services.database.endFirstPasskeyGrant(tenantID: member.tenantID, sessionID: session.id) }
            try tell(member, subject: "A passkey was added to your \(member.tenant.name) account", what: """
                A passkey called “\(passkey.name)” was added to your \(member.tenant.name) account. It can sign in as you.
                """)
            return .success(passkey)
        case .alreadyRegistered: return .failure(.alreadyRegistered)
        case .tooMany: return .failure(.tooMany)
        case .challengeUsed: return .failure(.challengeSpent)
        }
    }

    public func list(_ member: MemberScope) throws -> [Passkey] {
        try services.database.passkeys(tenantID: member.tenantID, accountID: member.accountID)
    }

    /// Removes one of the member's passkeys, and tells them by mail.
    public func remove(_ member: MemberScope, id: PasskeyID) throws -> Bool {
        let name = try list(member).first { $0.id == id }?.name
        guard let name, try services.database.removePasskey(tenantID: member.tenantID, accountID: member.accountID, id: id) else { return false }
        try tell(member, subject: "A passkey was removed from your \(member.tenant.name) account", what: """
            The passkey called “\(name)” was removed from your \(member.tenant.name) account. It can no longer sign in as you.
            """)
        return true
    }

    /// A change to the ways into an account, told to its address: whoever made it, the owner hears of it and can undo it.
    private func tell(_ member: MemberScope, subject: String, what: String) throws {
        try services.mailer.send(Mail(to: member.account.email, subject: subject, body: """
            Hello,

            \(what)

            If this was you, there is nothing more to do. If it wasn’t, please remove any passkey you don’t recognise and
            sign out of other devices here:

            \(services.links.securityPage(member.tenant))

            and change your password. If you can’t sign in, reset your password from the log-in page: that also removes
            the passkeys added recently.
            """))
    }

    /// Options for signing in: no account is named (the browser offers the person's passkeys for this site), so
    /// nothing here tells anyone whether an email has an account. Each asks for a row, so an address may ask only so often.
    public func signInOptions(_ scope: Scope, site: Site, clientAddress: String) throws -> Options {
        try allowChallenge("\(scope.tenantID):\(clientAddress)")
        return Options(challenge: try challenge(scope.tenantID, .signIn, nil), rpID: site.rpID, rpName: site.name, userID: nil,
                       userName: nil, credentialIDs: [])
    }

    /// The account a good assertion signs in. A passkey of another organisation, a turned-off account, a replay or a
    /// counter that went backwards is refused.
    public func signIn(_ scope: Scope, site: Site, response: PasskeyResponse) throws -> Result<Account, Refusal> {
        let passkey: Passkey
        switch try verify(scope.tenantID, site: site, response: response, purpose: .signIn, accountID: nil) {
        case .success(let checked): passkey = checked
        case .failure(let refusal): return .failure(refusal)
        }
        guard let account = try services.database.account(tenantID: scope.tenantID, id: passkey.accountID), account.isActive else {
            return .failure(.unknownPasskey)
        }
        return .success(account)
    }

    public func unlockOptions(_ member: MemberScope, site: Site) throws -> Options {
        try allowChallenge("\(member.tenantID):account:\(member.accountID)")
        let existing = try services.database.passkeys(tenantID: member.tenantID, accountID: member.accountID)
        return Options(challenge: try challenge(member.tenantID, .unlock, member.accountID), rpID: site.rpID, rpName: site.name,
                       userID: nil, userName: nil, credentialIDs: existing.map(\.credentialID))
    }

    /// Opens the app lock with one of the member's own passkeys, and records the session as proven by a passkey.
    public func unlock(_ member: MemberScope, session: SessionRecord, site: Site, response: PasskeyResponse) throws -> Result<Void, Refusal> {
        if case .failure(let refusal) = try verify(member.tenantID, site: site, response: response, purpose: .unlock,
                                                    accountID: member.accountID) { return .failure(refusal) }
        try services.database.unlockSession(tenantID: member.tenantID, accountID: member.accountID, sessionID: session.id,
                                            proof: .passkey, now: services.clock())
        return .success(())
    }

    /// Each challenge is a row for five minutes: an address, or a signed-in person, may ask for only so many.
    private func allowChallenge(_ key: String) throws {
        let limiter = services.throttles.passkeyChallengesPerAddress
        if let wait = try limiter.retryAfter(key, now: services.clock()) { throw UseCaseError.tooManyRequests(retryAfter: wait) }
        try limiter.record(key, now: services.clock())
    }

    /// The challenge the browser says it was given, as bytes and as the hash it is kept under.
    private static func sentChallenge(_ response: PasskeyResponse) -> (bytes: [UInt8], hash: String)? {
        struct Challenge: Decodable { let challenge: String }
        guard response.clientDataJSON.count <= 4096,
              let sent = try? JSONDecoder().decode(Challenge.self, from: Data(response.clientDataJSON)),
              let bytes = Base64URL.decode(sent.challenge), bytes.count == 32 else { return nil }
        return (Array(bytes), Digest.sha256Hex(Base64URL.encode(Array(bytes))))
    }

    private func verify(_ tenantID: TenantID, site: Site, response: PasskeyResponse, purpose: PasskeyPurpose,
                        accountID: AccountID?) throws -> Result<Passkey, Refusal> {
        guard let authenticatorData = response.authenticatorData, let signature = response.signature,
              let sentChallenge = Self.sentChallenge(response) else { return .failure(.unreadable) }
        guard var passkey = try services.database.passkey(tenantID: tenantID, credentialID: Base64URL.encode(response.credentialID)),
              accountID == nil || passkey.accountID == accountID,
              response.userHandle.map({ $0 == Array(passkey.accountID.rawValue.utf8) }) ?? true,
              let spki = Data(base64Encoded: passkey.publicKey), let algorithm = COSEKey.Algorithm(rawValue: passkey.algorithm)
        else { return .failure(.unknownPasskey) }
        let known = WebAuthn.RelyingParty.KnownCredential(publicKey: COSEKey(algorithm: algorithm, subjectPublicKeyInfo: Array(spki)),
                                                 signCount: passkey.signCount, backupEligible: passkey.backupEligible)
        let assertion: WebAuthn.RelyingParty.Assertion
        do throws(WebAuthnError) {
            assertion = try site.relyingParty.authenticate(clientDataJSON: response.clientDataJSON, authenticatorData: authenticatorData,
                                                           signature: signature, challenge: sentChallenge.bytes, credential: known)
        } catch { return .failure(Refusal(error)) }
        passkey.signCount = assertion.signCount
        passkey.backedUp = assertion.backedUp
        guard try services.database.recordPasskeyUse(passkey, tenantID: tenantID, challengeHash: sentChallenge.hash, purpose: purpose,
                                                     accountID: accountID, now: services.clock())
        else { return .failure(.challengeSpent) }
        return .success(passkey)
    }
}
