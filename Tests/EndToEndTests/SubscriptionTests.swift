import Domain
import Foundation
import Testing
@testable import Storage
@testable import UseCases
@testable import Web

/// Seconds since 1970 for an ISO-8601 UTC time.
func epoch(_ iso: String) -> Int {
    Int(ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970)
}

@Suite("The daily limit and the paywall over real sockets")
struct DailyLimitTests {
    /// Starts a reset and goes on to its second step, where a run starts to use a free reset, then finishes it
    /// (so the next start of the same reset is a new run). Returns where the start sent the browser, or the paywall
    /// if the second step was refused.
    func startRun(_ browser: Browser, _ resetID: String = "tired-blink-track") throws -> String {
        _ = try browser.get("/resets/\(resetID)")
        let location = try #require(try browser.post("/resets/\(resetID)/start", []).header("Location"))
        guard let run = location.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1 else { return location }
        let second = try browser.get("/runs/\(run)/steps/2")
        if second.status == 303 { return second.header("Location") ?? "" }
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "finished_early")])
        return location
    }

    func runCount(_ app: RunningApp) throws -> Int {
        try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM runs") ?? -1 }
    }

    @Test func threeFreeThenThePaywallThenTomorrow() throws {
        let app = try RunningApp()
        app.clock.set(epoch("2026-11-22T12:00:00Z"))
        let browser = app.browser()
        try browser.signUp("three@example.com")
        #expect(try browser.get("/resets/tired-blink-track").text.contains("3 free resets left today"))
        for left in [2, 1, 0] {
            #expect(try startRun(browser).hasPrefix("/runs/"))
            let expected = left == 0 ? "No free resets left today" : "\(left) free reset\(left == 1 ? "" : "s") left today"
            #expect(try browser.get("/emotions/tired").text.contains(expected))
        }
        #expect(try startRun(browser) == "/paywall")
        #expect(try runCount(app) == 3)
        let paywall = try browser.get("/paywall")
        #expect(paywall.text.contains("You’ve used your 3 free resets today"))
        #expect(paywall.text.contains("£1.99/month"))
        #expect(paywall.text.contains("Your calendar, the community and help when you need it stay free for everyone"))
        #expect(paywall.text.contains(">Subscribe</button>") && paywall.text.contains(">Maybe later</a>"))
        // Tomorrow, at the person's own midnight, there are three again.
        app.clock.set(epoch("2026-11-23T00:00:01Z"))
        #expect(try startRun(browser).hasPrefix("/runs/"))
    }

    @Test func theLastFreeResetsResultOffersThePaywall() throws {
        let app = try RunningApp()
        var tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.freeResetsPerDay = 1
        try app.environment.database.saveSettings(of: tenant)
        let browser = app.browser()
        try browser.signUp("last@example.com")
        let run = try #require(try startRun(browser).firstMatch(of: /\/runs\/([0-9a-f]{32})/)).1
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "finished_early")])
        _ = try browser.post("/runs/\(run)/mood", [("mood", "7")])
        let result = try browser.get("/runs/\(run)/result").text
        #expect(result.contains("That was your last free reset for today"))
        #expect(result.contains("href=\"/paywall\""))
        #expect(try browser.get("/paywall").text.contains("You’ve used your 1 free reset today"))
    }

    @Test func localMidnightIsThePersonsOwnInTwoTimeZones() throws {
        let app = try RunningApp()
        var tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.freeResetsPerDay = 1
        try app.environment.database.saveSettings(of: tenant)
        // 10:30 UTC is 23:30 in Auckland (UTC+13 in November) and 02:30 in Los Angeles (UTC-8).
        app.clock.set(epoch("2026-11-22T10:30:00Z"))
        let auckland = app.browser()
        try auckland.signUp("nz@example.com", timeZone: "Pacific/Auckland")
        let losAngeles = app.browser()
        try losAngeles.signUp("la@example.com", timeZone: "America/Los_Angeles")
        #expect(try startRun(auckland).hasPrefix("/runs/"))
        #expect(try startRun(losAngeles).hasPrefix("/runs/"))
        #expect(try startRun(auckland) == "/paywall")
        #expect(try startRun(losAngeles) == "/paywall")
        // An hour later it is a new day in Auckland, still the same day in Los Angeles.
        app.clock.advance(3600)
        #expect(try startRun(auckland).hasPrefix("/runs/"))
        #expect(try startRun(losAngeles) == "/paywall")
        let days = try app.environment.database.read { try $0.strings(sql: "SELECT local_day FROM runs ORDER BY started_at") }
        #expect(days == ["2026-11-22", "2026-11-22", "2026-11-23"])
    }

    @Test func aDaylightSavingDayEndsAtLocalMidnight() throws {
        let app = try RunningApp()
        let browser = app.browser()
        app.clock.set(epoch("2026-03-29T00:30:00Z"))  // 00:30 GMT on the day the clocks go forward at 01:00
        try browser.signUp("dst@example.com", timeZone: "Europe/London")
        for _ in 0..<3 { #expect(try startRun(browser).hasPrefix("/runs/")) }
        app.clock.set(epoch("2026-03-29T22:59:00Z"))  // 23:59 BST, still the 29th
        #expect(try startRun(browser) == "/paywall")
        app.clock.set(epoch("2026-03-29T23:00:30Z"))  // 00:00:30 BST on the 30th: a new day, though only 23 hours on
        #expect(try startRun(browser).hasPrefix("/runs/"))
    }

    /// The same request fifty times at once, with the member's cookies and token.
    func simultaneously(_ app: RunningApp, _ browser: Browser, _ requests: [String]) throws -> [String] {
        let clients = try requests.map { _ in try app.client() }
        let locations = Locations()
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            clients[index].send(requests[index])
            locations.add((try? clients[index].readResponse())?.header("Location") ?? "none")
        }
        return locations.all
    }

    @Test func fiftyStartsOfTheSameResetAtOnceMakeOneRun() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("race@example.com")
        _ = try browser.get("/resets/tired-blink-track")
        let start = browser.formPostText("/resets/tired-blink-track/start", [])
        let all = try simultaneously(app, browser, Array(repeating: start, count: 50))
        #expect(Set(all).count == 1 && all[0].hasPrefix("/runs/"), "every start went to the one run: \(Set(all))")
        #expect(try runCount(app) == 1)
        #expect(try browser.get("/emotions/tired").text.contains("3 free resets left today"), "an unplayed run costs nothing")
    }

    @Test func twentyRunsGoingPastTheirFirstStepAtOnceWithTwoLeftCountExactlyTwo() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("race@example.com")
        #expect(try startRun(browser).hasPrefix("/runs/"))
        // Every reset in the library started (each costs nothing yet), then all moved to their second step at once.
        var steps: [String] = []
        for reset in app.environment.library.resets where reset.steps.count > 1 {
            _ = try browser.get("/resets/\(reset.id)")
            let location = try #require(try browser.post("/resets/\(reset.id)/start", []).header("Location"))
            let run = try #require(location.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1)
            steps.append(browser.requestText("GET", "/runs/\(run)/steps/2", headers: [], body: nil))
        }
        let all = try simultaneously(app, browser, steps)
        #expect(all.filter { $0 == "none" }.count == 2, "two second steps shown (200, no redirect)")
        #expect(all.filter { $0 == "/paywall" }.count == steps.count - 2)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM runs WHERE steps_reached >= 2") } == 3)
    }

    @Test func anAccidentalTapCostsNothingAndStartingAgainResumes() throws {
        let app = try RunningApp()
        var tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.freeResetsPerDay = 1
        try app.environment.database.saveSettings(of: tenant)
        let browser = app.browser()
        try browser.signUp("tap@example.com")
        _ = try browser.get("/resets/tired-blink-track")
        let first = try #require(try browser.post("/resets/tired-blink-track/start", []).header("Location"))
        let run = try #require(first.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1)
        // Finished early on its first step: nothing used.
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "finished_early")])
        #expect(try browser.get("/emotions/tired").text.contains("1 free reset left today"))
        // A new run, played to step 3 and left: starting the same reset again carries on at step 3, at no cost.
        _ = try browser.get("/resets/tired-posture-ladder")
        let second = try #require(try browser.post("/resets/tired-posture-ladder/start", []).header("Location"))
        let id = try #require(second.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1)
        #expect(try browser.get("/runs/\(id)/steps/2").status == 200)
        #expect(try browser.get("/runs/\(id)/steps/3").status == 200)
        #expect(try browser.get("/").text.contains("Pick up where you left off"))
        let intro = try browser.get("/resets/tired-posture-ladder").text
        #expect(intro.contains("Carry on from step 3"))
        #expect(try browser.post("/resets/tired-posture-ladder/start", []).header("Location") == "/runs/\(id)/steps/3")
        // The day's one free reset is that run: another reset now goes to the paywall, and its intro says so.
        #expect(try browser.get("/resets/tired-blink-track").text.contains("You’ve used today’s free resets"))
        #expect(try browser.post("/resets/tired-blink-track/start", []).header("Location") == "/paywall")
        #expect(try runCount(app) == 2)
    }

    @Test func theMoodBeforeIsOptionalBoundedAndShownAfter() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("before@example.com")
        _ = try browser.get("/resets/tired-blink-track")
        #expect(try browser.post("/resets/tired-blink-track/start", [("mood_before", "11")]).status == 400)
        #expect(try browser.post("/resets/tired-blink-track/start", [("mood_before", "-1")]).status == 400)
        #expect(try runCount(app) == 0)
        let location = try #require(try browser.post("/resets/tired-blink-track/start", [("mood_before", "4")]).header("Location"))
        let run = try #require(location.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1)
        for step in 2...8 { _ = try browser.get("/runs/\(run)/steps/\(step)") }
        _ = try browser.post("/runs/\(run)/finish", [("outcome", "completed")])
        _ = try browser.post("/runs/\(run)/mood", [("mood", "7")])
        let result = try browser.get("/runs/\(run)/result").text
        #expect(result.contains("From 4 to 7."))
        #expect(result.contains("You did all 8 steps of Blink &amp; Track in "))
        #expect(result.contains("href=\"/calendar/"))
        #expect(try browser.get("/account/export.csv").text.contains(",Blink & Track,yes,4,7,"))
    }

    @Test func everyWayToBeUnlimited() throws {
        let app = try RunningApp()
        var tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.freeResetsPerDay = 1
        tenant.settings.unlimitedEmails = ["Tester@Example.com"]
        try app.environment.database.saveSettings(of: tenant)

        let listed = app.browser()
        try listed.signUp("tester@example.com")
        let member = app.browser()
        try member.signUp("member@example.com")
        let moderator = app.browser()
        try moderator.signUp("moderator@example.com")
        #expect(try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress("moderator@example.com")!, role: .moderator))

        for _ in 0..<3 {
            #expect(try startRun(listed).hasPrefix("/runs/"))
            #expect(try startRun(moderator).hasPrefix("/runs/"))
        }
        #expect(!(try listed.get("/emotions/tired").text.contains("left today")), "no count shown to the unlimited")
        #expect(try startRun(member).hasPrefix("/runs/"))
        #expect(try startRun(member) == "/paywall")

        // A tenant-wide licence makes every member unlimited.
        tenant = try #require(try app.environment.database.tenant(slug: "default"))
        tenant.settings.licenceAllMembers = true
        try app.environment.database.saveSettings(of: tenant)
        #expect(try startRun(member).hasPrefix("/runs/"))
    }
}

/// Collects answers from many threads.
final class Locations: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []
    func add(_ value: String) { lock.withLock { values.append(value) } }
    var all: [String] { lock.withLock { values } }
}

@Suite("Subscriptions over real sockets: checkout, webhooks, renewals")
struct SubscriptionFlowTests {
    /// Goes from the paywall through the hosted test checkout with `card`; returns where it ended.
    func subscribe(_ browser: Browser, card: String) throws -> String {
        _ = try browser.get("/paywall")
        let checkout = try #require(try browser.post("/account/subscription/checkout", []).header("Location"))
        #expect(checkout.hasPrefix("/checkout/test/"))
        let page = try browser.get(checkout)
        #expect(page.text.contains("Test mode."))
        #expect(page.text.contains("Pay £1.99 a month"))
        return try #require(try browser.post(checkout, [("card_number", card), ("expiry", "12/30"), ("cvc", "123")]).header("Location"))
    }

    func tenant(_ app: RunningApp) throws -> Tenant { try #require(try app.environment.database.tenant(slug: "default")) }

    func account(_ app: RunningApp, _ email: String) throws -> Account {
        try #require(try app.environment.database.account(tenantID: try tenant(app).id, email: EmailAddress(email)!))
    }

    func subscription(_ app: RunningApp, _ email: String) throws -> Subscription? {
        try app.environment.database.subscription(tenantID: try tenant(app).id, accountID: try account(app, email).id)
    }

    @Test func aSuccessfulCheckoutMakesResetsUnlimited() throws {
        let app = try RunningApp()
        app.clock.set(epoch("2026-11-22T12:00:00Z"))
        let browser = app.browser()
        try browser.signUp("payer@example.com")
        #expect(try subscribe(browser, card: "4242 4242 4242 4242") == "/account/subscription?notice=subscribed")
        let page = try browser.get("/account/subscription?notice=subscribed").text
        #expect(page.contains("<h2 id=\"status-heading\">Active</h2>"))
        #expect(page.contains("Renews on 22 December 2026."))
        #expect(page.contains("<td class=\"number\" data-label=\"Amount\">£1.99</td><td data-label=\"Result\">Paid</td>"))
        // A subscriber who opens the paywall is sent to their subscription.
        #expect(try browser.get("/paywall").header("Location") == "/account/subscription")
        #expect(try subscription(app, "payer@example.com")?.status == .active)
        for _ in 0..<5 {
            _ = try browser.get("/resets/tired-blink-track")
            #expect(try browser.post("/resets/tired-blink-track/start", []).header("Location")?.hasPrefix("/runs/") == true)
        }
    }

    @Test func aDeclinedCardChargesNothing() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("declined@example.com")
        #expect(try subscribe(browser, card: "4000 0000 0000 0002") == "/account/subscription?notice=card-declined")
        #expect(try subscription(app, "declined@example.com") == nil)
        let page = try browser.get("/account/subscription?notice=card-declined").text
        #expect(page.contains("Your card was declined") && page.contains("<td data-label=\"Result\">Declined</td>"))
        // An unknown card number is a clear error that keeps the checkout open.
        _ = try browser.get("/paywall")
        let checkout = try #require(try browser.post("/account/subscription/checkout", []).header("Location"))
        _ = try browser.get(checkout)
        let wrong = try browser.post(checkout, [("card_number", "1234"), ("expiry", "13/20"), ("cvc", "12")])
        #expect(wrong.status == 422 && wrong.text.contains("In test mode, use 4242"))
        // Each field's problem is said once in the summary and once at its field; what was typed stays, the code never.
        for message in ["In test mode, use 4242", "Enter the expiry date on the card", "Enter the 3 or 4 digits"] {
            #expect(wrong.text.components(separatedBy: message).count - 1 == 2, "\(message) shown twice: summary and field")
        }
        #expect(wrong.text.contains("value=\"1234\"") && wrong.text.contains("value=\"13/20\""))
        #expect(!wrong.text.contains("value=\"12\""))
        // Someone else's checkout is not found.
        let other = app.browser()
        try other.signUp("other@example.com")
        #expect(try other.get(checkout).status == 404)
    }

    @Test func webhooksMustBeSignedFreshAndNew() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("hooks@example.com")
        let tenant = try tenant(app)
        let person = try account(app, "hooks@example.com")
        let event = PaymentEvent(id: "evt_manual_1", kind: .checkoutPaid, accountID: person.id,
                                 amount: Money(minor: 199, currency: "GBP"), periodEnd: app.clock.now + 30 * 86400)
        let body = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
        func post(_ body: String, signature: String?) throws -> RawClient.Answer {
            try app.client().request("POST", "/webhooks/payments",
                                     headers: ["Content-Type: application/json"] + (signature.map { ["Resett-Signature: \($0)"] } ?? []),
                                     body: body)
        }
        let now = app.clock.now
        let good = WebhookReceiver.sign(body: Array(body.utf8), secret: tenant.settings.webhookSecret, timestamp: now)
        let forged = WebhookReceiver.sign(body: Array(body.utf8), secret: "not the secret", timestamp: now)
        let stale = WebhookReceiver.sign(body: Array(body.utf8), secret: tenant.settings.webhookSecret, timestamp: now - 301)
        let tampered = body.replacingOccurrences(of: "199", with: "1")

        #expect(try post(body, signature: nil).status == 400)
        #expect(try post(body, signature: forged).status == 400)
        #expect(try post(body, signature: stale).status == 400)
        #expect(try post(tampered, signature: good).status == 400)
        #expect(try post(body, signature: "t=abc,v1=zz").status == 400)
        #expect(try subscription(app, "hooks@example.com") == nil, "nothing changed")
        #expect(app.logs.all.filter { $0.contains("payment webhook refused") }.count == 5)
        #expect(!app.logs.all.joined().contains(person.id), "event contents are not logged")

        let applied = try post(body, signature: good)
        #expect(applied.status == 200 && applied.text == "applied\n")
        let replayed = try post(body, signature: good)
        #expect(replayed.status == 200 && replayed.text == "already applied\n")
        #expect(try app.environment.database.payments(tenantID: tenant.id, accountID: person.id).count == 1)
        #expect(try subscription(app, "hooks@example.com")?.status == .active)

        // Signed by another tenant's secret, or naming another tenant's person: nothing happens here.
        let acme = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let elsewhere = PaymentEvent(id: "evt_manual_2", kind: .renewalFailed, accountID: person.id,
                                     amount: Money(minor: 199, currency: "GBP"), graceUntil: now + 86400)
        let elsewhereBody = String(decoding: try JSONEncoder().encode(elsewhere), as: UTF8.self)
        let acmeSigned = WebhookReceiver.sign(body: Array(elsewhereBody.utf8), secret: acme.settings.webhookSecret, timestamp: now)
        #expect(try post(elsewhereBody, signature: acmeSigned).status == 400)
        let acmeClient = Browser(port: app.port, host: "acme.localhost")
        let onAcme = try acmeClient.exchange("POST", "/webhooks/payments", headers: ["Resett-Signature: \(acmeSigned)"], body: elsewhereBody)
        #expect(onAcme.status == 200)
        #expect(try subscription(app, "hooks@example.com")?.status == .active)
    }

    @Test func cancelResumeAndExpireOnTime() throws {
        let app = try RunningApp()
        app.clock.set(epoch("2026-11-22T12:00:00Z"))
        let browser = app.browser()
        try browser.signUp("cancel@example.com")
        _ = try subscribe(browser, card: "4242424242424242")
        let confirm = try browser.get("/account/subscription/cancel")
        #expect(confirm.text.contains("You’ll keep unlimited resets until 22 December 2026."))
        #expect(try browser.post("/account/subscription/cancel", []).header("Location") == "/account/subscription?notice=cancelled")
        let cancelled = try browser.get("/account/subscription").text
        #expect(cancelled.contains(">Cancelled</h2>") && cancelled.contains("Resume subscription"))
        _ = try browser.get("/account/subscription")
        #expect(try browser.post("/account/subscription/resume", []).status == 303)
        #expect(try subscription(app, "cancel@example.com")?.status == .active)
        _ = try browser.get("/account/subscription")
        _ = try browser.post("/account/subscription/cancel", [])

        app.clock.set(epoch("2026-12-22T11:59:00Z"))
        try app.environment.subscriptionClock.tick(now: app.clock.now)
        #expect(try subscription(app, "cancel@example.com")?.status == .cancelling, "still active until the end")
        app.clock.set(epoch("2026-12-22T12:00:01Z"))
        #expect(try app.environment.subscriptionClock.tick(now: app.clock.now).expired == 1)
        #expect(try subscription(app, "cancel@example.com")?.status == .expired)
        try browser.logIn("cancel@example.com")  // a month idle ended the session, as it should
        _ = try browser.get("/account/subscription")
        #expect(try browser.post("/account/subscription/resume", []).status == 409)
        #expect(try browser.get("/account/subscription").text.contains(">Subscribe</button>"))
    }

    @Test func renewalsHappenOnTimeAndAFailedOneGivesAGracePeriod() throws {
        let app = try RunningApp()
        app.clock.set(epoch("2026-01-31T09:00:00Z"))
        let renewing = app.browser()
        try renewing.signUp("renew@example.com")
        _ = try subscribe(renewing, card: "4242424242424242")
        let failing = app.browser()
        try failing.signUp("fails@example.com")
        _ = try subscribe(failing, card: "4000 0000 0000 0341")
        #expect(try subscription(app, "renew@example.com")?.currentPeriodEnd == epoch("2026-02-28T09:00:00Z"))

        #expect(try app.environment.subscriptionClock.tick(now: epoch("2026-02-28T08:59:00Z")).renewalsRequested == 0)
        app.clock.set(epoch("2026-02-28T09:01:00Z"))
        #expect(try app.environment.subscriptionClock.tick(now: app.clock.now).renewalsRequested == 2)
        #expect(try subscription(app, "renew@example.com")?.status == .active)
        #expect(try subscription(app, "renew@example.com")?.currentPeriodEnd == epoch("2026-03-28T09:00:00Z"))
        #expect(try app.environment.database.payments(tenantID: try tenant(app).id, accountID: try account(app, "renew@example.com").id).count == 2)
        let pastDue = try #require(try subscription(app, "fails@example.com"))
        #expect(pastDue.status == .pastDue)
        try failing.logIn("fails@example.com")  // four weeks idle ended the session
        #expect(try failing.get("/account/subscription").text.contains("Payment needed"))
        // Still unlimited during the grace period.
        for _ in 0..<4 {
            _ = try failing.get("/resets/tired-blink-track")
            #expect(try failing.post("/resets/tired-blink-track/start", []).header("Location")?.hasPrefix("/runs/") == true)
        }
        app.clock.advance(8 * 86400)
        #expect(try app.environment.subscriptionClock.tick(now: app.clock.now).expired == 1)
        #expect(try subscription(app, "fails@example.com")?.status == .expired)
        // A second tick does nothing more.
        #expect(try app.environment.subscriptionClock.tick(now: app.clock.now) == .init(renewalsRequested: 0, expired: 0))
    }
}
