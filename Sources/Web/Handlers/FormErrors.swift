import UseCases

/// Problems with a submitted form, by field, in the order the fields appear. Pages show a summary at the
/// top that links to each field, and each message again beside its field.
struct FormErrors {
    private(set) var items: [(field: String, message: String)] = []

    var isEmpty: Bool { items.isEmpty }

    mutating func add(_ field: String, _ message: String) {
        items.append((field, message))
    }

    /// The first message for `field`, shown beside it; nil when it is fine.
    subscript(field: String) -> String? { items.first { $0.field == field }?.message }

    /// One line of the summary, for compiled views: `{{#errors}}<a href="#{{field}}">{{message}}</a>{{/errors}}`.
    struct Item {
        let field: String
        let message: String
    }

    var summary: [Item] { items.map { Item(field: $0.field, message: $0.message) } }

    /// Runs a use case's change and returns its result, or nil when the use case refused what the form asked for: its
    /// field errors are added here as they are, and a conflict is added against `field`, so the page can be shown again
    /// with what the person typed. Anything else it throws goes on to its own page.
    mutating func attempt<T>(_ field: String, _ change: () throws -> T) throws -> T? {
        do {
            return try change()
        } catch UseCaseError.conflict(let reason) {
            add(field, reason)
        } catch UseCaseError.invalid(let problems) {
            for problem in problems { add(problem.field, problem.message) }
        }
        return nil
    }
}

/// Short confirmations shown after a redirect, chosen by a fixed key so a link cannot put words on the page.
enum Notice {
    static let messages: [String: String] = [
        "password-changed": "Your password has been changed. Any other devices have been signed out.",
        "passkey-added": "Your passkey has been added. Next time, you can sign in with it.",
        "passkey-removed": "The passkey has been removed. It can no longer sign in here.",
        "first-passkey-asked": "We’ve asked your organisation’s other admins to approve your passkey. Once one does, we’ll email you a link to add it.",
        "first-passkey-ready": "Thank you. You can add your passkey now, within the next few minutes.",
        "first-passkey-approved": "Approved. We’ve emailed them a link to add their passkey.",
        "lock-saved": "Your app lock has been saved.",
        "reminders-saved": "Your reminders have been saved.",
        "device-added": "This device will show your reminders.",
        "device-removed": "That device will no longer show your reminders.",
        "test-sent": "A test notification is on its way to your devices.",
        "time-zone-saved": "Your time zone has been saved.",
        "email-changed": "Your email address has been changed.",
        "subscribed": "Thank you. Your subscription is active: unlimited resets, whenever you need them.",
        "card-declined": "Your card was declined, so nothing was charged. You can try another card.",
        "cancelled": "Your subscription is cancelled. It stays active until the end of this period.",
        "resumed": "Your subscription will carry on renewing.",
        "week-start-saved": "Your calendar’s week start has been saved.",
        "checked-in": "Thank you for checking in.",
        "setback-logged": "Logged. Naming it is a brave first step: be gentle with yourself today.",
        "setback-saved": "Your changes have been saved.",
        "setback-deleted": "The setback has been deleted, with its note.",
        "moved-on": "Marked as moved on. However long it took, you got there.",
        "not-yet": "That’s all right. It’s back with the others until you’re ready.",
        "step-done": "You did it. Small brave steps add up.",
        "step-skipped": "That’s fine. There’s another one tomorrow.",
        "practice-mood-saved": "Thank you. It’s kept with this practice.",
        "glimmer-kept": "Kept. A small good moment, saved for later.",
        "glimmer-saved": "Your glimmer has been saved.",
        "glimmer-deleted": "The glimmer has been deleted.",
        "worry-parked": "Parked for worry time. You can put it down until then.",
        "worry-action": "It’s on your list of actions, with a small first step.",
        "worry-written": "Written down. When you’re ready, sort it with one question.",
        "worry-let-go": "Let go. Well done for making room.",
        "worry-kept": "Kept for tomorrow’s worry time.",
        "worry-deleted": "The worry has been deleted.",
        "worry-time-saved": "Your worry time has been saved.",
        "worry-time-cleared": "Your worry time has been cleared.",
        "action-done": "Done. That first step counts.",
        "action-not-done": "It’s back on your list.",
        "welcome-saved": "Your preferences have been saved. Welcome to Resett.",
        "intention-saved": "Your intention has been saved. It will be here next week.",
        "digest-email-on": "You’ll get a link to your week by email each week.",
        "digest-email-off": "The weekly email has stopped.",
        "posted": "Thank you for sharing.",
        "post-deleted": "Your post has been deleted.",
        "reported": "Thank you for telling us. A moderator will take a look.",
        "moderated": "Done. It’s in the audit log.",
        "reached-out": "Your message is on its way. They’ll see it, with the crisis contacts, next time they visit.",
        "escalated": "Recorded: the safeguarding lead has been contacted.",
        "noted": "Your note has been saved.",
        "assigned": "It’s yours. Others can see you’ve taken it on.",
        "unassigned": "You’ve let it go; it’s back with the team.",
        "contact-saved": "The crisis contacts have been saved.",
        "words-saved": "The watched words have been saved.",
        "tags-saved": "The check-in tags have been saved.",
        "group-size-saved": "The smallest group has been saved.",
        "joining-saved": "Who may join has been saved.",
        "sign-on-saved": "Single sign-on has been saved. Try it from the log-in page in a private window.",
        "sign-on-removed": "Single sign-on is off. Everyone can log in with their password or an emailed link.",
        "logo-saved": "The logo has been saved.",
        "resets-saved": "The resets your members see have been saved.",
        "resets-ordered": "The order has been saved.",
        "reset-written": "Your reset has been saved as a draft. Preview it in the player, then publish it when it’s ready.",
        "reset-saved": "Your changes have been saved.",
        "reset-published": "Published. Your members can find it under its feeling now.",
        "reset-unpublished": "Unpublished. Members no longer see it; anyone part-way through can still finish.",
        "reset-deleted": "The draft has been deleted.",
        "logo-removed": "The logo has been removed.",
        "token-revoked": "The token has been revoked. Requests with it are now refused.",
        "invitation-withdrawn": "The invitation link has been withdrawn. It no longer works.",
        "message-read": "Thank you. We’re glad you’re here.",
        "role-saved": "The role has been changed.",
        "settings-saved": "Your organisation’s settings have been saved.",
        "discretion-saved": "Your choices for when others are nearby have been saved.",
        "theme-saved": "Your choice of appearance has been saved.",
        "password-reset": "Your password has been reset. Please log in with your new password.",
        "password-reset-passkeys": "Your password has been reset. For your safety, any passkey added since you last confirmed it was you by email or with your organisation’s sign-in has been removed. Please log in with your new password, then add your passkeys again.",
        "signed-out-others": "You’ve been signed out everywhere else.",
        "signed-out-device": "That device has been signed out.",
        "signed-out-for-safety": "For your account’s safety you’ve been signed out after several wrong passwords. Please log in again.",
    ]

    /// The confirmation the page's `?notice=` names, if it names one.
    static func message(_ context: RequestContext) -> String? {
        guard let key = try? context.query()["notice"] else { return nil }
        return messages[key]
    }
}
