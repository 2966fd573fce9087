import Domain
import Foundation
import HTTPServer
import UseCases

/// The paywall, the subscription page, the hosted test checkout and the payment webhook.
enum SubscriptionHandler {
    static func paywall(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let settings = context.scope.tenant.settings
        return try environment.render("subscriptions/paywall", title: "Unlimited resets", [
            "limit": settings.freeResetsPerDay, "resetsWord": settings.freeResetsPerDay == 1 ? "reset" : "resets",
            "price": settings.priceText,
            "resetCount": environment.library.resets.count,
        ], context: context)
    }

    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let account = member.account
        let overview = try environment.billing.overview(member)
        let subscription = overview.subscription
        let payments = overview.payments.map {
            ["date": date($0.createdAt, account), "amount": $0.amount.formatted, "description": $0.description,
             "outcome": $0.paid ? "Paid" : "Declined"] as [String: Any]
        }
        var values: [String: Any] = ["payments": payments, "hasPayments": !payments.isEmpty,
                                     "price": context.scope.tenant.settings.priceText]
        if let subscription {
            values["price"] = subscription.price.formatted + "/month"
            switch subscription.status {
            case .active:
                values["statusText"] = "Active"
                values["detail"] = "Renews on \(date(subscription.currentPeriodEnd, account))."
                values["canCancel"] = true
            case .cancelling:
                values["statusText"] = "Cancelled"
                values["detail"] = "You have unlimited resets until \(date(subscription.currentPeriodEnd, account)). It won’t renew."
                values["canResume"] = subscription.currentPeriodEnd > environment.clock()
            case .pastDue:
                values["statusText"] = "Payment needed"
                values["detail"] = "Your last renewal didn’t go through. Unlimited resets continue until "
                    + "\(date(subscription.graceUntil ?? subscription.currentPeriodEnd, account)); subscribing again keeps them going."
                values["canSubscribe"] = true
            case .expired:
                values["statusText"] = "Ended"
                values["detail"] = "Your subscription has ended. You still have your free resets each day."
                values["canSubscribe"] = true
            }
        } else {
            values["statusText"] = "Not subscribed"
            values["detail"] = "You have \(context.scope.tenant.settings.freeResetsPerDay) free resets each day."
            values["canSubscribe"] = true
        }
        values.merge(Notice.values(context)) { $1 }
        return try environment.render("subscriptions/show", title: "Your subscription", values, context: context)
    }

    static func checkout(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        guard let id = try environment.billing.startCheckout(try context.member()) else { return .redirect(to: Paths.subscription) }
        return .redirect(to: Paths.testCheckout(id))
    }

    static func showTestCheckout(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let id = try context.id("id", CheckoutEntity.self)
        guard let amount = try environment.billing.openCheckout(try context.member(), id) else { throw WebError.notFound }
        return try checkoutPage(context, environment, id: id, amount: amount, errors: FormErrors())
    }

    static func payTestCheckout(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let id = try context.id("id", CheckoutEntity.self)
        guard let amount = try environment.billing.openCheckout(member, id) else {
            // Paid or being paid already (a second click lands here): the subscription page says how it went.
            return .redirect(to: Paths.subscription)
        }
        guard let card = TestPaymentProvider.Card(number: try context.form()["card_number"] ?? "") else {
            var errors = FormErrors()
            errors.add("card_number", "In test mode, use 4242 4242 4242 4242 (pays) or 4000 0000 0000 0002 (declined).")
            return try checkoutPage(context, environment, id: id, amount: amount, errors: errors, status: .unprocessableContent)
        }
        switch try environment.billing.pay(member, id, card: card) {
        case .alreadyClaimed: return .redirect(to: Paths.subscription)
        case .declined: return .redirect(to: Paths.subscription + "?notice=card-declined")
        case .paid: return .redirect(to: Paths.subscription + "?notice=subscribed")
        }
    }

    static func confirmCancel(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        guard let subscription = try environment.billing.cancellable(member) else { return .redirect(to: Paths.subscription) }
        return try environment.render("subscriptions/cancel", title: "Cancel your subscription",
                                      ["endDate": date(subscription.currentPeriodEnd, member.account)], context: context)
    }

    static func cancel(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        _ = try environment.billing.cancel(try context.member())
        return .redirect(to: Paths.subscription + "?notice=cancelled")
    }

    static func resume(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.billing.resume(try context.member())
        return .redirect(to: Paths.subscription + "?notice=resumed")
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
                                     errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let values: [String: Any] = ["amount": amount.formatted, "payPath": Paths.testCheckout(id)]
        return try environment.renderForm("subscriptions/checkout", title: "Test checkout", values, errors: errors,
                                                  context: context, status: status)
    }

    /// "22 December 2026" in the person's time zone.
    static func date(_ epoch: Int, _ account: Account) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = TimeZone(identifier: account.timeZone) ?? TimeZone(identifier: TimeZoneName.fallback)
        formatter.dateFormat = "d MMMM yyyy"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(epoch)))
    }
}
