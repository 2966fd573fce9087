import Cryptography
import Domain
import Foundation
@testable import HTTPServer
import Testing
@testable import Web

/// Issue 32, findings 13 and 2, over real sockets: a burst of correct log-ins all get in (each waits its turn for a
/// hash), one address's flood of wrong passwords does not push out another's log-in, and an identity provider that
/// hangs holds neither the page workers nor more than its organisation's share of the waiting pool.
@Suite("A busy morning")
struct BusyMorningTests {
    static let password = "a calm and steady passphrase"

    func logInText(_ browser: Browser, _ email: String, password: String = Self.password, from address: String? = nil) throws -> String {
        _ = try browser.get("/login")
        let text = browser.formPostText("/login", [("email", email), ("password", password), ("next", "/")])
        guard let address else { return text }
        return text.replacingOccurrences(of: "\r\nHost: ", with: "\r\nX-Forwarded-For: \(address)\r\nHost: ")
    }

    @Test func twentyPeopleLoggingInAtOnceAllGetIn() throws {
        let app = try RunningApp(hashingPool: HashingPool(concurrentHashes: 1), workers: 2)
        let people = (1...20).map { "team-\($0)@example.com" }
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        let hash = try RunningApp.fastHasher.hash(Self.password)
        for email in people {
            _ = try app.environment.database.createAccount(tenantID: tenant.id, email: EmailAddress(email)!, passwordHash: hash,
                                                           role: .member, timeZone: "Europe/London", now: app.clock.now)
        }
        let requests = try people.map { try logInText(app.browser(), $0) }
        let statuses = try RawClient.simultaneously(requests, port: app.port)
        #expect(statuses == Array(repeating: 303, count: 20), "\(statuses)")
    }

    @Test func oneAddressFloodingWrongPasswordsDoesNotPushOutAnothersLogIn() throws {
        let app = try RunningApp(hashingPool: HashingPool(concurrentHashes: 1), workers: 2) {
            $0.trustedProxies = ["127.0.0.0/8"].compactMap(IPAddressRange.init)
        }
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        _ = try app.environment.database.createAccount(tenantID: tenant.id, email: EmailAddress("real@example.com")!,
                                                       passwordHash: try RunningApp.fastHasher.hash(Self.password), role: .member,
                                                       timeZone: "Europe/London", now: app.clock.now)
        var requests = try (0..<40).map { _ in try logInText(app.browser(), "victim@example.com", password: "guess", from: "203.0.113.9") }
        requests.insert(try logInText(app.browser(), "real@example.com", from: "198.51.100.4"), at: 20)
        let statuses = try RawClient.simultaneously(requests, port: app.port)
        #expect(statuses[20] == 303, "the real log-in got in: \(statuses)")
        // The flood is told its password is wrong (422), to check its email once the account looks under attack (200), to
        // slow down (429) or to come back (503): never signed in.
        #expect(statuses.enumerated().allSatisfy { $0.offset == 20 || [200, 422, 429, 503].contains($0.element) }, "\(statuses)")
    }

    @Test func aProviderThatHangsHoldsNoPageWorkerAndOnlyItsOrganisationsShare() throws {
        let app = try RunningApp(workers: 2) { $0.allowsLoopbackIdentityProvider = true }
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let acmeAdmin = try staff(app, "admin@acme.example", .admin, tenant: "acme", host: "acme.localhost")
        let member = app.browser()
        try member.signUp("someone@example.com")
        // A provider that takes the connection and never answers.
        let hanging = try OutboundAddressTests.Listener()
        _ = try acmeAdmin.get("/admin/single-sign-on")
        let form = acmeAdmin.formPostText("/admin/single-sign-on", [("display_name", "Acme"), ("issuer", "http://127.0.0.1:\(hanging.port)"),
                                                                     ("client_id", "id"), ("client_secret", "secret"), ("domains", "")])
        let clients = try (0..<6).map { _ in try app.client(receiveTimeout: 15) }
        let started = Date()
        for client in clients { client.send(form) }
        Thread.sleep(forTimeInterval: 0.5)
        // Another organisation's signed-in page, at once.
        let pageStarted = Date()
        #expect(try member.get("/account").status == 200)
        #expect(Date().timeIntervalSince(pageStarted) < 1, "pages never wait behind a provider")
        // Acme's calls past its share are told to come back straight away; the rest end at their deadline.
        let answers = clients.map { try? $0.readResponse() }
        let statuses = answers.map { $0?.status ?? 0 }
        #expect(statuses.filter { $0 == 429 }.count == 2, "\(statuses)")
        #expect(statuses.filter { $0 == 422 || $0 == 409 }.count == 4, "\(statuses)")
        #expect(Date().timeIntervalSince(started) < 9, "each call has a deadline of a few seconds")
        #expect(answers.compactMap { $0 }.filter { $0.status != 429 }.allSatisfy { $0.text.contains("could not be reached") })
    }
}
