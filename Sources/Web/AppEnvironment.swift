import CoreMetrics
import Cryptography
import Domain
import Foundation
import HTTPServer
import Logging
import OpenIDConnect
import Outbound
import WebPush
import Synchronization
import UseCases

/// Everything the app depends on, built once by the executable (or a test) and passed in. A class: every handler
/// takes it, and a struct of some thirty references was copied (and retained field by field) several times a request.
public final class AppEnvironment: Sendable {
    public let configuration: AppConfiguration
    /// Passed to use cases, never queried here (see `Database`).
    public let database: Database
    public let staticFiles: StaticFileStore
    let layoutAssets: LayoutContext.Assets
    public let logger: Logger
    public let hasher: PasswordHasher
    public let hashingPool: HashingPool
    public let passwordPolicy: PasswordPolicy
    public let library: ResetLibrary
    public let safetyPhrases: SafetyPhrases
    /// The thought record's thinking traps (`Content/distortions.json`).
    public let distortions: DistortionDetector
    /// Recovery plans, response templates, small brave steps and the pattern rules (`Content/setbacks.json`).
    public let setbackGuide: SetbackGuide
    /// The containment and body practices, the timer and its paces (`Content/practices.json`).
    public let practiceLibrary: PracticeLibrary
    public let mailer: any Mailer
    /// Seconds since 1970, from a clock tests can set.
    public let clock: @Sendable () -> Int
    /// `Migrations/` under the project root, for `/readyz`.
    public let migrationsDirectory: String
    /// The operator's numbers (`/metrics`).
    public let metrics: AppMetrics
    /// With SMTP: the worker that sends the database's outbox (the executable starts and stops it).
    public let mailDelivery: MailDelivery?
    /// Seals and opens check-in notes and tags (with the master key from --data-key-file; without one, words are refused).
    public let vault: DataVault
    /// Shared by every request, for its caches of providers' discovery documents and keys.
    public let relyingParty: RelyingParty
    /// Reminders on members' devices (Web Push), when the server has a push key (`--push-key-file`).
    public let push: PushReminders?
    /// Calls each organisation may have waiting on its identity provider at once (one shared count per node).
    let outboundCalls = OutboundCalls()
    /// Year calendars, kept under their account's history version.
    let calendarGrids = CalendarGrid.kept()
    /// Month calendars, kept under their account's history version.
    let calendarMonths = CalendarGrid.keptMonths()
    /// A day's resets, setbacks and practices, kept under the account's history version (`CalendarGrid.KeptDay`).
    let calendarDays = CalendarGrid.keptDays()
    /// The findings of /insights, kept under the account's history version, the tenant's configuration version and
    /// today (a year of check-ins and runs, and the worries, were nearly all of that page's time).
    let insightSections = KeptPages<InsightsHandler.Key, [InsightsPage.Section]>(budget: 4 << 20) { sections in
        sections.reduce(256) { bytes, section in
            bytes + 256 + section.lines.reduce(0) { $0 + 32 + $1.utf8.count } + (section.chart?.bars.count ?? 0) * 160
        }
    }
    /// Each member's day so far (the allowance, unfinished runs and last mood), kept under `TodayKey`.
    let keptToday = KeptPages<TodayKey, Today>(budget: 4 << 20) { 256 + $0.unfinished.count * 256 }
    /// Each member's check-in rating and glimmer of the day for the home page, kept under `TodayKey`.
    let keptHomeDays = KeptPages<TodayKey, HomeDay>(budget: 2 << 20) { 256 + ($0.glimmer?.text.utf8.count ?? 0) }
    /// What the worry page shows of each person's worries, kept under their history version (`WorryOverview`).
    let worryOverviews = KeptPages<WorriesHandler.OverviewKey, WorryOverview>(budget: 4 << 20) { $0.size }
    /// Each person's actions page, kept under their history version (`WorriesHandler.actionsPage`).
    let actionPages = KeptPages<WorriesHandler.OverviewKey, ActionsPage>(budget: 4 << 20) { $0.size }
    /// Each person's glimmers by month, kept under their history version (`GlimmersHandler.KeptMonth`).
    let glimmerMonths = KeptPages<GlimmersHandler.MonthKey, GlimmersHandler.KeptMonth>(budget: 4 << 20) { $0.size }
    /// Each person's list of setbacks (/setbacks), drawn, kept under their history version until its oldest leaves the
    /// year (reading and drawing thirty setbacks was most of that page's time).
    let setbackLists = KeptPages<SetbacksHandler.ListKey, SetbacksHandler.KeptList>(budget: 8 << 20) { 512 + $0.list.allocatedBytes + $0.newest.listed.count * 256 }
    /// The patterns page each person's setbacks draw (/setbacks/insights), kept under their history version, which
    /// their setbacks move too, until a setback crosses the edge of a window the patterns count over (a year of
    /// setbacks through the rules was nearly all of that page's time; the page's words and chart, half of the rest).
    let setbackInsights = KeptPages<SetbacksHandler.InsightsKey, SetbacksHandler.KeptInsights>(budget: 4 << 20) { $0.approximateBytes }
    /// The five feelings' cards on the home page: five small values, their links and icons made once.
    let emotionCards: [EmotionCard]
    /// The response templates' cards with nothing filled in, made once (/setbacks/templates).
    let templateCards: [SetbackTemplatesPage.Card]
    /// The practices page (/practices), the library's cards in their groups, made once.
    let practicesPage: PracticesPage
    /// The time-zone select's options, written once, at the first page that shows them (see TimeZoneOptions).
    var timeZoneOptions: TimeZoneOptions { TimeZoneOptions.everyZone }
    /// Pages of the community feed, kept per viewer under the tenant's community version.
    let feedPages = KeptPages<CommunityHandler.FeedKey, CommunityHandler.FeedView>(budget: 16 << 20) { $0.byteCount }
    /// A feed page's posts as drawn for one session, kept until the community changes or a "minutes ago" would.
    let feedPosts = KeptComponents<CommunityHandler.FeedKey>(budget: 16 << 20)
    /// Pages of the moderation queue, kept per moderator under the tenant's community version.
    let queuePages = KeptPages<ModerationHandler.QueueKey, ModerationHandler.QueueView>(budget: 16 << 20) { $0.byteCount }
    /// A post's moderation page as read for one moderator, kept under the tenant's community version.
    let moderationPosts = KeptPages<ModerationHandler.PostKey, ModerationHandler.PostView>(budget: 4 << 20) { $0.byteCount }
    /// The queue's sections as drawn for one session, kept until the queue changes or a "minutes ago" or overdue mark would.
    let queueSections = KeptComponents<ModerationHandler.QueueKey>(budget: 8 << 20)
    /// Shared by every copy of the environment: the throttles (counted in the database) and the timing-equaliser hash.
    let throttles: Throttles
    let dummyHash: DummyHash
    /// What signing up, logging in and the account pages share: built once (with its mail links' closures), not on
    /// every request that asks for one of them.
    let accountServices: AccountServices

    public init(configuration: AppConfiguration = AppConfiguration(), database: Database,
                staticFiles: StaticFileStore, logger: Logger, hasher: PasswordHasher = PasswordHasher(),
                hashingPool: HashingPool = HashingPool(), passwordPolicy: PasswordPolicy, library: ResetLibrary,
                safetyPhrases: SafetyPhrases, distortions: DistortionDetector, setbackGuide: SetbackGuide, practiceLibrary: PracticeLibrary,
                mailer: any Mailer,
                clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }, migrationsDirectory: String = "./Migrations",
                metrics: AppMetrics = AppMetrics(), mailDelivery: MailDelivery? = nil, masterKey: MasterKey? = nil,
                pushKey: VAPIDKey? = nil) {
        self.configuration = configuration
        let database = database.timed(by: metrics.factory)
        self.database = database
        self.metrics = metrics
        self.mailDelivery = mailDelivery
        self.staticFiles = staticFiles
        self.layoutAssets = LayoutContext.Assets(staticFiles)
        self.logger = logger
        self.hasher = hasher
        self.hashingPool = hashingPool
        self.passwordPolicy = passwordPolicy
        self.library = library
        self.emotionCards = EmotionCard.all(library)
        self.safetyPhrases = safetyPhrases
        self.distortions = distortions
        self.setbackGuide = setbackGuide
        self.templateCards = SetbackTemplatesHandler.cards(setbackGuide)
        self.practiceLibrary = practiceLibrary
        self.practicesPage = PracticesHandler.page(practiceLibrary)
        self.mailer = mailer
        self.clock = clock
        self.migrationsDirectory = migrationsDirectory
        let throttles = Throttles(database: database), dummyHash = DummyHash()
        self.throttles = throttles
        self.dummyHash = dummyHash
        self.accountServices = AccountServices(database: database, hasher: hasher, hashingPool: hashingPool, mailer: mailer,
                                               links: Self.mailedLinks(configuration), throttles: throttles, clock: clock,
                                               passwordResetLifetime: configuration.passwordResetLifetime, dummyHash: dummyHash)
        self.vault = DataVault(database: database, masterKey: masterKey, clock: clock)
        self.relyingParty = RelyingParty(http: OutboundHTTP(allowsLoopbackHTTP: configuration.allowsLoopbackIdentityProvider), clock: clock)
        self.push = pushKey.map { key in
            PushReminders(database: database, http: OutboundHTTP(allowsLoopbackHTTP: configuration.allowsLoopbackPushService, timeoutSeconds: 10,
                                                                maximumBytes: 16 * 1024),
                          key: key, contact: configuration.pushContact, clock: clock, logger: logger,
                          onSent: { $0 ? metrics.pushSent.increment() : metrics.pushFailed.increment() })
        }
    }

    var billing: Billing { Billing(database: database, logger: logger, clock: clock) }

    /// Renewals, expiry and the housekeeping (expired sessions, links and old mail; throttle sweeps).
    public var subscriptionClock: SubscriptionClock {
        billing.subscriptionClock(logger: logger, throttles: throttles, sessionIdleLimit: configuration.sessionIdleLimit,
                                  sessionAbsoluteLimit: configuration.sessionAbsoluteLimit, mailer: mailer,
                                  mailLifetime: configuration.passwordResetLifetime, reminders: overdueReminders,
                                  digestPage: { [configuration] tenant in configuration.absoluteURL(Route.digest.path, for: tenant) },
                                  reminderLinks: reminderLinks, push: push)
    }

    /// Where a reminder's email leads (the page it is about) and its one-click "turn this off", from configuration.
    var reminderLinks: Reminders.Links {
        let configuration = configuration
        return Reminders.Links(
            open: { tenant, kind in
                configuration.absoluteURL((kind == .worryTime ? Route.worries : Route.checkIn).path, for: tenant)
            },
            off: { tenant, link in configuration.absoluteURL(Route.reminderOff.path + "?" + link.query, for: tenant) })
    }

    var reminders: Reminders { Reminders(database: database, clock: clock) }
    var reminderDevices: ReminderDevices { ReminderDevices(database: database, throttles: throttles, clock: clock, push: push) }

    var overdueReminders: OverdueReminders {
        let configuration = configuration
        return OverdueReminders(database: database, mailer: mailer, moderationPage: { configuration.absoluteURL(Route.moderation.path, for: $0) },
                                logger: logger)
    }

    /// Links in mail: the tenant's canonical host and the configured scheme and port, never the request's.
    static func mailedLinks(_ configuration: AppConfiguration) -> MailedLinks {
        MailedLinks(
            signUpConfirmation: { configuration.absoluteURL(Route.signUpConfirm.path + "?token=" + $1, for: $0) },
            signIn: { configuration.absoluteURL(Route.logInLink.path + "?token=" + $1, for: $0) },
            passwordReset: { configuration.absoluteURL(Route.passwordReset.path + "?token=" + $1, for: $0) },
            logInPage: { configuration.absoluteURL(Route.logIn.path, for: $0) },
            forgottenPasswordPage: { configuration.absoluteURL(Route.passwordForgot.path, for: $0) },
            securityPage: { configuration.absoluteURL(Route.accountSecurity.path, for: $0) },
            connectSignOn: { configuration.absoluteURL(Route.signOnConnect.path + "?token=" + $1, for: $0) },
            firstPasskey: { configuration.absoluteURL(Route.firstPasskey.path + "?token=" + $1, for: $0) },
            membersPage: { configuration.absoluteURL(Route.members.path, for: $0) })
    }

    var signUps: SignUps { SignUps(services: accountServices) }
    var logIns: LogIns { LogIns(services: accountServices) }
    var passwordResets: PasswordResets { PasswordResets(services: accountServices) }
    var accountSettings: AccountSettings { AccountSettings(services: accountServices) }

    var safeguarding: Safeguarding { Safeguarding(database: database, clock: clock) }
    var community: Community { Community(database: database, throttles: throttles, safetyPhrases: safetyPhrases, clock: clock) }
    var moderation: Moderation { Moderation(database: database, clock: clock) }
    var administration: Administration { Administration(database: database, clock: clock) }
    var branding: Branding { Branding(database: database) }
    var joining: Joining { Joining(database: database, clock: clock) }
    var singleSignOn: SingleSignOn {
        let configuration = configuration
        return SingleSignOn(services: accountServices, relyingParty: relyingParty, vault: vault, outbound: outboundCalls,
                            callbackURL: { configuration.absoluteURL(Route.signOnCallback.path, for: $0) },
                            assertionConsumerURL: { configuration.absoluteURL(Route.samlAssertion.path, for: $0) },
                            serviceProviderEntityID: { configuration.absoluteURL(Route.samlMetadata.path, for: $0) })
    }
    var singleSignOnSettings: SingleSignOnSettings {
        let configuration = configuration
        return SingleSignOnSettings(database: database, relyingParty: relyingParty, vault: vault, logger: logger, outbound: outboundCalls, clock: clock,
                                    http: OutboundHTTP(allowsLoopbackHTTP: configuration.allowsLoopbackIdentityProvider),
                                    serviceProviderEntityID: { configuration.absoluteURL(Route.samlMetadata.path, for: $0) })
    }
    var resetChoices: ResetChoices { ResetChoices(database: database, library: library, clock: clock) }
    var organisationResets: OrganisationResets { OrganisationResets(database: database, library: library, clock: clock) }
    var provisioning: Provisioning { Provisioning(database: database, mailer: mailer, clock: clock) }
    var organisationInsights: OrganisationInsights { OrganisationInsights(database: database, library: library, clock: clock) }
    var runs: Runs { Runs(database: database, library: library, clock: clock) }
    var moodHistory: MoodHistory { MoodHistory(database: database) }
    var checkIns: CheckIns { CheckIns(database: database, vault: vault, clock: clock) }
    var weeklyDigest: WeeklyDigest { WeeklyDigest(database: database, vault: vault, checkIns: checkIns, clock: clock) }
    var reflections: Reflections { Reflections(database: database, vault: vault, checkIns: checkIns, clock: clock) }
    var setbacks: Setbacks { Setbacks(database: database, vault: vault, guide: setbackGuide, clock: clock) }
    var practices: Practices { Practices(database: database, library: practiceLibrary, clock: clock) }
    var glimmers: Glimmers { Glimmers(database: database, vault: vault, clock: clock) }
    var worries: Worries { Worries(database: database, vault: vault, clock: clock) }
    var welcome: Welcome { Welcome(database: database, clock: clock) }
    var passkeys: Passkeys { Passkeys(services: accountServices) }
    var firstPasskeys: FirstPasskeys { FirstPasskeys(services: accountServices) }
    var appLock: AppLock { AppLock(services: accountServices) }

    /// Where a tenant's passkeys live: its canonical host (from configuration, never the request) as the RP ID, and
    /// the origin its pages are served from.
    func passkeySite(for tenant: Tenant) -> Passkeys.Site {
        let origin = configuration.absoluteURL("", for: tenant)
        let host = Gate.hostName(String(origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first ?? "")) ?? ""
        return Passkeys.Site(rpID: host, origin: origin, name: tenant.name)
    }

    public var gate: Gate {
        Gate(database: database, baseDomain: configuration.baseDomain, sessionIdleLimit: configuration.sessionIdleLimit,
             sessionAbsoluteLimit: configuration.sessionAbsoluteLimit, clock: clock)
    }

    var authentication: Authentication { Authentication(gate: gate, configuration: configuration) }

    /// Loads static files, content and the database from a project root (the folder holding `Public/`, `Content/` and
    /// `Migrations/`; the pages' templates are compiled in), failing with the name of whatever is missing or broken.
    /// `database` is `--db`: a SQLite file (the outbox sits beside it) or a PostgreSQL URL (the outbox is `./data/outbox`).
    public static func load(root: String, database location: String, configuration: AppConfiguration = AppConfiguration(),
                            mailer: (any Mailer)? = nil, hasher: PasswordHasher = PasswordHasher(),
                            logger: Logger, metrics: AppMetrics = AppMetrics(), mailTransport: (any MailTransport)? = nil,
                            mailSender: String = "Resett <no-reply@resett.localhost>", masterKey: MasterKey? = nil,
                            pushKey: VAPIDKey? = nil) throws -> AppEnvironment {
        let staticFiles = try StaticFileStore(directory: root + "/Public")
        let database = try Database.open(location: location, migrationsDirectory: root + "/Migrations")
        let policy = try loadPasswordPolicy(root + "/Content/common-passwords.txt")
        let library = try ResetLibrary(path: root + "/Content/resets.json")
        let safety = SafetyPhrases(phrases: try dataLines(root + "/Content/safety-phrases.txt"))
        let distortions = try DistortionDetector(path: root + "/Content/distortions.json")
        let setbackGuide = try SetbackGuide(path: root + "/Content/setbacks.json")
        let practiceLibrary = try PracticeLibrary(path: root + "/Content/practices.json")
        let dataFolder = Database.dataFolder(location: location)
        // With SMTP, mail waits in the database until sent (retried, on any node); otherwise .eml files beside it.
        var delivery: MailDelivery?
        let chosenMailer: any Mailer
        if let mailTransport {
            let sending = MailDelivery(database: database, transport: mailTransport, sender: mailSender, logger: logger,
                                       onSent: { metrics.mailSent.increment() }, onFailedAttempt: { metrics.mailFailed.increment() })
            delivery = sending
            chosenMailer = DurableMailer(database: database, sender: mailSender, clock: { Int(Date().timeIntervalSince1970) },
                                         wake: { sending.wake() })
        } else {
            chosenMailer = MailQueue(sending: mailer ?? OutboxMailer(folder: dataFolder + "/outbox", sender: mailSender, logger: logger),
                                     logger: logger, onSent: { metrics.mailSent.increment() }, onFailed: { metrics.mailFailed.increment() })
        }
        return AppEnvironment(configuration: configuration, database: database, staticFiles: staticFiles,
                              logger: logger, hasher: hasher, passwordPolicy: policy, library: library,
                              safetyPhrases: safety, distortions: distortions, setbackGuide: setbackGuide, practiceLibrary: practiceLibrary,
                              mailer: chosenMailer,
                              migrationsDirectory: root + "/Migrations", metrics: metrics, mailDelivery: delivery, masterKey: masterKey,
                              pushKey: pushKey)
    }

    public enum ContentError: Error, CustomStringConvertible {
        case unreadable(String)
        public var description: String {
            switch self { case .unreadable(let path): "cannot read \(path)" }
        }
    }

    public static func loadPasswordPolicy(_ path: String) throws -> PasswordPolicy {
        // Line by line from the file's text, without an array of 30,000 strings on the way.
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ContentError.unreadable(path) }
        return PasswordPolicy(commonPasswords: text.split(separator: "\n").lazy.filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) })
    }

    /// The lines of a data file in `Content/`, without blank lines and `#` comments.
    static func dataLines(_ path: String) throws -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ContentError.unreadable(path) }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }.map(String.init)
    }

    func layout(for context: RequestContext?) -> LayoutContext {
        LayoutContext(context: context, assets: layoutAssets)
    }

    /// A page's bytes as a response. Pages that show personal data are never stored by caches.
    func htmlResponse(_ body: HTMLFragment, status: HTTPStatus, context: RequestContext) -> Response {
        var response = Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], content: ResponseBody(sharing: body))
        if context.scope.account != nil { response.headers.set("Cache-Control", "no-store") }
        return response
    }
}
