import Domain
import Foundation
import HTTPServer
import Logging
import Security
import Storage
import Synchronization

/// A value shared by every copy of an environment and made at most once.
final class DummyHash: Sendable {
    private let value: Mutex<String?>
    init(_ value: String?) { self.value = Mutex(value) }
    func withLock<T>(_ body: (inout String?) -> T) -> T { value.withLock { body(&$0) } }
}

/// Everything the app depends on, built once by the executable (or a test) and passed in.
public struct AppEnvironment: Sendable {
    public let configuration: AppConfiguration
    public let database: AppDatabase
    public let renderer: TemplateRenderer
    public let staticFiles: StaticFileStore
    public let logger: Logger
    public let hasher: PasswordHasher
    public let hashingPool: HashingPool
    public let passwordPolicy: PasswordPolicy
    public let library: ResetLibrary
    public let safetyPhrases: SafetyPhrases
    public let mailer: any Mailer
    /// Seconds since 1970, from a clock tests can set.
    public let clock: @Sendable () -> Int
    let limits: Limits
    /// A hash of nothing anyone knows, checked when an email has no account so both cases take as long.
    /// Made at the first login rather than at start: an Argon2id hash takes 19 MiB while it runs.
    var dummyPasswordHash: String {
        dummyHash.withLock { cached in
            if let cached { return cached }
            let made = (try? hasher.hash(SecureRandom.hex(16))) ?? ""
            cached = made
            return made
        }
    }
    private let dummyHash = DummyHash(nil)

    /// In-memory throttles against guessing and flooding. Address keys are the tenant and the client address
    /// (see `RequestContext.clientAddress`); account keys the tenant and the normalised email.
    struct Limits: Sendable {
        /// Failed logins per account: from the tenth in 15 minutes, a correct password also needs an emailed link.
        let failedLoginsPerAccount = RateLimiter(limit: 10, window: 15 * 60)
        /// Failed logins per client address: past it, that address is refused for a while.
        let failedLoginsPerAddress = RateLimiter(limit: 50, window: 15 * 60)
        /// Wrong passwords given to confirm a change while signed in: past it, the session ends.
        let failedPasswordConfirmations = RateLimiter(limit: 5, window: 15 * 60)
        /// Every sign-up attempt counts, whatever its outcome, so probing addresses is slow.
        let signUpsPerAddress = RateLimiter(limit: 10, window: 3600)
        let signUpsPerEmail = RateLimiter(limit: 3, window: 3600)
        let resetRequestsPerAddress = RateLimiter(limit: 10, window: 3600)
        let resetRequestsPerEmail = RateLimiter(limit: 3, window: 3600)
        let postsPerMember = RateLimiter(limit: 5, window: 3600)
        let reportsPerMember = RateLimiter(limit: 10, window: 3600)
    }

    /// Templates the app cannot start without.
    public static let requiredTemplates = [
        "layouts/base", "errors/error", "home/index", "resets/list", "resets/intro", "runs/step", "runs/bubbles", "runs/mood",
        "runs/result", "subscriptions/paywall", "subscriptions/show", "subscriptions/cancel", "subscriptions/checkout",
        "calendar/month", "calendar/day", "calendar/year", "community/feed", "community/report", "community/held",
        "admin/moderation", "admin/audit", "admin/confirm", "admin/members", "admin/settings",
        "auth/signup-sent", "auth/confirm", "auth/link-expired", "auth/login-check-email",
    ]

    public init(configuration: AppConfiguration = AppConfiguration(), database: AppDatabase, renderer: TemplateRenderer,
                staticFiles: StaticFileStore, logger: Logger, hasher: PasswordHasher = PasswordHasher(),
                hashingPool: HashingPool = HashingPool(), passwordPolicy: PasswordPolicy, library: ResetLibrary,
                safetyPhrases: SafetyPhrases, mailer: any Mailer,
                clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) {
        self.configuration = configuration
        self.database = database
        self.renderer = renderer
        self.staticFiles = staticFiles
        self.logger = logger
        self.hasher = hasher
        self.hashingPool = hashingPool
        self.passwordPolicy = passwordPolicy
        self.library = library
        self.safetyPhrases = safetyPhrases
        self.mailer = mailer
        self.clock = clock
        self.limits = Limits()
    }

    var webhookReceiver: WebhookReceiver { WebhookReceiver(database: database, logger: logger) }

    /// The built-in test-mode card processor; a real provider would be chosen here by configuration.
    var testPaymentProvider: TestPaymentProvider { TestPaymentProvider(database: database, receiver: webhookReceiver) }

    public var subscriptionClock: SubscriptionClock {
        SubscriptionClock(database: database, provider: testPaymentProvider, logger: logger,
                          sessionIdleLimit: configuration.sessionIdleLimit, sessionAbsoluteLimit: configuration.sessionAbsoluteLimit,
                          mailer: mailer, mailLifetime: configuration.passwordResetLifetime)
    }

    var authentication: Authentication {
        Authentication(database: database, configuration: configuration, clock: clock)
    }

    /// Loads templates, static files, content and the database from a project root (the folder holding
    /// `Views/`, `Public/`, `Content/` and `Migrations/`), failing with the name of whatever is missing or broken.
    public static func load(root: String, databasePath: String, configuration: AppConfiguration = AppConfiguration(),
                            mailer: (any Mailer)? = nil, hasher: PasswordHasher = PasswordHasher(),
                            logger: Logger) throws -> AppEnvironment {
        let renderer = try TemplateRenderer(directory: root + "/Views", required: requiredTemplates)
        let staticFiles = try StaticFileStore(directory: root + "/Public")
        let database = try AppDatabase.open(path: databasePath, migrationsDirectory: root + "/Migrations")
        let policy = try loadPasswordPolicy(root + "/Content/common-passwords.txt")
        let library = try ResetLibrary(path: root + "/Content/resets.json")
        let safety = SafetyPhrases(phrases: try dataLines(root + "/Content/safety-phrases.txt"))
        let dataFolder = URL(fileURLWithPath: databasePath).deletingLastPathComponent().path
        return AppEnvironment(configuration: configuration, database: database, renderer: renderer, staticFiles: staticFiles,
                              logger: logger, hasher: hasher, passwordPolicy: policy, library: library,
                              safetyPhrases: safety,
                              mailer: MailQueue(sending: mailer ?? OutboxMailer(folder: dataFolder + "/outbox", logger: logger), logger: logger))
    }

    public enum ContentError: Error, CustomStringConvertible {
        case unreadable(String)
        public var description: String {
            switch self { case .unreadable(let path): "cannot read \(path)" }
        }
    }

    public static func loadPasswordPolicy(_ path: String) throws -> PasswordPolicy {
        PasswordPolicy(commonPasswords: try dataLines(path))
    }

    /// The lines of a data file in `Content/`, without blank lines and `#` comments.
    static func dataLines(_ path: String) throws -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ContentError.unreadable(path) }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }.map(String.init)
    }

    func layout(for context: RequestContext?) -> LayoutContext {
        LayoutContext(context: context, staticFiles: staticFiles)
    }

    /// Renders a page with a form: its errors (summary and per field), any notice, and a title that starts
    /// with "Error: " when something needs fixing, so screen-reader users hear it first.
    func renderForm(_ template: String, title: String, _ values: [String: Any], errors: FormErrors, context: RequestContext,
                    status: HTTPStatus = .ok) throws -> Response {
        var values = values
        values.merge(errors.templateValues) { $1 }
        values.merge(Notice.values(context)) { $1 }
        return try render(template, title: errors.isEmpty ? title : "Error: " + title, values, context: context, status: status)
    }

    /// Renders a page inside the layout. Pages that show personal data are never stored by caches.
    func render(_ template: String, title: String?, _ values: [String: Any], context: RequestContext,
                status: HTTPStatus = .ok) throws -> Response {
        guard let html = renderer.render(template, layout(for: context).page(title: title, values)) else {
            throw TemplateError.missingTemplate(template)
        }
        var response = Response.html(html, status: status)
        if context.scope.account != nil { response.headers.set("Cache-Control", "no-store") }
        return response
    }
}
