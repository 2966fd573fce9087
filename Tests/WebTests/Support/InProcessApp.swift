import Cryptography
import Domain
import Foundation
import HTTPServer
import Logging
@testable import Storage
import Synchronization
@testable import UseCases
@testable import Web

/// The whole app without sockets: a request goes to `ResettApp.respond` and its response comes back as a value. A fresh
/// SQLite file, a clock fixed at a known morning, small password-hash parameters. The real-socket suite
/// (EndToEndTests) covers the server and the journeys; this tier compares whole responses.
final class InProcessApp: Sendable {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    /// Saturday 21 November 2026, 09:30 in London (UTC in November).
    static let morning = 1_795_253_400

    let environment: AppEnvironment
    let app: ResettApp
    let clock = Clock()

    /// A clock that stays where a test puts it.
    final class Clock: Sendable {
        private let seconds = Mutex(InProcessApp.morning)
        var now: Int { seconds.withLock { $0 } }
        func advance(_ by: Int) { seconds.withLock { $0 += by } }
    }

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resett-inprocess-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let logger = Logger(label: "in-process") { _ in SwiftLogNoOpLogHandler() }
        let hasher = PasswordHasher(parameters: .init(memoryKiB: 1024, iterations: 1, parallelism: 1))
        let loaded = try AppEnvironment.load(root: Self.root, database: folder + "/resett.sqlite", hasher: hasher, logger: logger)
        let clock = self.clock
        environment = AppEnvironment(
            database: loaded.database, staticFiles: loaded.staticFiles, logger: logger, hasher: hasher,
            hashingPool: HashingPool(concurrentHashes: 1), passwordPolicy: loaded.passwordPolicy, library: loaded.library,
            safetyPhrases: loaded.safetyPhrases, distortions: loaded.distortions, setbackGuide: loaded.setbackGuide, practiceLibrary: loaded.practiceLibrary,
            mailer: OutboxMailer(folder: folder + "/outbox", logger: logger), clock: { clock.now },
            migrationsDirectory: Self.root + "/Migrations", masterKey: try MasterKey(bytes: SecureRandom.bytes(32)))
        app = ResettApp(environment: environment)
    }

    var tenant: Tenant {
        get throws {
            guard let tenant = try environment.database.tenant(slug: "default") else { throw Missing.tenant }
            return tenant
        }
    }

    enum Missing: Error { case tenant, csrf }

    /// An account made straight in the database, with `role`, ready to log in with `password`.
    func account(_ email: String, role: Role = .member, password: String = "a calm and steady passphrase") throws {
        let hash = try environment.hasher.hash(password)
        _ = try environment.database.createAccount(tenantID: try tenant.id, email: EmailAddress(email)!, passwordHash: hash, role: role,
                                                   timeZone: "Europe/London", now: clock.now)
    }

    /// A visitor with their own cookies, signed in as `email` when given.
    func visitor(signedInAs email: String? = nil) throws -> Visitor {
        let visitor = Visitor(app: app)
        if let email {
            _ = visitor.get("/login")
            let answer = try visitor.post("/login", [("email", email), ("password", "a calm and steady passphrase")])
            guard answer.status == .seeOther else { throw Missing.csrf }
        }
        return visitor
    }
}

/// Cookies and the last form's CSRF token, as a browser keeps them, for requests answered in process.
final class Visitor {
    let app: ResettApp
    var cookies: [String: String] = [:]
    private(set) var csrf: String?

    init(app: ResettApp) { self.app = app }

    func get(_ target: String) -> Response { exchange(Request(method: "GET", target: target)) }

    func post(_ target: String, _ fields: [(String, String)]) throws -> Response {
        if csrf == nil { _ = get(cookies.keys.contains("resett_session") ? "/account/data" : "/login") }
        guard let csrf else { throw InProcessApp.Missing.csrf }
        let body = (fields + [("_csrf", csrf)]).map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var request = Request(method: "POST", target: target, body: Array(body.utf8))
        request.headers.set("Content-Type", "application/x-www-form-urlencoded")
        return exchange(request)
    }

    private func exchange(_ request: Request) -> Response {
        var request = request
        request.headers.set("Host", "localhost")
        if !cookies.isEmpty { request.headers.set("Cookie", cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")) }
        request.remoteAddress = "127.0.0.1"
        let response = app.respond(to: request)
        for cookie in response.headers.values("Set-Cookie") {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            if cookie.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = pair.count > 1 ? String(pair[1]) : "" }
            if name == "resett_session" { csrf = nil }
        }
        if let match = String(decoding: response.body, as: UTF8.self).firstMatch(of: /name="_csrf" value="([0-9a-f]{64})"/) {
            csrf = String(match.1)
        }
        return response
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
