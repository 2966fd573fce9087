import Domain
import HTTPServer
import UseCases

/// The emotion selector, the list of resets for an emotion, a reset's introduction and starting it.
enum ResetsHandler {
    static func home(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        var values: [String: Any] = ["emotionGrid": environment.fragments.fragment("partials/emotion-grid", renderer: environment.renderer) {
            ["emotions": emotionCards(environment.library)]
        }]
        values.merge(try SafeguardingViews.teamMessages(context, environment)) { $1 }
        if let member = context.scope.member {
            let today = try environment.runs.today(member)
            values.merge(allowanceValues(today.allowance)) { $1 }
            let unfinished = today.unfinished.prefix(3).map { run, reset in
                ["name": reset.name, "emotion": reset.emotion, "step": min(run.stepsReached, reset.steps.count), "count": reset.steps.count,
                 "path": Paths.runStep(run.typedID, min(max(1, run.stepsReached), reset.steps.count))] as [String: Any]
            }
            if !unfinished.isEmpty { values["unfinished"] = unfinished; values["hasUnfinished"] = true }
        }
        return try environment.render("home/index", title: nil, values, context: context)
    }

    /// The five emotions' cards never change, so their view data is made once.
    private static func emotionCards(_ library: ResetLibrary) -> [[String: Any]] {
        library.emotions.map { emotion in
            ["id": emotion.id, "label": emotion.label, "description": emotion.description, "path": Paths.emotion(emotion.id),
             "icon": Icon(rawValue: emotion.id)?.svg ?? ""] as [String: Any]
        }
    }

    static func list(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        guard let emotion = environment.library.emotion(id: try context.parameter("emotion")) else { throw WebError.notFound }
        let resets = try environment.resetChoices.resets(context.scope, for: emotion.id)
        var values: [String: Any] = ["emotion": emotion.id, "label": emotion.label, "description": emotion.description,
                                     "resetsHTML": cardsHTML(resets, organisation: context.scope.tenant.name),
                                     "icon": Icon(rawValue: emotion.id)?.svg ?? ""]
        values.merge(try allowanceValues(context, environment)) { $1 }
        return try environment.render("resets/list", title: "\(emotion.label) resets", values, context: context)
    }

    /// The list's cards, written here rather than as a template section: each card's seven lookups through the
    /// template engine cost more than the rest of the page (a profile of /emotions/stressed).
    static func cardsHTML(_ resets: [Reset], organisation: String) -> HTMLFragment {
        var html = HTMLFragment(capacity: 4096)
        for reset in resets {
            html.raw("  <li class=\"card reset-card\">\n    <div class=\"reset-card-head\">\n      <h2><a href=\"")
            html.escaped(Paths.reset(reset.id)); html.raw("\">"); html.escaped(reset.name)
            html.raw("</a></h2>\n      <span class=\"chip\">"); html.escaped(duration(reset.durationSeconds))
            html.raw("</span>\n    </div>\n")
            if ResetChoices.isOrganisations(reset) {
                html.raw("    <p class=\"own-reset-tag\">From "); html.escaped(organisation); html.raw("</p>\n")
            }
            html.raw("    <p>"); html.escaped(reset.description); html.raw("</p>\n    <p class=\"science\">")
            html.escaped(reset.scienceBenefit); html.raw("</p>\n  </li>\n")
        }
        return html
    }

    static func intro(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        guard let reset = try environment.resetChoices.reset(context.scope, id: try context.parameter("id")),
              let emotion = environment.library.emotion(id: reset.emotion) else { throw WebError.notFound }
        let here = Paths.reset(reset.id)
        var values: [String: Any] = [
            "name": reset.name, "description": reset.description, "scienceBenefit": reset.scienceBenefit,
            "duration": duration(reset.durationSeconds), "stepCount": reset.steps.count, "emotion": emotion.id,
            "emotionLabel": emotion.label, "emotionPath": Paths.emotion(emotion.id), "startPath": Paths.resetStart(reset.id),
            "signUpPath": Paths.signUp + "?next=" + PercentEncoding.encode(here),
            "logInPath": Paths.logIn + "?next=" + PercentEncoding.encode(here),
            "icon": Icon(rawValue: emotion.id)?.svg ?? "",
        ]
        if let note = reset.safetyNote { values["safetyNote"] = note }
        if let member = context.scope.member {
            let today = try environment.runs.today(member)
            values.merge(allowanceValues(today.allowance)) { $1 }
            if let (run, _) = today.unfinished.first(where: { $0.1.id == reset.id }) {
                // Starting again carries on where the person stopped, at no cost.
                values["resumeStep"] = min(max(1, run.stepsReached), reset.steps.count)
                if run.moodBefore == nil { values["askMoodBefore"] = true }
            } else if values["noneLeft"] as? Bool == true {
                values["blocked"] = true
            } else {
                values["askMoodBefore"] = true
            }
            values["moodChoicesHTML"] = MoodView.choicesHTML(name: "mood_before", environment)
        }
        return try environment.render("resets/intro", title: reset.name, values, context: context)
    }

    /// Creates a run and goes to its first step, or carries on with today's unfinished run of the same reset.
    /// Signed out, the visitor is sent to log in and back here.
    static func start(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        guard let reset = try environment.resetChoices.reset(context.scope, id: try context.parameter("id")) else { throw WebError.notFound }
        guard let member = context.scope.member else {
            return .redirect(to: Paths.logIn + "?next=" + PercentEncoding.encode(Paths.reset(reset.id)))
        }
        var moodBefore: Int?
        if let typed = try context.form()["mood_before"], !typed.isEmpty {
            guard let mood = WholeNumber.parse(typed, in: MoodScale.range) else {
                throw WebError.badRequest("How you feel before a reset is a number from 1 to 10, or can be left out.")
            }
            moodBefore = mood
        }
        // The daily free-reset limit is decided inside the start's transaction, never from what the browser says.
        switch try environment.runs.start(member, reset: reset, moodBefore: moodBefore) {
        case .started(let run): return .redirect(to: Paths.runStep(run, 1))
        case .resumed(let run, let step): return .redirect(to: Paths.runStep(run, step))
        case .limitReached: return .redirect(to: Paths.paywall)
        }
    }

    /// "2 free resets left today", said plainly and only to people with a limit.
    static func allowanceValues(_ context: RequestContext, _ environment: AppEnvironment) throws -> [String: Any] {
        guard let member = context.scope.member else { return [:] }
        return allowanceValues(try environment.runs.allowance(member))
    }

    static func allowanceValues(_ allowance: Allowance) -> [String: Any] {
        guard case .remaining(let left, _) = allowance else { return [:] }
        return ["allowance": left == 0 ? "No free resets left today" : "\(left) free reset\(left == 1 ? "" : "s") left today",
                "noneLeft": left == 0]
    }

    /// "About 2 min": the brief's durations, rounded to the nearest minute and worded one way everywhere.
    static func duration(_ seconds: Int) -> String {
        "About \(max(1, (seconds + 30) / 60)) min"
    }
}
