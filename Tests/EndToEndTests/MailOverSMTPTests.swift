import Foundation
import Logging
import SMTP
import Testing
@testable import Storage
@testable import UseCases

/// A real SMTP server (aiosmtpd, from Tests/SMTP/smtp_server.py) with STARTTLS and AUTH, and the real `resett serve
/// --smtp-url` or the delivery worker sending to it.
final class TestSMTPServer {
    let port: Int
    let folder: String
    let caFile: String
    private let process: Process
    private let input = Pipe()
    static let user = "resett-mailer"
    static let password = "a mail password of some length"

    init() throws {
        folder = temporaryFolder()
        let certificates = temporaryFolder()
        caFile = certificates + "/cert.pem"
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", certificates + "/key.pem", "-out", caFile,
                             "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", projectRoot + "/Tests/SMTP/smtp_server.py", "--cert", caFile, "--key", certificates + "/key.pem",
                             "--user", Self.user, "--password", Self.password, "--folder", folder]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let port = text.firstMatch(of: /port (\d+)/).flatMap({ Int($0.1) }) else {
            throw TestFailure("the test SMTP server did not start: \(text)")
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Every message received so far, oldest first, waiting up to `seconds` for at least `count`.
    func messages(atLeast count: Int = 1, seconds: Double = 10) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".eml") }.sorted()
            if names.count >= count || Date() > deadline {
                return names.compactMap { try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    func transport(password: String = TestSMTPServer.password) throws -> SMTPTransport {
        try SMTPTransport(url: "smtp://127.0.0.1:\(port)", security: .starttls, username: Self.user, password: password, caFile: caFile)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@Suite("Mail over SMTP, from a durable outbox")
struct MailOverSMTPTests {
    @Test func signingUpSendsTheConfirmationOverSMTPWithStartTLSAndAuth() throws {
        let smtp = try TestSMTPServer()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLineTests.executable)
        let database = temporaryDatabasePath(), onPostgres = database.hasPrefix("postgres")
        process.arguments = ["serve", "--port", "0", "--db", database, "--smtp-url", "smtp://127.0.0.1:\(smtp.port)",
                             "--smtp-ca-file", smtp.caFile, "--mail-from", "Calm Co <hello@calm.example>", "--metrics-listen", "127.0.0.1:0"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["RESETT_SMTP_USERNAME": TestSMTPServer.user, "RESETT_SMTP_PASSWORD": TestSMTPServer.password]) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: projectRoot)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        var log = ""
        while !log.contains("Resett is ready") {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            log += String(decoding: data, as: UTF8.self)
        }
        let port = try #require(log.firstMatch(of: /url=http:\/\/localhost:(\d+)\//).flatMap { Int($0.1) }, "\(log)")
        // Each library is opened at its first use: neither libcurl nor libxmlsec1 at start, libcurl once mail has gone,
        // libxmlsec1 never without SAML, and on SQLite never libpq (nor what they bring: GnuTLS, Kerberos, libxml2).
        func loaded() throws -> Set<String> {
            // Read to its end: the kernel writes the file a page at a time, and it has no size to read up to.
            let file = try #require(FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/maps"))
            defer { try? file.close() }
            let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
            return Set(["libcurl.so", "libpq.so", "libxmlsec1", "libxml2.so", "libgnutls.so", "libkrb5.so"].filter { maps.contains($0) })
        }
        let atStart = try loaded()
        #expect(atStart.isDisjoint(with: ["libcurl.so", "libxmlsec1", "libxml2.so"]) && (onPostgres || atStart.isEmpty), "\(atStart)")
        let browser = Browser(port: port)
        _ = try browser.get("/signup")
        let sent = try browser.post("/signup", [("email", "smtp-person@example.com"), ("password", "a calm and steady passphrase")])
        #expect(sent.text.contains("Check your email"))
        let message = try #require(smtp.messages().first, "no mail arrived")
        #expect(message.contains("X-Envelope-From: hello@calm.example"))
        #expect(message.contains("X-Envelope-To: smtp-person@example.com"))
        #expect(message.contains("X-Authenticated-As: \(TestSMTPServer.user)"))
        #expect(message.contains("From: Calm Co <hello@calm.example>"))
        #expect(message.contains("/signup/confirm?token="))
        let afterMail = try loaded()
        #expect(afterMail.isSuperset(of: ["libcurl.so", "libgnutls.so"]) && afterMail.isDisjoint(with: ["libxmlsec1", "libxml2.so"])
                && (onPostgres || !afterMail.contains("libpq.so")), "\(afterMail)")
        // The metrics count it; nothing waits in the outbox any more.
        let metricsPort = try #require(log.firstMatch(of: /metrics_port=(\d+)/).flatMap { Int($0.1) }, "\(log)")
        #expect(try RawClient(port: port).request("GET", "/metrics").status == 404, "not on the public listener without the token")
        // The server counts a message once its SMTP session has ended, which may be a moment after our test server
        // has the message: ask again for up to five seconds rather than race it.
        var metrics = ""
        let deadline = Date().addingTimeInterval(5)
        repeat {
            metrics = try RawClient(port: metricsPort).request("GET", "/metrics").text
            if metrics.contains("resett_mail_sent_total 1") { break }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        #expect(metrics.contains("resett_mail_sent_total 1"))
    }

    @Test func aFailedSendIsKeptAndRetriedLaterAndASentOneIsGone() throws {
        let smtp = try TestSMTPServer()
        let database = try AppDatabase.open(DatabaseLocation(temporaryDatabasePath()), migrationsDirectory: projectRoot + "/Migrations")
        let clock = TestClock()
        let failures = Counter()
        let wrong = MailDelivery(database: database, transport: try smtp.transport(password: "not the password"), sender: "Resett <r@example.org>",
                                 logger: Logger(label: "test"), clock: { clock.now }, onFailedAttempt: { failures.add() })
        let mailer = DurableMailer(database: database, sender: "Resett <r@example.org>", clock: { clock.now }, wake: {})
        try mailer.send(Mail(to: "someone@example.com", subject: "Hello", body: "A link: https://example.org/x"))
        #expect(try database.waitingMailCount() == 1)
        // The server refuses the login: nothing sent, the message kept, its next try 30 seconds on.
        #expect(wrong.deliverDue() == 0)
        #expect(failures.value == 1)
        #expect(try database.waitingMailCount() == 1)
        #expect(wrong.deliverDue() == 0 && failures.value == 1, "not due again yet")
        clock.advance(31)
        let right = MailDelivery(database: database, transport: try smtp.transport(), sender: "Resett <r@example.org>",
                                 logger: Logger(label: "test"), clock: { clock.now })
        // Two workers (two nodes) at once: one sends it, the other finds nothing to claim.
        let sent = Counter()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<right.deliverDue() { sent.add() }
        }
        #expect(sent.value == 1)
        #expect(try database.waitingMailCount() == 0)
        #expect(smtp.messages().count == 1)
        #expect(MailDelivery.backoff(afterAttempt: 1) == 30 && MailDelivery.backoff(afterAttempt: 2) == 120
                && MailDelivery.backoff(afterAttempt: 8) == 6 * 3600)
    }

    @Test func afterEnoughFailuresAMessageIsGivenUpAndAnErasureForgetsWaitingMail() throws {
        let database = try AppDatabase.open(DatabaseLocation(temporaryDatabasePath()), migrationsDirectory: projectRoot + "/Migrations")
        let clock = TestClock()
        // Nothing listens on port 1: every try fails at once.
        let nowhere = try SMTPTransport(url: "smtp://127.0.0.1:1", security: .none, username: nil, password: nil)
        let delivery = MailDelivery(database: database, transport: nowhere, sender: "r@example.org", logger: Logger(label: "test"),
                                    clock: { clock.now }, maxAttempts: 3)
        let mailer = DurableMailer(database: database, sender: "r@example.org", clock: { clock.now }, wake: {})
        try mailer.send(Mail(to: "gone@example.com", subject: "S", body: "B"))
        try mailer.send(Mail(to: "erased@example.com", subject: "S", body: "B"))
        mailer.forget(recipient: "Erased@Example.com")
        #expect(try database.waitingMailCount() == 1)
        for _ in 0..<3 {
            delivery.deliverDue()
            clock.advance(7 * 3600)
        }
        #expect(try database.waitingMailCount() == 0, "given up after three tries")
        // Unencrypted SMTP only to this machine; credentials never in the URL.
        #expect(throws: SMTPTransport.Failure.self) { try SMTPTransport(url: "smtp://mail.example.org:25", security: .none, username: nil, password: nil) }
        #expect(throws: SMTPTransport.Failure.self) { try SMTPTransport(url: "smtp://user:pw@mail.example.org", security: .starttls, username: nil, password: nil) }
        #expect(throws: SMTPTransport.Failure.self) { try SMTPTransport(url: "http://mail.example.org", security: .starttls, username: nil, password: nil) }
    }
}

/// A thread-safe count for callbacks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
