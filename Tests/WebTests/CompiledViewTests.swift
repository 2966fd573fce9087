import Domain
import Foundation
import HTTPServer
import Testing
import UseCases
@testable import Web

/// Each compiled page against the path it replaced: the same page's values as the handler used to give the templates
/// (swift-mustache, here `ReferenceRenderer`), rendered from the real `Views/`, must give the same markup (compared
/// with runs of whitespace between and inside tags made one, which the browser does not show).
@Suite("Compiled views")
struct CompiledViewTests {
    static let views = ReferenceRenderer.views

    static let renderer = Result { try ReferenceRenderer() }

    /// The reference with some templates as they were.
    static func renderer(replacing templates: [String: String]) throws -> ReferenceRenderer {
        try ReferenceRenderer(replacing: templates)
    }

    /// Renders `page` both ways and compares; returns the compiled page's markup for further checks.
    /// `partials` replaces templates for the old path (where a page's markup used to come from Swift).
    @discardableResult
    func same<Page: CompiledView>(_ page: Page, title: String?, errors: FormErrors? = nil, notice: String? = nil, signedIn: Bool = false,
                                  old values: [String: Any], partials: [String: String] = [:]) throws -> String {
        let renderer = partials.isEmpty ? try Self.renderer.get() : try Self.renderer(replacing: partials)
        let frame = LayoutContext(context: nil, assets: .init(StaticFileStore()))
        let shownTitle = errors.map { $0.isEmpty } == false ? title.map { "Error: " + $0 } : title
        var layout = LayoutView(frame, title: shownTitle, notice: notice, moderationWaiting: nil)
        layout.signedIn = signedIn
        var oldValues = ReferenceRenderer.values(layout)
        oldValues.merge(values) { _, page in page }
        if let errors { oldValues.merge(errors.templateValues) { $1 } }
        let old = try #require(renderer.render(Page.template, oldValues))
        var compiled = HTMLFragment()
        page.write(layout: layout, into: &compiled)
        #expect(Self.normalised(compiled.text) == Self.normalised(old), "\(Page.template)")
        return compiled.text
    }

    /// Whitespace runs as one space, and none between tags.
    static func normalised(_ html: String) -> String {
        var out = "", lastWasSpace = false
        for character in html {
            if character.isWhitespace {
                lastWasSpace = true
                continue
            }
            if lastWasSpace, !(character == "<" && out.last == ">"), !out.isEmpty { out.append(" ") }
            lastWasSpace = false
            out.append(character)
        }
        return out
    }

    static func errors(_ pairs: (String, String)...) -> FormErrors {
        var errors = FormErrors()
        for (field, message) in pairs { errors.add(field, message) }
        return errors
    }

    @Test func forgottenPasswordPages() throws {
        let html = try same(ForgotPasswordPage(email: "", errors: FormErrors()), title: "Forgotten password", old: ["email": ""])
        #expect(html.contains("<title>Forgotten password – Resett</title>"))
        let typed = "a<b>@example.com"
        let bad = Self.errors(("email", "Enter your email address, like name@example.com."))
        let wrong = try same(ForgotPasswordPage(email: typed, errors: bad), title: "Forgotten password", errors: bad, old: ["email": typed])
        #expect(wrong.contains("value=\"a&lt;b&gt;@example.com\"") && wrong.contains("aria-invalid=\"true\"") && wrong.contains("<title>Error: "))
        try same(ForgotPasswordSentPage(email: "me@example.com"), title: "Check your email", notice: "Saved", old: ["email": "me@example.com"])
        try same(ResetLinkExpiredPage(), title: "Link expired", old: [:])
        try same(ChooseNewPasswordPage(token: "t&k", errors: FormErrors()), title: "Choose a new password",
                 old: ["token": "t&k", "minimumLength": 8])
        let tooShort = Self.errors(("password", "Use at least 12 characters."))
        try same(ChooseNewPasswordPage(token: "t", errors: tooShort), title: "Choose a new password", errors: tooShort,
                 old: ["token": "t", "minimumLength": 8])
    }

    static let button = SignOnButton(action: "/login/sso/abc", displayName: "Acme <SSO>", next: "/calendar", required: false,
                                     origin: "https://idp.example.com")

    /// The values the handlers gave `partials/sign-on` before.
    static func oldSignOn(_ button: SignOnButton?) -> [String: Any] {
        guard let button else { return [:] }
        return ["signOn": ["action": button.action, "displayName": button.displayName, "next": button.next, "required": button.required]]
    }

    @Test func logInPages() throws {
        for button in [nil, Self.button, SignOnButton(action: "/login/sso/x", displayName: "Uni", next: "/", required: true, origin: "https://u")] {
            for errors in [FormErrors(), Self.errors(("email", "That email and password don’t match."))] {
                var old: [String: Any] = ["email": "a@b.c", "next": "/calendar", "organisation": "Acme & Co"]
                old.merge(Self.oldSignOn(button)) { $1 }
                old["signOnRequired"] = button?.required ?? false
                old["signOnOptional"] = button != nil && !(button?.required ?? false)
                old["signOnName"] = button?.displayName ?? ""
                let html = try same(LogInPage(email: "a@b.c", next: "/calendar", organisation: "Acme & Co", signOn: button, errors: errors),
                                    title: "Log in", errors: errors, old: old)
                #expect(html.contains("Continue with Acme &lt;SSO&gt;") == (button?.displayName == "Acme <SSO>"))
            }
        }
        try same(LogInCheckEmailPage(), title: "Check your email", old: [:])
        try same(LinkExpiredPage(), title: "Link expired", old: [:])
        try same(ConfirmLinkPage(heading: "Finish", explanation: "One more tap", action: "/login/link", token: "t<", button: "Log in"),
                 title: "Finish", old: ["heading": "Finish", "explanation": "One more tap", "action": "/login/link", "token": "t<", "button": "Log in"])
        for button in [nil, Self.button] {
            var old: [String: Any] = ["reason": "Stopped", "reference": "cancelled"]
            old.merge(Self.oldSignOn(button)) { $1 }
            try same(SignOnRefusedPage(reason: "Stopped", reference: "cancelled", signOn: button), title: "We couldn’t sign you in", old: old)
            old = ["heading": "By invitation", "reason": "Ask", "organisation": "Acme"]
            old.merge(Self.oldSignOn(button)) { $1 }
            try same(NotEligiblePage(heading: "By invitation", reason: "Ask", signOn: button), title: "By invitation", old: old)
        }
    }

    @Test func signUpPages() throws {
        let zones = TimeZoneOptions().selecting("Europe/London")
        for (invitation, hint) in [(nil, nil), ("inv", nil), (nil, "Use your email address at example.com.")] as [(String?, String?)] {
            for button in [nil, Self.button] {
                for errors in [FormErrors(), Self.errors(("email", "Enter your email"), ("password", "Too short"), ("time_zone", "Choose"))] {
                    var old: [String: Any] = ["email": "e", "next": "/", "timeZoneOptions": zones.text, "minimumLength": 8, "recommendedLength": 15,
                                              "chosenTimeZone": "Europe/London"]
                    if let invitation { old["invitation"] = invitation }
                    if let hint { old["emailHint"] = hint }
                    old.merge(Self.oldSignOn(button)) { $1 }
                    old["signOnOptional"] = button != nil
                    let page = SignUpPage(email: "e", next: "/", invitation: invitation, emailHint: hint, chosenTimeZone: "Europe/London",
                                          timeZoneOptions: zones, signOn: button, errors: errors)
                    let html = try same(page, title: "Sign up", errors: errors, old: old)
                    #expect(html.contains("<option value=\"Europe/London\" selected>Europe/London</option>"))
                }
            }
        }
        try same(SignUpSentPage(email: "me@example.com"), title: "Check your email", old: ["email": "me@example.com"])
    }

    /// Contacts with every part and with none of the optional ones, and markup in every field.
    static let contacts = CrisisContact.ukDefaults + [
        CrisisContact(name: "A <b>", purpose: "P & Q", phone: "+44 1", textNumber: "123", textMessage: "HI\"", url: "https://x.example/'", hours: "9–5"),
        CrisisContact(name: "Bare", purpose: "Nothing else"),
    ]

    /// The contacts as `SafeguardingViews.contactsHTML` wrote them in Swift before the partial did.
    static func contactsAsSwiftWroteThem(_ contacts: [CrisisContact]) -> String {
        var html = HTMLFragment(capacity: 2048)
        html.raw("<ul class=\"crisis-contacts\">\n")
        for contact in contacts {
            html.raw("  <li class=\"crisis-contact\">\n    <p class=\"crisis-contact-name\">"); html.escaped(contact.name)
            html.raw("</p>\n    <p class=\"crisis-contact-purpose\">"); html.escaped(contact.purpose)
            if let hours = contact.hours { html.raw(" · "); html.escaped(hours) }
            html.raw("</p>\n    <p class=\"crisis-contact-actions\">\n")
            if let phone = contact.phone, let link = contact.telephoneLink {
                html.raw("      <a class=\"button button-crisis button-large\" href=\""); html.escaped(link); html.raw("\">Call ")
                html.escaped(phone); html.raw("</a>\n")
            }
            if let number = contact.textNumber, let link = contact.textLink {
                html.raw("      <a class=\"button button-crisis button-large\" href=\""); html.escaped(link); html.raw("\">Text ")
                if let message = contact.textMessage { html.escaped(message); html.raw(" to ") }
                html.escaped(number); html.raw("</a>\n")
            }
            if let url = contact.url {
                html.raw("      <a class=\"button button-secondary button-large\" href=\""); html.escaped(url)
                html.raw("\" rel=\"noopener noreferrer\">Visit the "); html.escaped(contact.name); html.raw(" website</a>\n")
            }
            html.raw("    </p>\n  </li>\n")
        }
        html.raw("</ul>")
        return html.text
    }

    @Test func helpPages() throws {
        let from = "/calendar"
        let links: [String: Any] = ["nowPath": Route.help(.helpNow, from: from), "talkPath": Route.help(.helpTalk, from: from),
                                    "breathePath": Route.help(.helpBreathe, from: from), "groundPath": Route.help(.helpGround, from: from),
                                    "safePath": Route.help(.helpSafe, from: from)]
        try same(HelpNowPage(from: from), title: "What would help right now?", old: links)
        try same(HelpBreathePage(from: from), title: "Breathe for two minutes", old: links)
        try same(HelpGroundPage(from: from), title: "A grounding reset", old: links)
        try same(HelpIndexPage(from: from, messages: .none), title: "Need help now?", old: links)
        let messages = TeamMessages(teamMessages: [.init(id: "m1", body: "We <3 you", seenPath: "/messages/m1/seen")], crisisContacts: Self.contacts)
        var old = links
        old["teamMessages"] = [["id": "m1", "body": "We <3 you", "seenPath": "/messages/m1/seen"]]
        old["crisisContactsHTML"] = Self.contactsAsSwiftWroteThem(Self.contacts)
        let oldPartial = try String(contentsOfFile: Self.views + "/partials/crisis-contacts.mustache", encoding: .utf8)
        #expect(oldPartial.contains("{{#crisisContacts}}"))
        // The partial was `{{{crisisContactsHTML}}}`: the old path is given the old Swift-written markup through a
        // renderer whose partial is that.
        try same(HelpIndexPage(from: from, messages: messages), title: "Need help now?", old: old, partials: ["partials/crisis-contacts.mustache": "{{{crisisContactsHTML}}}"])
        for words in [nil, "Talk to your GP <soon>"] {
            old = links
            old["crisisContactsHTML"] = Self.contactsAsSwiftWroteThem(Self.contacts)
            if let words { old["crisisSupportText"] = words }
            try same(HelpTalkPage(from: from, crisisContacts: Self.contacts, crisisSupportText: words), title: "Talk to someone now", old: old,
                     partials: ["partials/crisis-contacts.mustache": "{{{crisisContactsHTML}}}"])
        }
    }

    @Test func errorPage() throws {
        for detail in [nil, "Please wait a minute <then> try again."] {
            var old: [String: Any] = ["status": 404, "heading": "We couldn’t find that page", "message": "It may have moved."]
            if let detail { old["detail"] = detail }
            try same(ErrorPage(status: 404, heading: "We couldn’t find that page", message: "It may have moved.", detail: detail),
                     title: "We couldn’t find that page", old: old)
        }
    }

    @Test func accountPages() throws {
        for errors in [FormErrors(), Self.errors(("new_email", "Enter"), ("email_password", "Wrong"), ("time_zone", "Choose"),
                                                 ("current_password", "No"), ("new_password", "Short"), ("delete_password", "No"))] {
            try same(AccountHubPage(email: "me@x.org", subscriptionHint: "Unlimited resets for £1.99 a month", errors: errors), title: "Your account",
                     errors: errors, old: ["email": "me@x.org", "subscriptionHint": "Unlimited resets for £1.99 a month"])
            let zones = TimeZoneOptions().selecting("Asia/Tokyo")
            try same(AccountProfilePage(email: "me@x.org", newEmail: "typed<", timeZoneOptions: zones, errors: errors), title: "Profile", errors: errors,
                     old: ["email": "me@x.org", "newEmail": "typed<", "timeZoneOptions": zones.text])
            let passkey = Passkey(id: PasskeyID(stored: String(repeating: "a", count: 32)), accountID: AccountID(stored: String(repeating: "b", count: 32)),
                                  credentialID: "AQID", publicKey: "AQID", algorithm: -7, signCount: 0, backupEligible: true, backedUp: true,
                                  name: "My <phone>", createdAt: 1_795_000_000, lastUsedAt: nil)
            for (rows, fresh) in [([], true), ([PasskeyRow(passkey, timeZone: "Europe/London")], true), ([], false)] {
                let choices = LockChoice.all(selecting: 15)
                try same(AccountSecurityPage(errors: errors, passkeys: rows, typedName: "typed<", lockChoices: choices, mayAddPasskey: fresh),
                         title: "Security and devices",
                         errors: errors, old: ["email": "me@x.org", "minimumLength": 8, "typedName": "typed<", "maximumNameLength": 60,
                                               "hasPasskeys": !rows.isEmpty, "mayAddPasskey": fresh,
                                               "confirmToAddPasskey": PasskeysHandler.confirmToAdd,
                                               "passkeys": rows.map { ["name": $0.name, "added": $0.added, "lastUsed": $0.lastUsed, "removePath": $0.removePath] },
                                               "lockChoices": choices.map { ["value": $0.value, "label": $0.label, "checked": $0.checked] as [String: Any] }])
            }
            for (on, worry) in [(false, nil), (true, 18 * 60 + 30)] as [(Bool, Int?)] {
                var settings = Reminders.Settings()
                (settings.checkIn, settings.worryTime, settings.setback, settings.digest, settings.worryStartMinute) = (on, on, on, !on, worry)
                settings.byEmail = !on
                let device = PushDevice(id: PushDeviceID(stored: String(repeating: "c", count: 32)), accountID: AccountID(stored: String(repeating: "b", count: 32)),
                                        endpoint: "https://push.example.net/x", publicKey: "", authSecret: "", name: "Firefox <on> Linux", createdAt: 1_795_000_000)
                let rows = on ? [RemindersPage.DeviceRow(device, timeZone: "Europe/London")] : []
                let devices = RemindersPage.Devices(applicationServerKey: on ? "BKey<" : nil, organisation: "Acme & Co", rows: rows)
                let page = RemindersPage(settings: settings, devices: devices, errors: errors, typed: on ? ("25:99<", "22:00", "08:00") : nil)
                try same(page, title: "Reminders", errors: errors, old: ["checkIn": on, "worryTime": on, "setback": on, "digest": !on,
                                                                          "hasWorryTime": worry != nil, "worryStart": page.worryStart,
                                                                          "checkInTime": page.checkInTime, "quietStart": page.quietStart,
                                                                          "quietEnd": page.quietEnd, "byEmail": !on, "pushAvailable": on,
                                                                          "applicationServerKey": page.applicationServerKey, "organisation": "Acme & Co",
                                                                          "hasDevices": on,
                                                                          "deviceRows": rows.map { ["name": $0.name, "added": $0.added, "removePath": $0.removePath] }])
            }
            for state in [ReminderOffPage.State.asking, .turnedOff, .noLongerApplies] {
                let page = ReminderOffPage(state: state, reminder: "your check-in reminder", action: "/reminders/off?account=a&r=1&v=1&sig=<")
                try same(page, title: "Turn off a reminder", old: ["asking": page.asking, "turnedOff": page.turnedOff,
                                                                   "noLongerApplies": page.noLongerApplies, "reminder": page.reminder,
                                                                   "action": page.action])
            }
            let signOn = SignOnButton(action: "/login/sso/acme", displayName: "Acme <SSO>", next: "/calendar?x=<", required: false,
                                      origin: "https://idp.example")
            for (purpose, passkeys, password, button) in [(UnlockPurpose.lock, true, true, nil), (.staff, false, true, nil), (.lock, false, false, signOn),
                                                          (.staff, true, false, nil), (.passkey, true, true, nil), (.passkey, false, false, nil)]
                as [(UnlockPurpose, Bool, Bool, SignOnButton?)] {
                let page = UnlockPage(next: "/calendar?x=<", purpose: purpose, organisation: "Acme & Co", hasPasskeys: passkeys, hasPassword: password,
                                      signOn: button, errors: errors)
                var old: [String: Any] = ["next": "/calendar?x=<", "forStaff": page.forStaff, "forLock": page.forLock, "forPasskey": page.forPasskey,
                                          "organisation": "Acme & Co", "hasPasskeys": passkeys, "showPassword": page.showPassword,
                                          "noWayIn": page.noWayIn]
                if let value = page.purposeValue { old["purposeValue"] = value }
                if let button {
                    old["signOn"] = ["action": button.action, "displayName": button.displayName, "next": button.next]
                }
                try same(page, title: "Unlock", errors: errors, old: old)
            }
            for (theme, sunday) in [(Theme.system, false), (.dark, true), (.light, false)] {
                let old: [String: Any] = ["email": "me@x.org", "weekStartsOnSunday": sunday, "themes": Theme.allCases.map { option in
                    ["value": option.rawValue, "checked": option == theme,
                     "label": option == .system ? "Same as my device" : option == .light ? "Light" : "Dark"] as [String: Any]
                }, "discreet": sunday, "exitButton": !sunday, "organisationExit": theme != .light]
                var page = AccountAppearancePage(chosen: theme, weekStartsOnSunday: sunday, errors: errors)
                (page.discreet, page.exitButton, page.organisationExit) = (sunday, !sunday, theme != .light)
                try same(page, title: "Appearance", errors: errors, old: old)
            }
            try same(AccountDataPage(errors: errors), title: "Your data", errors: errors, old: ["email": "me@x.org"])
        }
        try same(AccountDeletedPage(), title: "Account deleted", old: [:])
    }

    @Test func subscriptionAndSessionPages() throws {
        for (limit, usedUp) in [(3, false), (1, true)] {
            try same(PaywallPage(limit: limit, price: "£1.99/month", usedUp: usedUp), title: "Unlimited resets",
                     old: ["limit": limit, "resetsWord": limit == 1 ? "reset" : "resets", "price": "£1.99/month", "usedUp": usedUp])
        }
        let payments = [SubscriptionPage.Payment(date: "1 March 2026", amount: "£1.99", description: "Resett <monthly>", outcome: "Paid")]
        for (cancel, resume, subscribe, list) in [(true, false, false, payments), (false, true, false, []), (false, false, true, payments)] {
            var old: [String: Any] = ["statusText": "Active", "detail": "Renews on 1 April.", "price": "£1.99/month", "hasPayments": !list.isEmpty,
                                      "payments": list.map { ["date": $0.date, "amount": $0.amount, "description": $0.description, "outcome": $0.outcome] }]
            if cancel { old["canCancel"] = true }
            if resume { old["canResume"] = true }
            if subscribe { old["canSubscribe"] = true }
            try same(SubscriptionPage(statusText: "Active", detail: "Renews on 1 April.", price: "£1.99/month", canCancel: cancel,
                                      canResume: resume, canSubscribe: subscribe, payments: list), title: "Your subscription", old: old)
        }
        for errors in [FormErrors(), Self.errors(("card_number", "Use 4242"), ("expiry", "MM/YY"), ("cvc", "3 digits"))] {
            var old: [String: Any] = ["amount": "£1.99", "payPath": "/checkout/test/abc"]
            if !errors.isEmpty { old["typedCard"] = "4242<"; old["typedExpiry"] = "13/99" }
            try same(TestCheckoutPage(amount: "£1.99", payPath: "/checkout/test/abc", typedCard: errors.isEmpty ? nil : "4242<",
                                      typedExpiry: errors.isEmpty ? nil : "13/99", errors: errors), title: "Test checkout", errors: errors, old: old)
        }
        try same(CancelSubscriptionPage(endDate: "1 April 2026"), title: "Cancel your subscription", old: ["endDate": "1 April 2026"])
        for devices in [[SessionsPage.Device(device: "Firefox <Linux>", lastUsed: "Just now", isCurrent: true, signOutPath: "/account/sessions/a/delete")],
                        [SessionsPage.Device(device: "Firefox", lastUsed: "Just now", isCurrent: true, signOutPath: "/s/a"),
                         SessionsPage.Device(device: "Safari", lastUsed: "3 days ago", isCurrent: false, signOutPath: "/s/b")]] {
            try same(SessionsPage(sessions: devices), title: "Signed-in devices", old: [
                "hasOthers": devices.count > 1,
                "sessions": devices.map { ["device": $0.device, "lastUsed": $0.lastUsed, "isCurrent": $0.isCurrent, "signOutPath": $0.signOutPath] as [String: Any] },
            ])
        }
    }
}
