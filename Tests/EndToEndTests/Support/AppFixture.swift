import Domain
import Foundation
import HTTPServer
import Logging
import Cryptography
@testable import Storage
import Synchronization
import Testing
@testable import UseCases
@testable import Web
import WebPush

/// The project's root folder (Views/, Public/, Migrations/), found from this file's place in Tests/.
let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The PostgreSQL server to test against, when `RESETT_TEST_POSTGRES` names one: `make test` runs the suite once
/// on SQLite and once more on a throwaway PostgreSQL it starts (scripts/test-postgres.sh).
let testPostgresURL: String? = ProcessInfo.processInfo.environment["RESETT_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }

/// Opens the test server once, to make each test's schema.
private let testPostgresAdmin: AppDatabase? = testPostgresURL.map { url in
    do { return try AppDatabase.openWithoutMigrating(.postgres(url: url)) } catch { fatalError("RESETT_TEST_POSTGRES: \(error)") }
}

/// A fresh, empty database for one test, as `--db` takes it: a SQLite file in a new temporary folder, or a new
/// schema on the test PostgreSQL server (its URL sets the connections' search_path to it).
func temporaryDatabasePath() -> String {
    guard let base = testPostgresURL, let admin = testPostgresAdmin else {
        return temporaryFolder() + "/resett.sqlite"
    }
    let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    do { try admin.write { try $0.execute(sql: "CREATE SCHEMA \(schema)") } } catch { fatalError("cannot create schema: \(error)") }
    return base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + schema
}

func temporaryFolder() -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resett-e2e-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

/// A clock a test can move. It starts at `RESETT_TEST_NOW` when that is set (an instant such as
/// `2028-02-29T12:00:00Z`, or seconds since 1970), else at the real time: the suite runs on whatever day it is run, and
/// `scripts/test-dates.sh` runs it again at the awkward ones (a month's last day, 29 February, the Sunday the clocks go
/// back, a Monday at 00:00 UTC), so a test that holds only on some days is found on purpose, not by the calendar.
final class TestClock: Sendable {
    private let seconds = Mutex(TestClock.start)

    /// Where every test clock starts: `RESETT_TEST_NOW`, or the real time.
    static let start: Int = {
        guard let text = ProcessInfo.processInfo.environment["RESETT_TEST_NOW"], !text.isEmpty else { return Int(Date().timeIntervalSince1970) }
        if let seconds = Int(text) { return seconds }
        guard let date = ISO8601DateFormatter().date(from: text) else { fatalError("RESETT_TEST_NOW: \(text) is neither an instant nor seconds") }
        return Int(date.timeIntervalSince1970)
    }()

    var now: Int { seconds.withLock { $0 } }
    func advance(_ by: Int) { seconds.withLock { $0 += by } }
    func set(_ to: Int) { seconds.withLock { $0 = to } }
}

/// The real app on a real server with a fresh SQLite file, mail in a temporary outbox.
final class RunningApp {
    let environment: AppEnvironment
    let running: RunningServer
    let logs = LogCapture()
    let clock = TestClock()
    let outbox: String
    var port: Int { running.port }

    /// Argon2id with small parameters keeps the suites quick; the real parameters are tested on their own.
    static let fastHasher = PasswordHasher(parameters: .init(memoryKiB: 1024, iterations: 1, parallelism: 1))

    /// `database` (as `--db` takes it) defaults to a fresh one on the backend under test.
    /// One master key for every app in the test process, as the nodes of one installation share theirs.
    static let testMasterKey = try! MasterKey(bytes: SecureRandom.bytes(32))

    init(database: String? = nil, publicFolder: String? = nil, hashingPool: HashingPool = HashingPool(concurrentHashes: 2),
         workers: Int? = nil, masterKey: MasterKey? = RunningApp.testMasterKey, pushKey: VAPIDKey? = nil,
         configure: (inout AppConfiguration) -> Void = { _ in }) throws {
        let logger = logs.logger()
        let databaseLocation = database ?? temporaryDatabasePath()
        outbox = temporaryFolder() + "/outbox"
        var configuration = AppConfiguration()
        configure(&configuration)
        let loaded = try AppEnvironment.load(root: projectRoot, database: databaseLocation, configuration: configuration,
                                             hasher: Self.fastHasher, logger: logger)
        let clock = self.clock
        environment = AppEnvironment(
            configuration: configuration, database: loaded.database,
            staticFiles: try publicFolder.map { try StaticFileStore(directory: $0) } ?? loaded.staticFiles, logger: logger,
            hasher: Self.fastHasher, hashingPool: hashingPool, passwordPolicy: loaded.passwordPolicy,
            library: loaded.library, safetyPhrases: loaded.safetyPhrases, distortions: loaded.distortions, setbackGuide: loaded.setbackGuide, practiceLibrary: loaded.practiceLibrary,
            mailer: OutboxMailer(folder: outbox, logger: logger), clock: { clock.now }, migrationsDirectory: projectRoot + "/Migrations",
            masterKey: masterKey, pushKey: pushKey)
        running = try RunningServer(responder: ResettApp(environment: environment), configure: { server in
            if let workers { server.workerCount = workers }
        }, logger: logger)
    }

    func client(receiveTimeout: Double = 5) throws -> RawClient { try running.client(receiveTimeout: receiveTimeout) }

    func browser(host: String = "localhost") -> Browser {
        let browser = Browser(port: port, host: host)
        browser.mailbox = { [outbox] in Self.mails(in: outbox) }
        return browser
    }

    /// The text of every mail in the outbox, oldest first.
    func mails() -> [String] { Self.mails(in: outbox) }

    static func mails(in outbox: String) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: outbox)) ?? []).sorted()
        return names.compactMap { try? String(contentsOfFile: outbox + "/" + $0, encoding: .utf8) }
    }
}

extension RunningApp {
    /// The signed-up member `email` of the default tenant, as the use cases see them.
    func member(_ email: String) throws -> MemberScope {
        let tenant = try #require(try environment.database.tenant(slug: "default"))
        let account = try #require(try environment.database.account(tenantID: tenant.id, email: EmailAddress(email)!))
        return MemberScope(tenant: tenant, account: account)
    }
}
