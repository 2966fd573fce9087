import Cryptography
import Domain
import HTTPServer
import UseCases

/// Account → Reminders, and a reminder email's one-click "turn this off" (RFC 8058), which needs no session: the link's
/// signature is its proof.
enum RemindersHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try page(context, environment, member, settings: try environment.reminders.settings(member), errors: FormErrors())
    }

    static func page(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, settings: Reminders.Settings,
                     errors: FormErrors, typed: (checkIn: String, quietStart: String, quietEnd: String)? = nil) throws -> Response {
        let devices = environment.reminderDevices
        let rows = try devices.list(member).map { RemindersPage.DeviceRow($0, timeZone: member.account.timeZone) }
        let page = RemindersPage(settings: settings, devices: .init(applicationServerKey: devices.applicationServerKey, organisation: member.tenant.name,
                                                                    rows: rows), errors: errors, typed: typed)
        return try environment.render(page, title: "Reminders", errors: errors, context: context,
                                      status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    static func save(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        var settings = try environment.reminders.settings(member)
        settings.checkIn = form["checkIn"] == "on"
        settings.worryTime = form["worryTime"] == "on"
        settings.setback = form["setback"] == "on"
        settings.digest = form["digest"] == "on"
        // Only a form that showed the email switch changes it (a form without it leaves email as it was).
        if form["channels"] != nil { settings.byEmail = form["byEmail"] == "on" }
        let typed = (checkIn: String((form["checkInTime"] ?? "").prefix(20)), quietStart: String((form["quietStart"] ?? "").prefix(20)),
                     quietEnd: String((form["quietEnd"] ?? "").prefix(20)))
        var errors = FormErrors()
        if let minute = WorryTime.minute(of: typed.checkIn) { settings.checkInMinute = minute } else if settings.checkIn || !typed.checkIn.isEmpty {
            errors.add("checkInTime", "Choose a time like 09:00.")
        }
        if let start = WorryTime.minute(of: typed.quietStart), let end = WorryTime.minute(of: typed.quietEnd) {
            if let quiet = QuietHours(startMinute: start, endMinute: end) { settings.quiet = quiet } else {
                errors.add("quietStart", "Quiet hours need to start and end at different times.")
            }
        } else {
            errors.add("quietStart", "Choose quiet hours like 22:00 to 08:00.")
        }
        guard errors.isEmpty else { return try page(context, environment, member, settings: settings, errors: errors, typed: typed) }
        try environment.reminders.save(member, settings)
        return .redirect(to: Route.accountReminders.path + "?notice=reminders-saved")
    }

    // MARK: Devices (Web Push)

    /// The browser's subscription, sent by our script once the member pressed "Allow notifications on this device" and
    /// their browser asked its own permission.
    static func addDevice(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let name = Authentication.device(context.request.headers["User-Agent"])
        let result = try environment.reminderDevices.add(member, endpoint: form["endpoint"] ?? "", p256dh: form["p256dh"] ?? "",
                                                         auth: form["auth"] ?? "", name: name)
        guard case .failure(let refusal) = result else { return .redirect(to: Route.accountReminders.path + "?notice=device-added") }
        let message = switch refusal {
        case .unavailable: "Notifications are not available here; your reminders can come by email."
        case .notASubscription, .notPublic: "Your browser’s notification service could not be used. Email reminders still work."
        case .tooMany: "You have 10 devices showing reminders. Remove one you no longer use, then try again."
        }
        var errors = FormErrors()
        errors.add("devices", message)
        return try page(context, environment, member, settings: try environment.reminders.settings(member), errors: errors)
    }

    static func removeDevice(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: PushDeviceID) throws -> Response {
        guard try environment.reminderDevices.remove(member, id: id) else { throw WebError.notFound }
        return .redirect(to: Route.accountReminders.path + "?notice=device-removed")
    }

    static func testDevices(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let url = environment.configuration.absoluteURL(Route.accountReminders.path, for: member.tenant)
        guard try environment.reminderDevices.sendTest(member, url: url) > 0 else { return .redirect(to: Route.accountReminders.path) }
        return .redirect(to: Route.accountReminders.path + "?notice=test-sent")
    }

    /// The link's page: a button that turns the reminder off (a GET changes nothing, so a mail scanner cannot).
    static func confirmOff(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let link = try offLink(context)
        guard link.isGenuine(for: context.scope.tenant) else { throw WebError.notFound }
        return try environment.render(ReminderOffPage(state: .asking, reminder: ReminderOffPage.name(link.kind), action: context.request.target),
                                      title: "Turn off a reminder", context: context)
    }

    /// The one click: `List-Unsubscribe=One-Click` from a mail client, or the page's button. A forged link is not found;
    /// a genuine one for a reminder already off, or turned on again since, says so and changes nothing.
    static func turnOff(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let link = try offLink(context)
        let name = ReminderOffPage.name(link.kind)
        switch try environment.reminders.turnOff(context.scope.tenant, link) {
        case .forged: throw WebError.notFound
        case .turnedOff:
            return try environment.render(ReminderOffPage(state: .turnedOff, reminder: name, action: ""), title: "Reminder turned off", context: context)
        case .noLongerApplies:
            return try environment.render(ReminderOffPage(state: .noLongerApplies, reminder: name, action: ""), title: "This link has been used",
                                          context: context, status: .gone)
        }
    }

    private static func offLink(_ context: RequestContext) throws -> Reminders.OffLink {
        let query = try context.query()
        guard let account = query["account"].flatMap(AccountID.init), let kind = query["r"].flatMap({ ReminderKind(linkCode: $0) }),
              let version = query["v"].flatMap({ WholeNumber.parse($0, in: 1...1_000_000) }), let signature = query["sig"],
              Hex.isLowercase(signature, length: 64) else { throw WebError.notFound }
        return Reminders.OffLink(accountID: account, kind: kind, version: version, signature: signature)
    }
}
