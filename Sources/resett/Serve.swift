import ArgumentParser
import Dispatch
import Foundation
import HTTPServer
import Logging
import Cryptography
import SMTP
import Synchronization
import UseCases
import Web
import WebPush

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

    @Option(help: "The scheme of links Resett prints, in mail for instance: http or https (default: https with --secure-cookies).")
    var publicScheme: String?

    @Option(help: "The port of links Resett prints, when it is not the scheme's default (default: --port over http).")
    var publicPort: Int?

    @Option(help: "A reverse proxy (address or CIDR) whose X-Forwarded-For is believed; repeat for several.")
    var trustedProxy: [String] = []

    @Option(help: "Connections one client address may hold open at once.")
    var maxConnectionsPerAddress: Int = 512

    @Option(help: "Hand mail to this sendmail-compatible program instead of writing .eml files to data/outbox/.")
    var sendmail: String?

    @Option(help: ArgumentHelp("Send mail over SMTP: smtp://host:587 (STARTTLS) or smtps://host:465.",
                               discussion: "Credentials from RESETT_SMTP_USERNAME and RESETT_SMTP_PASSWORD. Mail waits in the database until sent, with retries."))
    var smtpUrl: String?

    @Option(help: "starttls (the default), tls (with smtps://) or none (only for a mail server on this machine).")
    var smtpSecurity: String = "starttls"

    @Option(help: "A CA certificate file to trust for the mail server (one with a private certificate).")
    var smtpCaFile: String?

    @Option(help: "The From of every message.")
    var mailFrom: String = "Resett <no-reply@resett.localhost>"

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

    @Option(help: ArgumentHelp("Seconds between the subscription clock's ticks.",
                               discussion: "With several nodes on one PostgreSQL, one node ticks; if it dies, another takes over within this time."))
    var clockInterval: Double = 60

    @Option(help: "Worker threads for handlers (default: one per core).")
    var workers: Int?

    @Option(help: "Logs as text (for people) or json (one object a line, for collectors).")
    var logFormat: LogFormat = .text

    @Flag(help: "Allow an identity provider's issuer at http:// on this machine (for the tests' OpenID Connect provider only).")
    var allowLoopbackIdentityProvider = false

    @Flag(help: "Allow a browser's push endpoint at http:// on this machine (for the tests' push service only).")
    var allowLoopbackPushService = false

    @Flag(help: "No access log (one info line per request); warnings and errors are still logged.")
    var noAccessLog = false

    @Option(help: ArgumentHelp("Serve /metrics without a token on a listener of its own, such as 127.0.0.1:9100 (bind it where only the scraper reaches).",
                               valueName: "host:port"))
    var metricsListen: String?

    @Option(help: ArgumentHelp("A bearer token that lets a scraper read /metrics on the public listener (nothing else can).",
                               discussion: "Better from the environment: RESETT_METRICS_TOKEN (a command line shows in ps)."))
    var metricsToken: String?

    @Option(help: ArgumentHelp("The master key that wraps each organisation's data keys (make one with `resett keys create`).",
                               discussion: "Check-in notes and tags are encrypted with them; without this file only ratings can be kept."))
    var dataKeyFile: String?

    @Option(help: ArgumentHelp("The key pair that signs reminders sent to members' devices (make one with `resett keys push`).",
                               discussion: "Without it, reminders come by email only."))
    var pushKeyFile: String?

    enum LogFormat: String, ExpressibleByArgument { case text, json }

    func run() throws {
        switch logFormat {
        case .text: LoggingSystem.bootstrap(StreamLogHandler.standardError)
        case .json: LoggingSystem.bootstrap(JSONLogHandler.init)
        }
        let logger = try options.makeLogger(label: "resett")
        var appConfiguration = AppConfiguration()
        appConfiguration.baseDomain = baseDomain
        appConfiguration.secureCookies = secureCookies
        appConfiguration.sessionIdleLimit = min(3650, max(1, sessionIdleDays)) * 86400
        appConfiguration.sessionAbsoluteLimit = min(3650, max(1, sessionMaxDays)) * 86400
        let scheme = publicScheme ?? (secureCookies ? "https" : "http")
        guard scheme == "http" || scheme == "https" else { throw ValidationError("--public-scheme is http or https.") }
        appConfiguration.publicScheme = scheme
        if let publicPort {
            guard (1...65535).contains(publicPort) else { throw ValidationError("--public-port is 1 to 65535.") }
            appConfiguration.publicPort = publicPort
        } else if scheme == "http", (1...65535).contains(port) {
            appConfiguration.publicPort = port
        }
        appConfiguration.allowsLoopbackIdentityProvider = allowLoopbackIdentityProvider
        appConfiguration.allowsLoopbackPushService = allowLoopbackPushService
        appConfiguration.metricsToken = metricsToken ?? ProcessInfo.processInfo.environment["RESETT_METRICS_TOKEN"]
        if let token = appConfiguration.metricsToken, token.count < 16 {
            throw ValidationError("The metrics token should be at least 16 characters (try: openssl rand -hex 24).")
        }
        appConfiguration.trustedProxies = try trustedProxy.map { text in
            guard let range = IPAddressRange(text) else { throw ValidationError("--trusted-proxy takes an address or CIDR, not \(text).") }
            return range
        }
        guard (1...65535).contains(port) || port == 0 else { throw ValidationError("--port is 0 to 65535.") }
        guard (1...1_000_000).contains(maxConnectionsPerAddress) else { throw ValidationError("--max-connections-per-address is 1 or more.") }
        guard argon2MemoryKib >= 19 * 1024, argon2Iterations >= 2 else {
            throw ValidationError("Argon2id needs at least 19456 KiB and 2 iterations (OWASP's minimum).")
        }
        let hasher = PasswordHasher(parameters: .init(memoryKiB: argon2MemoryKib, iterations: argon2Iterations, parallelism: 1))
        var transport: SMTPTransport?
        if let smtpUrl {
            guard sendmail == nil else { throw ValidationError("Choose --smtp-url or --sendmail, not both.") }
            guard let security = SMTPTransport.Security(rawValue: smtpSecurity) else {
                throw ValidationError("--smtp-security is starttls, tls or none.")
            }
            let environment = ProcessInfo.processInfo.environment
            do {
                transport = try SMTPTransport(url: smtpUrl, security: security, username: environment["RESETT_SMTP_USERNAME"],
                                              password: environment["RESETT_SMTP_PASSWORD"], caFile: smtpCaFile)
            } catch {
                throw ValidationError("--smtp-url: \(error)")
            }
        }
        guard !mailFrom.contains("\r"), !mailFrom.contains("\n"), mailFrom.contains("@") else {
            throw ValidationError("--mail-from is an address, like: Resett <no-reply@example.org>")
        }
        var masterKey: MasterKey?
        if let dataKeyFile {
            do { masterKey = try MasterKey.load(path: dataKeyFile) } catch { throw ValidationError("--data-key-file: \(error)") }
        }
        var pushKey: VAPIDKey?
        if let pushKeyFile {
            do { pushKey = try VAPIDKey.load(path: pushKeyFile) } catch { throw ValidationError("--push-key-file: \(error)") }
        }
        let environment = try AppEnvironment.load(root: options.root, database: options.db, configuration: appConfiguration,
                                                  mailer: sendmail.map { SendmailMailer(program: $0, sender: mailFrom) }, hasher: hasher,
                                                  logger: logger, mailTransport: transport, mailSender: mailFrom, masterKey: masterKey,
                                                  pushKey: pushKey)

        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.accessLog = !noAccessLog
        guard (1...(16 * 1024 * 1024)).contains(maxBodyBytes) else { throw ValidationError("--max-body-bytes is 1 to 16 MiB.") }
        configuration.limits.maxBodyBytes = maxBodyBytes
        configuration.maxConnectionInputBytes = max(configuration.maxConnectionInputBytes,
                                                    maxBodyBytes + configuration.limits.maxHeaderBlockBytes)
        configuration.maxConnectionsPerAddress = maxConnectionsPerAddress
        configuration.addressCapExemptions = appConfiguration.trustedProxies
        if let eventLoops { configuration.eventLoopCount = min(256, max(1, eventLoops)) }
        // One worker per core for pages; password hashes and identity providers wait on the waiting pool instead
        // (`ResettApp.placement`), so a page never waits behind Argon2 or another server.
        configuration.workerCount = workers.map { min(1024, max(1, $0)) } ?? configuration.workerCount

        // Signals arrive on a dispatch queue rather than in a handler, so shutting down may lock and log.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        let server = try Server(configuration: configuration, responder: ResettApp(environment: environment), logger: logger)
        environment.metrics.attach(AppMetrics.Sources(openConnections: { server.connectionCount },
                                                      queuedRequests: { server.queuedRequests }))
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
        environment.subscriptionClock.runInBackground(every: max(0.5, min(clockInterval, 3600)), clock: { Int(Date().timeIntervalSince1970) },
                                                      stop: { stopping.load(ordering: .relaxed) })
        var metricsServer: Server?
        if let metricsListen {
            // host:port, the host of an IPv6 address in brackets ([::1]:9100).
            guard let colon = metricsListen.lastIndex(of: ":"), let metricsPort = Int(metricsListen[metricsListen.index(after: colon)...]),
                  (0...65535).contains(metricsPort), colon > metricsListen.startIndex else {
                throw ValidationError("--metrics-listen is host:port, such as 127.0.0.1:9100.")
            }
            var metricsConfiguration = ServerConfiguration()
            let hostPart = metricsListen[..<colon]
            metricsConfiguration.host = hostPart.hasPrefix("[") && hostPart.hasSuffix("]") ? String(hostPart.dropFirst().dropLast()) : String(hostPart)
            metricsConfiguration.port = metricsPort
            metricsConfiguration.accessLog = false
            metricsConfiguration.eventLoopCount = 1
            metricsConfiguration.workerCount = 1
            metricsServer = try Server(configuration: metricsConfiguration, responder: MetricsResponder(environment: environment), logger: logger)
        }
        server.start()
        if let metricsServer {
            metricsServer.start()
            logger.notice("metrics listener ready", metadata: ["metrics_port": "\(metricsServer.port)"])
        }
        environment.mailDelivery?.start()
        logger.notice("Resett is ready", metadata: ["url": "http://localhost:\(server.port)/", "baseDomain": "\(baseDomain)"])
        server.wait()
        metricsServer?.shutdown()
        environment.mailDelivery?.stop()
        stopping.store(true, ordering: .relaxed)
        signals.forEach { $0.cancel() }
        logger.notice("stopped")
    }
}
