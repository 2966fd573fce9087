import Domain
import Foundation
import Synchronization
@testable import Storage
import Testing
@testable import UseCases
@testable import Web

/// Issue 32, finding 6: a log-in that was checked against the account as it was a moment ago makes no session once the
/// password has changed or the organisation has turned the account off, and turning it off ends sessions for good.
@Suite("Log-ins racing a password change or an account being turned off")
struct LogInRaceTests {
    func sessions(_ app: RunningApp, _ email: String) throws -> Int {
        try app.environment.database.read {
            try $0.int(sql: "SELECT count(*) FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.email = ?", arguments: [email])
        } ?? -1
    }

    @Test func aLogInCheckedBeforeAPasswordChangeMakesNoSession() throws {
        let app = try RunningApp()
        try app.browser().signUp("racer@example.com")
        let before = try app.member("racer@example.com")
        let tenant = before.tenant
        // The log-in has verified the old password (the account as it read it); the change lands before its session.
        try app.environment.database.setPasswordHash(tenantID: tenant.id, accountID: before.accountID,
                                                     hash: try RunningApp.fastHasher.hash("another calm passphrase"), endingSessionsExcept: .some(nil))
        let stale = try #require(try app.environment.database.account(tenantID: tenant.id, email: EmailAddress("racer@example.com")!))
        var old = stale
        old.passwordHash = "$argon2id$the-hash-the-log-in-verified"
        let gate = app.environment.gate
        #expect(throws: UseCaseError.self) { _ = try gate.startSession(tenant: tenant, account: old, device: "test", replacing: nil) }
        #expect(try sessions(app, "racer@example.com") == 0)
        // The account as it is now signs in as usual.
        #expect(throws: Never.self) { _ = try gate.startSession(tenant: tenant, account: stale, device: "test", replacing: nil) }
    }

    @Test func aLogInCheckedBeforeTheAccountWasTurnedOffMakesNoSessionThatComesBack() throws {
        let app = try RunningApp()
        try app.browser().signUp("leaving@example.com")
        let member = try app.member("leaving@example.com")
        let client = try ProvisioningTests().scim(app)
        let id = member.accountID
        #expect(try client.call("PATCH", "/Users/\(id)", #"{"Operations":[{"op":"replace","path":"active","value":false}]}"#).status == 200)
        #expect(throws: UseCaseError.self) {
            _ = try app.environment.gate.startSession(tenant: member.tenant, account: member.account, device: "test", replacing: nil)
        }
        #expect(try client.call("PATCH", "/Users/\(id)", #"{"Operations":[{"op":"replace","path":"active","value":true}]}"#).status == 200)
        #expect(try sessions(app, "leaving@example.com") == 0, "nothing made while it was off comes back to life")

        // The same over sockets, many log-ins at once while the account is turned off and on again.
        // Each browser is used by one thread only.
        nonisolated(unsafe) let browsers = (0..<16).map { _ in app.browser() }
        nonisolated(unsafe) let provider = client
        let signedIn = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 17) { index in
            if index == 16 {
                _ = try? provider.call("PATCH", "/Users/\(id)", #"{"Operations":[{"op":"replace","path":"active","value":false}]}"#)
                return
            }
            if (try? browsers[index].logIn("leaving@example.com").status) == 303 { signedIn.withLock { $0.append(index) } }
        }
        let cookies = signedIn.withLock { $0 }.map { browsers[$0] }
        let offAt = try app.environment.database.read {
            try $0.int(sql: "SELECT deactivated_at FROM accounts WHERE email = 'leaving@example.com'")
        }
        #expect(offAt != nil)
        #expect(try sessions(app, "leaving@example.com") == 0, "turning it off ended every session, including those made meanwhile")
        #expect(try client.call("PATCH", "/Users/\(id)", #"{"Operations":[{"op":"replace","path":"active","value":true}]}"#).status == 200)
        for browser in cookies { #expect(try browser.get("/account").status == 303) }
    }
}
