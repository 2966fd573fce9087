// The subscription pages (SubscriptionHandler), one view model per template in Views/subscriptions/.

/// `subscriptions/paywall`: calm, with no pressure; it says what is free and what the subscription adds.
struct PaywallPage: CompiledView {
    let limit: Int
    let price: String
    /// Today's free resets are all used (rather than someone just looking).
    let usedUp: Bool
    var resetsWord: String { limit == 1 ? "reset" : "resets" }
}

/// `subscriptions/show`: the plan, what can be done with it, and the payments.
struct SubscriptionPage: CompiledView {
    struct Payment {
        let date: String
        let amount: String
        let description: String
        /// "Paid" or "Declined".
        let outcome: String
    }

    let statusText: String
    let detail: String
    let price: String
    var canCancel = false
    var canResume = false
    var canSubscribe = false
    let payments: [Payment]
    var hasPayments: Bool { !payments.isEmpty }
}

/// `subscriptions/checkout`: the built-in test card processor's page.
struct TestCheckoutPage: FormPage {
    let amount: String
    let payPath: String
    /// What was typed comes back, except the security code, which is never sent back.
    let typedCard: String?
    let typedExpiry: String?
    let errors: FormErrors
    var error_card_number: String? { errors["card_number"] }
    var error_expiry: String? { errors["expiry"] }
    var error_cvc: String? { errors["cvc"] }
}

/// `subscriptions/cancel`: "are you sure", with the date it would end.
struct CancelSubscriptionPage: CompiledView {
    let endDate: String
}
