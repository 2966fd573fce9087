import Domain
import Foundation
import Testing
@testable import Storage
@testable import UseCases
@testable import Web

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
        #expect(!app.logs.all.joined().contains(person.id.rawValue), "event contents are not logged")

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
        try browser.logIn("cancel@example.com")  // a month idle ended the session, as it should
        #expect(!(try browser.get("/").text.contains("free resets left today")), "unlimited until the paid time ends")
        // The home page keeps the day's allowance, but only until the paid time ends: then the free resets are back,
        // before the clock's work has marked the subscription expired.
        app.clock.set(epoch("2026-12-22T12:00:01Z"))
        #expect(try browser.get("/").text.contains("3 free resets left today"))
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
