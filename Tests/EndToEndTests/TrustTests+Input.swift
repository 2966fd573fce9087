import Foundation
import Testing
@testable import HTTPServer
@testable import Storage
@testable import UseCases
@testable import Web
import Domain
import Cryptography

/// More of what no request may do (see `TrustTests`).
extension TrustTests {
    @Test func behindATrustedProxyAddressLimitsArePerClient() throws {
        let app = try RunningApp { $0.trustedProxies = [IPAddressRange("127.0.0.1/32")!] }
        for client in 0..<3 {
            let browser = app.browser()
            for attempt in 0..<12 {
                _ = try browser.get("/login")
                let answer = try browser.post("/login", [("email", "nobody\(attempt)@example.com"), ("password", "x")],
                                              headers: ["X-Forwarded-For: 203.0.113.\(client)"])
                #expect(answer.status == 422)
            }
        }
        #expect(ClientAddress.resolve(peer: "198.51.100.7", forwardedFor: ["1.2.3.4"], trustedProxies: [IPAddressRange("127.0.0.1")!]) == "198.51.100.7")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["1.2.3.4, 10.0.0.9"],
                                      trustedProxies: [IPAddressRange("127.0.0.1")!, IPAddressRange("10.0.0.0/8")!]) == "1.2.3.4")
    }

    @Test func wrongPasswordsWhileSignedInAreCountedAndEndTheSession() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("careful@example.com")
        var last: RawClient.Answer?
        for attempt in 0..<5 {
            _ = try browser.get("/account")
            last = try browser.post("/account/email", [("email", "new\(attempt)@example.com"), ("password", "wrong \(attempt)")])
        }
        #expect(last?.status == 303)
        #expect(last?.header("Location") == "/login?notice=signed-out-for-safety")
        #expect(try browser.get("/account").status == 303)
    }

    @Test func signUpSaysTheSameForANewAndAnExistingAddressAndCountsEveryAttempt() throws {
        let app = try RunningApp()
        try app.browser().signUp("taken@example.com")
        let prober = app.browser()
        _ = try prober.get("/signup")
        let existing = try prober.post("/signup", [("email", "taken@example.com"), ("password", "a calm and steady passphrase")])
        let fresh = try prober.post("/signup", [("email", "fresh@example.com"), ("password", "a calm and steady passphrase")])
        #expect(existing.status == fresh.status)
        #expect(existing.text.replacingOccurrences(of: "taken@example.com", with: "X")
                == fresh.text.replacingOccurrences(of: "fresh@example.com", with: "X"))
        #expect(app.mails().last { $0.contains("To: taken@example.com") }?.contains("already has an account") == true)
        var statuses: [Int] = []
        for probe in 0..<12 {
            statuses.append(try prober.post("/signup", [("email", "probe\(probe)@example.com"), ("password", "a calm and steady passphrase")]).status)
        }
        #expect(statuses.contains(429))
    }

    @Test func aResetLinkDiesWhenThePasswordOrEmailChanges() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("links@example.com")
        let forgetful = app.browser()
        _ = try forgetful.get("/password/forgot")
        _ = try forgetful.post("/password/forgot", [("email", "links@example.com")])
        let mail = try #require(app.mails().last { $0.contains("/password/reset?token=") })
        let token = try #require(mail.firstMatch(of: /token=([0-9a-f]{64})/)).1
        _ = try browser.get("/account")
        _ = try browser.post("/account/password", [("current_password", "a calm and steady passphrase"),
                                                   ("new_password", "another calm passphrase")])
        #expect(try app.browser().get("/password/reset?token=\(token)").status == 404)
    }

    @Test func deletionLeavesNothingPersonalAndExportHoldsEverything() throws {
        let app = try RunningApp()
        let database = app.environment.database
        let browser = app.browser()
        try browser.signUp("gone@example.com")
        let tenant = try #require(try database.tenant(slug: "default"))
        var settings = tenant
        settings.settings.unlimitedEmails = ["gone@example.com"]
        try database.saveSettings(of: settings)
        _ = try database.setRole(tenantID: tenant.id, email: EmailAddress("gone@example.com")!, role: .moderator)
        _ = try browser.get("/community")
        _ = try browser.post("/community/posts", [("topic", "wins"), ("body", "A personal story")])
        let postID = try #require(try database.read { try $0.string(sql: "SELECT id FROM posts") })
        let other = app.browser()
        try other.signUp("other@example.com")
        _ = try other.get("/community/posts/\(postID)/report")
        _ = try other.post("/community/posts/\(postID)/reports", [("reason", "other"), ("note", "about gone@example.com")])
        _ = try browser.get("/admin/moderation")
        _ = try browser.post("/admin/moderation/posts/\(postID)/hide", [("note", "")])
        let forgetful = app.browser()
        _ = try forgetful.get("/password/forgot")
        _ = try forgetful.post("/password/forgot", [("email", "gone@example.com")])

        let export = try browser.get("/account/export.json").text
        for part in ["\"posts\"", "A personal story", "\"payments\"", "\"reactions\"", "\"reports\"", "\"weekStartsOn\""] {
            #expect(export.contains(part), "\(part)")
        }
        let otherExport = try other.get("/account/export.json").text
        #expect(otherExport.contains("about gone@example.com"))

        _ = try browser.get("/account")
        let deleted = try browser.post("/account/delete", [("password", "a calm and steady passphrase"), ("posts", "erase")])
        #expect(deleted.status == 200)
        let dump = try database.read { db in
            try db.strings(sql: "SELECT moderator || subject || note FROM moderation_audit")
                + db.strings(sql: "SELECT email FROM tenant_unlimited_emails")
                + db.strings(sql: "SELECT coalesce(body, '') FROM posts")
        }.joined()
        #expect(!dump.contains("gone@example.com"))
        #expect(!dump.contains("A personal story"))
        #expect(!app.mails().contains { $0.contains("gone@example.com") })
    }

    @Test func longKeysCutThroughACharacterStayDistinct() {
        // 1,024 bytes end inside "é": the old hash read that as no text at all, so every such key shared one limit.
        let first = String(repeating: "a", count: 1022) + "bé", second = String(repeating: "a", count: 1022) + "cé"
        #expect(RateLimiter.keyHash(first) != RateLimiter.keyHash(second))
        #expect(RateLimiter.keyHash(first) != RateLimiter.keyHash(""))
        #expect(RateLimiter.keyHash(first + "more") == RateLimiter.keyHash(first + "else"))  // only the first KiB counts
    }

    @Test func theRateLimiterStoresOnlyHashesAndForgetsOnTime() throws {
        let app = try RunningApp()
        let database = app.environment.database
        let limiter = RateLimiter(name: "test", limit: 3, window: 60, database: database)
        let huge = String(repeating: "x", count: 60_000)
        for index in 0..<200 { try limiter.record(huge + "\(index)", now: 1000) }
        #expect(try database.rateLimitEventCount() == 200)
        #expect(try database.read { try $0.int(sql: "SELECT max(length(key_hash)) FROM rate_limit_events") } == 64)
        for _ in 0..<3 { try limiter.admit("someone", now: 1000) }
        #expect(throws: UseCaseError.tooManyRequests(retryAfter: 60)) { try limiter.admit("someone", now: 1000) }
        #expect(try limiter.retryAfter("someone", now: 1030) == 30)
        #expect(try limiter.retryAfter("someone", now: 1060) == nil)
        try Throttles(database: database).sweep(now: 1000 + 3600)
        #expect(try database.rateLimitEventCount() == 0)
    }

    @Test func pseudonymsUseTheirOwnKeyAndAreLong() throws {
        var tenant = Tenant(id: TenantID(stored: String(repeating: "a", count: 32)), slug: "t", name: "T")
        tenant.settings.webhookSecret = "public-ish"
        tenant.settings.pseudonymKey = "k1"
        let first = Moderation.pseudonym(AccountID(stored: "acc"), tenant: tenant)
        tenant.settings.webhookSecret = "changed"
        #expect(Moderation.pseudonym(AccountID(stored: "acc"), tenant: tenant) == first)
        tenant.settings.pseudonymKey = "k2"
        #expect(Moderation.pseudonym(AccountID(stored: "acc"), tenant: tenant) != first)
        #expect(first.count == "Member 7F3A-9C21-0B44".count)
        // The first six bytes of HMAC-SHA256("k1", "acc"), in capitals, in threes of four (Python's hmac says so too).
        #expect(first == "Member F6A3-131B-6577")
    }

    @Test func anAdminCannotClaimACustomDomain() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("admin@example.com")
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        _ = try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress("admin@example.com")!, role: .admin)
        _ = try browser.get("/admin/settings")
        _ = try browser.post("/admin/settings", [("name", "Resett"), ("accent", "#0F7A5C"), ("freeResets", "3"), ("price", "1.99"),
                                                 ("threshold", "3"), ("crisis", "Call 999."), ("customDomain", "bank.example")])
        #expect(try app.environment.database.tenant(slug: "default")?.settings.customDomain == nil)
        #expect(try app.browser(host: "bank.example").get("/").status == 404)
    }

    @Test func filesAreReadableByTheOwnerOnly() throws {
        let app = try RunningApp()
        try app.browser().signUp("perm@example.com")
        let files = app.environment.database.dialect == .sqlite ? [app.environment.database.displayName] : []
        for file in files.flatMap({ [$0, $0 + "-wal"] }) where FileManager.default.fileExists(atPath: file) {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
            #expect(mode & 0o077 == 0, "\(file)")
        }
        for mail in try FileManager.default.contentsOfDirectory(atPath: app.outbox) {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: app.outbox + "/" + mail)[.posixPermissions] as? Int)
            #expect(mode & 0o077 == 0)
        }
    }

    @Test func aFullHashingPoolMakesAPasswordFormWaitItsTurnAndPagesNeverWaitForIt() throws {
        let pool = HashingPool(concurrentHashes: 1)
        let app = try RunningApp(hashingPool: pool)
        let browser = app.browser()
        try browser.signUp("hasher@example.com")
        _ = try browser.get("/account")
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? pool.run { held.signal(); release.wait() }
        }
        held.wait()
        // The form waits for its turn on the waiting pool; the same person's pages answer meanwhile.
        _ = try browser.get("/account/email")
        let waiting = try app.client()
        waiting.send(browser.formPostText("/account/email", [("email", "new@example.com"), ("password", "a guess")]))
        Thread.sleep(forTimeInterval: 0.2)
        let started = Date()
        #expect(try browser.get("/").status == 200)
        #expect(Date().timeIntervalSince(started) < 0.5)
        release.signal()
        let answered = try waiting.readResponse()
        #expect(answered.status == 422 && answered.text.contains("password"), "answered once its turn came, not refused")
    }

    @Test func theHousekeepingPurgesWhatCanNoLongerBeUsed() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("tidy@example.com")
        let forgetful = app.browser()
        _ = try forgetful.get("/password/forgot")
        _ = try forgetful.post("/password/forgot", [("email", "tidy@example.com")])
        let count = { (table: String) in try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM \(table)") ?? 0 } }
        #expect(try count("sessions") == 1 && count("password_resets") == 1)
        app.clock.advance(8 * 86400)  // past the reset link's hour and the session's seven idle days
        try app.environment.subscriptionClock.tick(now: app.clock.now)
        #expect(try count("sessions") == 0)
        #expect(try count("password_resets") == 0)
    }

    @Test func aSignedInPageViewDoesNotWrite() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("reader@example.com")
        let lastSeen = { try app.environment.database.read { try $0.int(sql: "SELECT last_seen_at FROM sessions") } }
        let before = try lastSeen()
        app.clock.advance(120)
        _ = try browser.get("/account")
        #expect(try lastSeen() == before, "two minutes later: no write")
        app.clock.advance(AppDatabase.lastSeenResolution)
        _ = try browser.get("/account")
        #expect(try lastSeen() == app.clock.now, "past the resolution: written once")
    }

    @Test func hstsOnlyOverHTTPS() throws {
        let secure = try RunningApp { $0.secureCookies = true }
        #expect(try secure.client().request("GET", "/login").header("Strict-Transport-Security") != nil)
        let plain = try RunningApp()
        #expect(try plain.client().request("GET", "/login").header("Strict-Transport-Security") == nil)
    }
}
