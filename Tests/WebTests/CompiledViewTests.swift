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
        let frame = LayoutContext(context: nil, staticFiles: StaticFileStore())
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
        let zones = TimeZoneChoice.all(selecting: "Europe/London")
        let oldZones: [[String: Any]] = zones.map { ["name": $0.name, "selected": $0.selected] }
        for (invitation, hint) in [(nil, nil), ("inv", nil), (nil, "Use your email address at example.com.")] as [(String?, String?)] {
            for button in [nil, Self.button] {
                for errors in [FormErrors(), Self.errors(("email", "Enter your email"), ("password", "Too short"), ("time_zone", "Choose"))] {
                    var old: [String: Any] = ["email": "e", "next": "/", "timeZones": oldZones, "minimumLength": 8, "recommendedLength": 15]
                    if let invitation { old["invitation"] = invitation }
                    if let hint { old["emailHint"] = hint }
                    old.merge(Self.oldSignOn(button)) { $1 }
                    old["signOnOptional"] = button != nil
                    let page = SignUpPage(email: "e", next: "/", invitation: invitation, emailHint: hint, timeZones: zones, signOn: button,
                                          errors: errors)
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
            let zones = TimeZoneChoice.all(selecting: "Asia/Tokyo")
            try same(AccountProfilePage(email: "me@x.org", newEmail: "typed<", timeZones: zones, errors: errors), title: "Profile", errors: errors,
                     old: ["email": "me@x.org", "newEmail": "typed<", "timeZones": zones.map { ["name": $0.name, "selected": $0.selected] }])
            try same(AccountSecurityPage(errors: errors), title: "Security and devices", errors: errors, old: ["email": "me@x.org", "minimumLength": 8])
            for (theme, sunday) in [(Theme.system, false), (.dark, true), (.light, false)] {
                let old: [String: Any] = ["email": "me@x.org", "weekStartsOnSunday": sunday, "themes": Theme.allCases.map { option in
                    ["value": option.rawValue, "checked": option == theme,
                     "label": option == .system ? "Same as my device" : option == .light ? "Light" : "Dark"] as [String: Any]
                }]
                try same(AccountAppearancePage(chosen: theme, weekStartsOnSunday: sunday, errors: errors), title: "Appearance", errors: errors, old: old)
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

    static let library = Result { try ResetLibrary(path: views + "/../Content/resets.json") }

    @Test func choosingAResetPages() throws {
        let library = try Self.library.get()
        let cards = EmotionCard.all(library)
        let oldCards: [[String: Any]] = cards.map { ["id": $0.id, "label": $0.label, "description": $0.description, "path": $0.path, "icon": $0.icon.markup] }
        let grid = try Self.renderer.get().render("partials/emotion-grid", ["emotions": oldCards]) ?? ""
        let unfinished = [HomePage.Unfinished(name: "Box <breathing>", step: 2, count: 5, path: "/runs/r1/steps/2")]
        for (line, list) in [(AllowanceLine.unlimited, [HomePage.Unfinished]()), (AllowanceLine(text: "2 free resets left today", noneLeft: false), unfinished)] {
            var old: [String: Any] = ["emotionGrid": grid]
            if let text = line.text { old["allowance"] = text; old["noneLeft"] = line.noneLeft }
            if !list.isEmpty {
                old["hasUnfinished"] = true
                old["unfinished"] = list.map { ["name": $0.name, "step": $0.step, "count": $0.count, "path": $0.path] as [String: Any] }
            }
            try same(HomePage(messages: .none, emotions: cards, unfinished: list, allowanceLine: line), title: nil, old: old,
                     partials: ["home/index.mustache": try Self.oldHome])
        }
        let resets = [ResetListPage.Card(path: "/resets/a", name: "Box <b>", duration: "About 2 min", fromOrganisation: nil, description: "D&", scienceBenefit: "S"),
                      ResetListPage.Card(path: "/resets/b", name: "Ours", duration: "About 1 min", fromOrganisation: "Acme & Co", description: "D", scienceBenefit: "S'")]
        for line in [AllowanceLine.unlimited, AllowanceLine(text: "No free resets left today", noneLeft: true)] {
            var old: [String: Any] = ["emotion": "stressed", "label": "Stressed", "description": "Tense", "icon": Icon.stressed.svg,
                                      "resetsHTML": Self.cardsAsSwiftWroteThem(resets)]
            if let text = line.text { old["allowance"] = text; old["noneLeft"] = line.noneLeft }
            try same(ResetListPage(emotion: "stressed", label: "Stressed", description: "Tense", icon: Icon.stressed.trusted, resets: resets,
                                   allowanceLine: line), title: "Stressed resets", old: old, partials: ["resets/list.mustache": try Self.oldList])
        }
        let moodChoicesHTML = try Self.renderer.get().render("partials/mood-choices", ["moodChoices": MoodChoice.scale(name: "mood_before").map {
            ["value": $0.value, "id": $0.id, "name": $0.name, "words": $0.words, "face": $0.face.markup, "checked": $0.checked] as [String: Any]
        }]) ?? ""
        for (signedIn, resume, ask, blocked, note) in [(false, nil, false, false, nil), (true, 3, true, false, "sit <down>"), (true, nil, false, true, nil),
                                                       (true, nil, true, false, nil)] as [(Bool, Int?, Bool, Bool, String?)] {
            var old: [String: Any] = ["name": "Box", "description": "D", "scienceBenefit": "S", "duration": "About 2 min", "stepCount": 5,
                                      "emotion": "anxious", "emotionLabel": "Anxious", "emotionPath": "/emotions/anxious", "startPath": "/resets/box/start",
                                      "signUpPath": "/signup?next=%2Fresets%2Fbox", "logInPath": "/login?next=%2Fresets%2Fbox", "icon": Icon.anxious.svg]
            if let note { old["safetyNote"] = note }
            if signedIn {
                old["allowance"] = "1 free reset left today"; old["noneLeft"] = false
                if let resume { old["resumeStep"] = resume }
                if ask { old["askMoodBefore"] = true }
                if blocked { old["blocked"] = true }
                old["moodChoicesHTML"] = moodChoicesHTML
                old["signedIn"] = true
            }
            let page = ResetIntroPage(name: "Box", description: "D", scienceBenefit: "S", duration: "About 2 min", stepCount: 5, emotion: "anxious",
                                      emotionLabel: "Anxious", emotionPath: "/emotions/anxious", icon: Icon.anxious.trusted, startPath: "/resets/box/start",
                                      signUpPath: "/signup?next=%2Fresets%2Fbox", logInPath: "/login?next=%2Fresets%2Fbox", safetyNote: note,
                                      allowanceLine: signedIn ? AllowanceLine(text: "1 free reset left today", noneLeft: false) : .unlimited,
                                      resumeStep: resume, askMoodBefore: ask, blocked: blocked,
                                      moodChoices: signedIn ? MoodChoice.scale(name: "mood_before") : [])
            let html = try same(page, title: "Box", signedIn: signedIn, old: old, partials: ["resets/intro.mustache": try Self.oldIntro])
            #expect(html.contains("id=\"mood_before-7\"") == (signedIn && ask && !blocked))
        }
    }

    static func cardsAsSwiftWroteThem(_ resets: [ResetListPage.Card]) -> HTMLFragment {
        var html = HTMLFragment(capacity: 4096)
        for reset in resets {
            html.raw("  <li class=\"card reset-card\">\n    <div class=\"reset-card-head\">\n      <h2><a href=\"")
            html.escaped(reset.path); html.raw("\">"); html.escaped(reset.name)
            html.raw("</a></h2>\n      <span class=\"chip\">"); html.escaped(reset.duration)
            html.raw("</span>\n    </div>\n")
            if let organisation = reset.fromOrganisation {
                html.raw("    <p class=\"own-reset-tag\">From "); html.escaped(organisation); html.raw("</p>\n")
            }
            html.raw("    <p>"); html.escaped(reset.description); html.raw("</p>\n    <p class=\"science\">")
            html.escaped(reset.scienceBenefit); html.raw("</p>\n  </li>\n")
        }
        return html
    }

    // The templates as they were, with the markup Swift filled in through raw slots.
    static func template(_ file: String, replacing pattern: some RegexComponent, with old: String) throws -> String {
        try String(contentsOfFile: views + "/" + file, encoding: .utf8).replacing(pattern, with: old)
    }
    static func template(_ file: String, replacing text: String, with old: String) throws -> String {
        try String(contentsOfFile: views + "/" + file, encoding: .utf8).replacingOccurrences(of: text, with: old)
    }
    static var oldHome: String { get throws { try template("home/index.mustache", replacing: "{{>partials.emotion-grid}}", with: "  {{{emotionGrid}}}") } }
    static var oldList: String { get throws { try template("resets/list.mustache", replacing: #/\{\{#resets\}\}[\s\S]*\{\{/resets\}\}\n/#, with: "{{{resetsHTML}}}") } }
    static var oldIntro: String { get throws { try template("resets/intro.mustache", replacing: "        {{>partials.mood-choices}}", with: "        {{{moodChoicesHTML}}}") } }

    @Test func playerPages() throws {
        let lines = ["Breathe in <slowly>", "and out"]
        var linesHTML = HTMLFragment()
        for line in lines { linesHTML.raw("<p class=\"step-line\">"); linesHTML.escaped(line); linesHTML.raw("</p>") }
        for (number, preview) in [(1, nil), (2, ("Preview: nothing is recorded.", "/admin/resets/own/x")), (3, nil)] as [(Int, (String, String)?)] {
            var old: [String: Any] = ["resetName": "Box", "emotion": "stressed", "stepTitle": "Sit <tall>", "linesHTML": linesHTML, "number": number,
                                      "count": 3, "isLast": number == 3, "finishPath": "/runs/r/finish"]
            if number > 1 { old["backPath"] = "/runs/r/steps/\(number - 1)" }
            if number < 3 { old["continuePath"] = "/runs/r/steps/\(number + 1)" }
            if let preview { old["previewNote"] = preview.0; old["previewBackPath"] = preview.1 }
            let page = StepPage(resetName: "Box", emotion: "stressed", stepTitle: "Sit <tall>", lines: lines, number: number, count: 3,
                                finishPath: "/runs/r/finish", backPath: number > 1 ? "/runs/r/steps/\(number - 1)" : nil,
                                continuePath: number < 3 ? "/runs/r/steps/\(number + 1)" : nil, previewNote: preview?.0, previewBackPath: preview?.1)
            try same(page, title: "Step", old: old, partials: ["runs/step.mustache": try Self.template("runs/step.mustache",
                     replacing: "{{#lines}}<p class=\"step-line\">{{.}}</p>{{/lines}}", with: "{{{linesHTML}}}")])
        }
        let bubblesHTML = (1...12).map { number in
            let colour = ["pink", "purple", "blue"][number % 3], size = ["small", "medium", "large"][(number * 7) % 3]
            return "<label class=\"bubble bubble-\(colour) bubble-\(size)\"><input type=\"checkbox\" class=\"bubble-input\">"
                + "<span class=\"visually-hidden\">Pop bubble \(number)</span></label>"
        }.joined(separator: "\n    ")
        var oldBubbles = try Self.template("runs/bubbles.mustache", replacing: "{{#lines}}<p class=\"step-line\">{{.}}</p>{{/lines}}", with: "{{{linesHTML}}}")
        oldBubbles = oldBubbles.replacing(#/\{\{#bubbles\}\}[\s\S]*\{\{/bubbles\}\}/#, with: "{{{bubblesHTML}}}")
        try same(BubblesPage(emotion: "restless", stepTitle: "Pop", lines: lines, number: 1, count: 1, finishPath: "/runs/r/finish"), title: "Bubble Pop Calm",
                 old: ["emotion": "restless", "stepTitle": "Pop", "linesHTML": linesHTML, "number": 1, "count": 1, "isLast": true,
                       "finishPath": "/runs/r/finish", "bubblesHTML": bubblesHTML], partials: ["runs/bubbles.mustache": oldBubbles])
        let choices = try Self.renderer.get().render("partials/mood-choices", ["moodChoices": MoodChoice.scale(name: "mood").map {
            ["value": $0.value, "id": $0.id, "name": $0.name, "words": $0.words, "face": $0.face.markup, "checked": $0.checked] as [String: Any]
        }]) ?? ""
        for errors in [FormErrors(), Self.errors(("mood-5", "Choose a number from 1 to 10."))] {
            var old: [String: Any] = ["moodPath": "/runs/r/mood", "moodChoicesHTML": choices, "emotion": "tired"]
            if let message = errors["mood-5"] { old["moodError"] = message }
            try same(RateMoodPage(emotion: "tired", moodPath: "/runs/r/mood", moodChoices: MoodChoice.scale(name: "mood"), errors: errors),
                     title: "How do you feel now?", errors: errors, old: old,
                     partials: ["runs/mood.mustache": try Self.template("runs/mood.mustache", replacing: "{{>partials.mood-choices}}", with: "{{{moodChoicesHTML}}}")])
        }
    }

    @Test func runResultPage() throws {
        for mood in [1, 3, 8] {
            for change in [nil, "From 4 to \(mood)."] {
                let veryLow = MoodScale.isVeryLow(mood), low = MoodScale.isLow(mood) && !veryLow
                let line = veryLow ? AllowanceLine.unlimited : AllowanceLine(text: "No free resets left today", noneLeft: true)
                var old: [String: Any] = ["low": low, "veryLow": veryLow, "mood": mood, "face": MoodView.face(mood), "resetName": "Box",
                                          "emotionPath": "/emotions/tired", "whatWasDone": "You did all 5 steps <of Box>.", "dayPath": "/calendar/2026-11-25"]
                if let change { old["change"] = change }
                if veryLow {
                    old["crisisContactsHTML"] = Self.contactsAsSwiftWroteThem(Self.contacts)
                    old["breathePath"] = "/help/breathe?from=%2F"; old["groundPath"] = "/help/ground?from=%2F"; old["mayTryAnother"] = true
                } else {
                    old["allowance"] = line.text; old["noneLeft"] = line.noneLeft
                }
                let page = RunResultPage(mood: mood, face: TrustedHTML(markup: MoodView.face(mood)), resetName: "Box", emotionPath: "/emotions/tired",
                                         whatWasDone: "You did all 5 steps <of Box>.", change: change, dayPath: "/calendar/2026-11-25", low: low,
                                         veryLow: veryLow, crisisContacts: veryLow ? Self.contacts : [], breathePath: veryLow ? "/help/breathe?from=%2F" : nil,
                                         groundPath: veryLow ? "/help/ground?from=%2F" : nil, mayTryAnother: veryLow, allowanceLine: line)
                try same(page, title: "Result", old: old, partials: ["partials/crisis-contacts.mustache": "{{{crisisContactsHTML}}}"])
            }
        }
    }

    static func oldChoices(_ choices: [FormChoice]) -> [[String: Any]] {
        choices.map { ["value": $0.value, "label": $0.label, "checked": $0.checked] }
    }

    @Test func checkInPages() throws {
        let ratings = [FormChoice(value: "5", label: "Great", checked: false), FormChoice(value: "3", label: "Okay", checked: true)]
        let tags = [FormChoice(value: "work", label: "Work <stuff>", checked: true), FormChoice(value: "sleep", label: "Sleep", checked: false)]
        let offer = CheckInPage.ReflectOffer(reflectName: "Noticing a thought", reflectSteps: "3 questions, a few minutes", reflectLabel: "Reflect on today")
        for (saved, withOffer, unreadable) in [(false, false, false), (true, true, true)] {
            for errors in [FormErrors(), Self.errors(("rating", "Choose"), ("note", "Too long"))] {
                var old: [String: Any] = [
                    "heading": saved ? "Today’s check-in" : "Check in",
                    "lead": saved ? "You’ve checked in today. You can change it until the day ends." : "A moment to notice how today has been.",
                    "button": saved ? "Save changes" : "Save check-in", "ratings": Self.oldChoices(ratings), "tags": Self.oldChoices(tags),
                    "note": "a <note>", "noteLimit": 500,
                ]
                if withOffer { old["reflectName"] = offer.reflectName; old["reflectSteps"] = offer.reflectSteps; old["reflectLabel"] = offer.reflectLabel }
                if unreadable { old["wordsUnreadable"] = "Sealed" }
                try same(CheckInPage(saved: saved, ratings: ratings, tags: tags, note: "a <note>", noteLimit: 500, offer: withOffer ? offer : nil,
                                     wordsUnreadable: unreadable ? "Sealed" : nil, errors: errors), title: "Check in", errors: errors, old: old)
            }
        }
        let options = (0...10).map { ReflectionPage.Intensity.Option(value: $0, label: "\($0)", selected: $0 == 4) }
        let intensity = ReflectionPage.Intensity(heading: "How strong?", button: "Start", intensities: options)
        let asking = ReflectionPage.Asking(question: "What went <well>?", answer: "Lunch & a walk", answerLimit: 1000)
        let done = ReflectionPage.Done(change: "From 7 to 4.", answers: [.init(question: "Q1", answer: "A1"), .init(question: "Q2", answer: "")])
        for (step, mode) in [(1, 0), (2, 1), (5, 2)] {
            for earlier in [false, true] {
                let errors = step == 2 ? Self.errors(("answer", "Too long")) : FormErrors()
                var old: [String: Any] = ["kindName": "Noticing", "step": step, "stepCount": 4, "leavePath": earlier ? "/calendar/2026-11-20" : "/",
                                          "leaveLabel": "Leave for now"]
                if earlier { old["dayName"] = "Friday 20 November"; old["dayValue"] = "2026-11-20" }
                if step > 1 && step <= 4 { old["previousPath"] = "/reflection?step=\(step - 1)" }
                switch mode {
                case 0: old["intensity"] = ["heading": intensity.heading, "button": intensity.button,
                                           "intensities": options.map { ["value": $0.value, "label": $0.label, "selected": $0.selected] }]
                case 1: old["asking"] = ["question": asking.question, "answer": asking.answer, "answerLimit": asking.answerLimit]
                default: old["done"] = ["change": done.change ?? "", "answers": done.answers.map { ["question": $0.question, "answer": $0.answer, "hasAnswer": $0.hasAnswer] }]
                }
                let page = ReflectionPage(kindName: "Noticing", step: step, stepCount: 4, dayName: earlier ? "Friday 20 November" : nil,
                                          dayValue: earlier ? "2026-11-20" : nil, wordsUnreadable: nil,
                                          previousPath: step > 1 && step <= 4 ? "/reflection?step=\(step - 1)" : nil,
                                          leavePath: earlier ? "/calendar/2026-11-20" : "/", leaveLabel: "Leave for now",
                                          intensity: mode == 0 ? intensity : nil, asking: mode == 1 ? asking : nil, done: mode == 2 ? done : nil, errors: errors)
                try same(page, title: "Reflect", errors: errors, old: old)
            }
        }
    }

    @Test func insightPages() throws {
        let sections = [InsightsPage.Section(number: 1, title: "Your days <by weekday>", lines: ["Mondays: 3.5", "Fridays: 4"], notEnough: nil),
                        InsightsPage.Section(number: 2, title: "Tags", lines: [], notEnough: "A few more check-ins, please.")]
        try same(InsightsPage(sections: sections), title: "Your insights", old: ["sections": sections.map { section -> [String: Any] in
            var values: [String: Any] = ["number": section.number, "title": section.title, "lines": section.lines, "hasLines": section.hasLines]
            if let notEnough = section.notEnough { values["notEnough"] = notEnough }
            return values
        }])
        for (best, helped, last, on) in [(nil, [String](), nil, false), ("Tuesday", ["Box breathing, twice"], "Walk <more>", true)] as [(String?, [String], String?, Bool)] {
            for errors in [FormErrors(), Self.errors(("intention", "Too long"))] {
                var old: [String: Any] = ["range": "A to B", "headline": "A steady week", "helped": helped, "hasFacts": best != nil || !helped.isEmpty,
                                          "intention": "Rest", "intentionLimit": 280, "emailOn": on]
                if let best { old["bestDay"] = best }
                if let last { old["lastWeeksIntention"] = last }
                try same(DigestPage(range: "A to B", headline: "A steady week", bestDay: best, helped: helped, lastWeeksIntention: last, intention: "Rest",
                                    intentionLimit: 280, emailOn: on, errors: errors), title: "Your week", errors: errors, old: old)
            }
        }
    }
}
