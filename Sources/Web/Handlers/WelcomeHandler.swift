import Domain
import HTTPServer
import UseCases

/// The welcome: three screens by `?screen=`, and its one form (Finish saves the preferences; Skip saves nothing).
/// A new account is taken to it once, by `LogInHandler.signedIn`; Account links to it for anyone who wants it again.
enum WelcomeHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let screen = try context.query()["screen"].flatMap { WholeNumber.parse($0, in: 1...3) } ?? 1
        let account = member.account
        return try page(context, environment, member, screen: screen, timeZone: account.timeZone, theme: account.theme,
                        feelings: account.usualFeelings, errors: FormErrors())
    }

    static func save(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        if form["skip"] != nil { return .redirect(to: Route.home.path) }
        let timeZone = String((form["time_zone"] ?? "").prefix(64))
        let theme = form["theme"].flatMap(Theme.init(rawValue:)) ?? member.account.theme
        let feelings = Array(form.values("feelings").prefix(10))
        guard TimeZoneName.isValid(timeZone) else {
            var errors = FormErrors()
            errors.add("time_zone", "Choose your time zone from the list.")
            return try page(context, environment, member, screen: 3, timeZone: member.account.timeZone, theme: theme, feelings: feelings,
                            errors: errors, status: .unprocessableContent)
        }
        try environment.welcome.save(member, timeZone: timeZone, theme: theme, feelings: feelings,
                                     known: environment.library.emotions.map(\.id))
        return .redirect(to: Route.home.path + "?notice=welcome-saved")
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, screen: Int, timeZone: String,
                             theme: Theme, feelings: [String], errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let page = WelcomePage(
            screen: screen, organisation: context.scope.tenant.name, smallestGroup: max(GroupSize.floor, context.scope.tenant.settings.minimumGroupSize),
            nextPath: Route.welcome.path + "?screen=\(min(3, screen + 1))", backPath: screen > 1 ? Route.welcome.path + "?screen=\(screen - 1)" : nil,
            timeZoneOptions: screen == 3 ? environment.timeZoneOptions.selecting(timeZone) : HTMLFragment(),
            themes: AccountAppearancePage(chosen: theme, weekStartsOnSunday: false, errors: FormErrors()).themes,
            feelings: environment.library.emotions.map { FormChoice(value: $0.id, label: $0.label, checked: feelings.contains($0.id)) },
            errors: errors)
        return try environment.render(page, title: "Welcome", errors: errors, context: context, status: status)
    }
}
