import Domain
import Foundation
import HTTPServer
import UseCases

/// The paywall, the subscription page, the hosted test checkout and the payment webhook.
enum SubscriptionHandler {
    static func paywall(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let settings = context.scope.tenant.settings
        var usedUp = false
        if let member = context.scope.member {
            // Someone with unlimited resets already has nothing to buy here: their subscription page says what they have.
            switch try environment.today(member).allowance {
            case .unlimited: return .redirect(to: Route.subscription.path)
            case .remaining(let left, _): usedUp = left == 0
            }
        }
        return try environment.render(PaywallPage(limit: settings.freeResetsPerDay, price: settings.priceText, usedUp: usedUp),
                                      title: usedUp ? "Today’s free resets are used" : "Unlimited resets", context: context)
    }

    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let account = member.account
        let overview = try environment.billing.overview(member)
        let subscription = overview.subscription
        let payments = overview.payments.map {
            SubscriptionPage.Payment(date: date($0.createdAt, account), amount: $0.amount.formatted, description: $0.description,
                                     outcome: $0.paid ? "Paid" : "Declined")
        }
        let freeText = "You have \(context.scope.tenant.settings.freeResetsPerDay) free resets each day."
        var page = SubscriptionPage(statusText: "Not subscribed", detail: freeText, price: context.scope.tenant.settings.priceText,
                                    canSubscribe: true, payments: payments)
        if let subscription {
            let price = subscription.price.formatted + "/month"
            switch subscription.status {
            case .active:
                page = SubscriptionPage(statusText: "Active", detail: "Renews on \(date(subscription.currentPeriodEnd, account)).", price: price,
                                        canCancel: true, payments: payments)
            case .cancelling:
                page = SubscriptionPage(statusText: "Cancelled",
                                        detail: "You have unlimited resets until \(date(subscription.currentPeriodEnd, account)). It won’t renew.",
                                        price: price, canResume: subscription.currentPeriodEnd > environment.clock(), payments: payments)
            case .pastDue:
                page = SubscriptionPage(statusText: "Payment needed",
                                        detail: "Your last renewal didn’t go through. Unlimited resets continue until "
                                            + "\(date(subscription.graceUntil ?? subscription.currentPeriodEnd, account)); subscribing again keeps them going.",
                                        price: price, canSubscribe: true, payments: payments)
            case .expired:
                page = SubscriptionPage(statusText: "Ended", detail: "Your subscription has ended. You still have your free resets each day.",
                                        price: price, canSubscribe: true, payments: payments)
            }
        }
        return try environment.render(page, title: "Your subscription", context: context)
    }

    static func checkout(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        guard let id = try environment.billing.startCheckout(member) else { return .redirect(to: Route.subscription.path) }
        return .redirect(to: Route.testCheckout(id).path)
    }

    static func showTestCheckout(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: CheckoutID) throws -> Response {
        guard let amount = try environment.billing.openCheckout(member, id) else { throw WebError.notFound }
        return try checkoutPage(context, environment, id: id, amount: amount, errors: FormErrors())
    }

    static func payTestCheckout(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: CheckoutID) throws -> Response {
        guard let amount = try environment.billing.openCheckout(member, id) else {
            // Paid or being paid already (a second click lands here): the subscription page says how it went.
            return .redirect(to: Route.subscription.path)
        }
        let form = try context.form()
        var errors = FormErrors()
        let card = TestPaymentProvider.Card(number: String((form["card_number"] ?? "").prefix(40)))
        if card == nil {
            errors.add("card_number", "In test mode, use 4242 4242 4242 4242 (pays) or 4000 0000 0000 0002 (declined).")
        }
        let expiry = String((form["expiry"] ?? "").prefix(16))
        if !CardExpiry.isValid(expiry, now: environment.clock()) {
            errors.add("expiry", "Enter the expiry date on the card as MM/YY, like 08/29, and not in the past.")
        }
        let cvc = (form["cvc"] ?? "").trimmingCharacters(in: .whitespaces)
        if !(3...4).contains(cvc.count) || !cvc.allSatisfy({ $0.isASCII && $0.isNumber }) {
            errors.add("cvc", "Enter the 3 or 4 digits on the back of the card.")
        }
        guard let card, errors.isEmpty else {
            // What was typed stays, except the security code, which is never sent back.
            return try checkoutPage(context, environment, id: id, amount: amount, errors: errors, status: .unprocessableContent,
                                    typedCard: String((form["card_number"] ?? "").prefix(40)), typedExpiry: expiry)
        }
        switch try environment.billing.pay(member, id, card: card) {
        case .alreadyClaimed: return .redirect(to: Route.subscription.path)
        case .declined: return .redirect(to: Route.subscription.path + "?notice=card-declined")
        case .paid: return .redirect(to: Route.subscription.path + "?notice=subscribed")
        }
    }

    static func confirmCancel(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        guard let subscription = try environment.billing.cancellable(member) else { return .redirect(to: Route.subscription.path) }
        return try environment.render(CancelSubscriptionPage(endDate: date(subscription.currentPeriodEnd, member.account)),
                                      title: "Cancel your subscription", context: context)
    }

    static func cancel(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        _ = try environment.billing.cancel(member)
        return .redirect(to: Route.subscription.path + "?notice=cancelled")
    }

    static func resume(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try environment.billing.resume(member)
        return .redirect(to: Route.subscription.path + "?notice=resumed")
    }

    /// `POST /webhooks/payments`: 200 for an applied or replayed event, 400 for anything not trusted.
    static func webhook(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        do {
            let applied = try environment.billing.receiveWebhook(context.scope, body: context.request.body,
                                                                 signature: context.request.headers[WebhookReceiver.signatureHeader])
            return .text(applied ? "applied\n" : "already applied\n")
        } catch is WebhookReceiver.Refusal {
            return .text("refused\n", status: .badRequest)
        }
    }

    private static func checkoutPage(_ context: RequestContext, _ environment: AppEnvironment, id: CheckoutID, amount: Money,
                                     errors: FormErrors, status: HTTPStatus = .ok, typedCard: String? = nil,
                                     typedExpiry: String? = nil) throws -> Response {
        let page = TestCheckoutPage(amount: amount.formatted, payPath: Route.testCheckout(id).path, typedCard: typedCard, typedExpiry: typedExpiry,
                                    errors: errors)
        return try environment.render(page, title: "Test checkout", errors: errors, context: context, status: status)
    }

    /// "MM/YY" (or "MM / YY", "MMYY") for a month not yet over.
    enum CardExpiry {
        static func isValid(_ text: String, now: Int) -> Bool {
            let digits = text.filter { $0 != "/" && $0 != " " }
            guard digits.count == 4, let month = WholeNumber.parse(digits.prefix(2), in: 1...12, digits: 2...2),
                  let year = WholeNumber.parse(digits.suffix(2), in: 0...99, digits: 2...2) else { return false }
            let today = Day.of(now, in: TimeZoneName.fallback)
            return (2000 + year, month) >= (today.year, today.month)
        }
    }

    /// "22 December 2026" in the person's time zone.
    /// (From the day's numbers: a DateFormatter made per call was work done on every request.)
    static func date(_ epoch: Int, _ account: Account) -> String {
        let day = Day.of(epoch, in: account.timeZone)
        return "\(day.day) \(Day.monthNames[day.month - 1]) \(day.year)"
    }
}
