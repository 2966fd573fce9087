import ArgumentParser
import Dispatch
import Foundation
import HTTPServer
import Logging
import Security
import Synchronization
import Web

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Migrate, then serve Resett over HTTP until SIGTERM or SIGINT.")

    @OptionGroup var options: CommonOptions

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "The domain whose subdomains are tenants (acme.<base-domain>).")
    var baseDomain: String = "localhost"

    @Flag(help: "Mark cookies Secure with the __Host- prefix (on whenever Resett is served over HTTPS).")
    var secureCookies = false

    @Option(help: "Hand mail to this sendmail-compatible program instead of writing .eml files to data/outbox/.")
    var sendmail: String?

    @Option(help: "Days a session may go unused before it ends.")
    var sessionIdleDays: Int = 7

    @Option(help: "Days after which a session ends however much it is used.")
    var sessionMaxDays: Int = 30

    @Option(help: "Argon2id memory in KiB (at least 19456, OWASP's minimum). Logins re-hash older parameters.")
    var argon2MemoryKib: UInt32 = 19 * 1024

    @Option(help: "Argon2id iterations (at least 2).")
    var argon2Iterations: UInt32 = 2

    @Option(help: "Largest request body in bytes.")
    var maxBodyBytes: Int = 64 * 1024

    @Option(help: "Event-loop threads (default: one per core).")
    var eventLoops: Int?

    @Option(help: "Worker threads for handlers (default: one per core).")
    var workers: Int?

    func run() throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        let logger = try options.makeLogger(label: "resett")
        var appConfiguration = AppConfiguration()
        appConfiguration.baseDomain = baseDomain
        appConfiguration.secureCookies = secureCookies
        appConfiguration.sessionIdleLimit = max(1, sessionIdleDays) * 86400
        appConfiguration.sessionAbsoluteLimit = max(1, sessionMaxDays) * 86400
        guard argon2MemoryKib >= 19 * 1024, argon2Iterations >= 2 else {
            throw ValidationError("Argon2id needs at least 19456 KiB and 2 iterations (OWASP's minimum).")
        }
        let hasher = PasswordHasher(parameters: .init(memoryKiB: argon2MemoryKib, iterations: argon2Iterations, parallelism: 1))
        let environment = try AppEnvironment.load(root: options.root, databasePath: options.db, configuration: appConfiguration,
                                                  mailer: sendmail.map { SendmailMailer(program: $0) }, hasher: hasher,
                                                  logger: logger)

        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.limits.maxBodyBytes = maxBodyBytes
        if let eventLoops { configuration.eventLoopCount = max(1, eventLoops) }
        if let workers { configuration.workerCount = max(1, workers) }

        // Signals arrive on a dispatch queue rather than in a handler, so shutting down may lock and log.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        let server = try Server(configuration: configuration, responder: ResettApp(environment: environment), logger: logger)
        let signals = [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                logger.notice("shutting down", metadata: ["signal": "\(number)"])
                server.beginShutdown()
            }
            source.resume()
            return source
        }
        // Renewals and expiry happen on time while Resett is serving.
        let stopping = Atomic<Bool>(false)
        environment.subscriptionClock.runInBackground(clock: { Int(Date().timeIntervalSince1970) },
                                                      stop: { stopping.load(ordering: .relaxed) })
        server.start()
        logger.notice("Resett is ready", metadata: ["url": "http://localhost:\(server.port)/", "baseDomain": "\(baseDomain)"])
        server.wait()
        stopping.store(true, ordering: .relaxed)
        signals.forEach { $0.cancel() }
        logger.notice("stopped")
    }
}
