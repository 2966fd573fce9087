import Domain
import HTTPServer
import UseCases

/// GET /insights/week: the last seven days, last week's intention and a field for the next; POSTs save the intention
/// and turn the weekly email (a link only) on or off.
enum DigestHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try page(context, environment, member: member, errors: FormErrors(), typed: nil)
    }

    static func saveIntention(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let text = try context.form()["intention"] ?? ""
        var errors = FormErrors()
        do {
            try environment.weeklyDigest.setIntention(member, text)
            return .redirect(to: Route.digest.path + "?notice=intention-saved")
        } catch WeeklyDigest.Problem.tooLong {
            errors.add("intention", "Please keep it to \(WeeklyDigest.intentionLimit) characters or fewer.")
        } catch WeeklyDigest.Problem.wordsCannotBeKept {
            errors.add("intention", "This service can’t keep written words safely yet, so your intention can’t be saved.")
        }
        return try page(context, environment, member: member, errors: errors, typed: String(text.prefix(WeeklyDigest.intentionLimit * 2)),
                        status: .unprocessableContent)
    }

    static func setEmail(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let choice = try context.form()["email"]
        guard choice == "on" || choice == "off" else { throw WebError.badRequest("Choose on or off.") }
        try environment.weeklyDigest.setEmail(member, on: choice == "on")
        return .redirect(to: Route.digest.path + "?notice=" + (choice == "on" ? "digest-email-on" : "digest-email-off"))
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, errors: FormErrors, typed: String?,
                             status: HTTPStatus = .ok) throws -> Response {
        let names = try environment.resetChoices.names(context.scope.tenant)
        let today = environment.checkIns.today(member)
        let page = try environment.weeklyDigest.page(member, runs: try environment.moodHistory.runs(member, from: today.adding(days: -6), through: today),
                                                     resetNames: names)
        let digest = page.digest
        let view = DigestPage(range: "\(digest.from.longText) to \(digest.through.longText)", headline: digest.headline, bestDay: digest.bestDay,
                              helped: digest.helped, chart: BarChart(digest.days, zeroIsNone: true) { _, rating in rating * 2 },
                              chartWords: "Check-ins, day by day: " + digest.days.map { day in
                                  "\(day.label) " + (CheckInRating(rawValue: day.value)?.label.lowercased() ?? "none")
                              }.joined(separator: ", ") + ".",
                              lastWeeksIntention: page.lastWeeksIntention, intention: typed ?? page.intention,
                              intentionLimit: WeeklyDigest.intentionLimit, emailOn: page.emailOn, errors: errors)
        return try environment.render(view, title: "Your week", errors: errors, context: context, status: status)
    }
}
