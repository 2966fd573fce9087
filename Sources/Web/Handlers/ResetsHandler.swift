import Domain
import HTTPServer
import UseCases

/// The emotion selector, the list of resets for an emotion, a reset's introduction and starting it.
enum ResetsHandler {
    static func home(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let library = environment.library
        let emotions = library.emotions.map { emotion in
            ["id": emotion.id, "label": emotion.label, "description": emotion.description, "path": Paths.emotion(emotion.id),
             "count": library.resets(for: emotion.id).count] as [String: Any]
        }
        var values: [String: Any] = ["emotions": emotions]
        values.merge(try SafeguardingViews.teamMessages(context, environment)) { $1 }
        return try environment.render("home/index", title: nil, values, context: context)
    }

    static func list(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        guard let emotion = environment.library.emotion(id: try context.parameter("emotion")) else { throw WebError.notFound }
        let resets = environment.library.resets(for: emotion.id).map { reset in
            ["name": reset.name, "description": reset.description, "scienceBenefit": reset.scienceBenefit,
             "duration": duration(reset.durationSeconds), "path": Paths.reset(reset.id)] as [String: Any]
        }
        var values: [String: Any] = ["emotion": emotion.id, "label": emotion.label, "description": emotion.description,
                                     "resets": resets]
        values.merge(try allowanceValues(context, environment)) { $1 }
        return try environment.render("resets/list", title: "\(emotion.label) Resets", values, context: context)
    }

    static func intro(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        guard let reset = environment.library.reset(id: try context.parameter("id")),
              let emotion = environment.library.emotion(id: reset.emotion) else { throw WebError.notFound }
        let here = Paths.reset(reset.id)
        var values: [String: Any] = [
            "name": reset.name, "description": reset.description, "scienceBenefit": reset.scienceBenefit,
            "duration": duration(reset.durationSeconds), "stepCount": reset.steps.count, "emotion": emotion.id,
            "emotionLabel": emotion.label, "emotionPath": Paths.emotion(emotion.id), "startPath": Paths.resetStart(reset.id),
            "signUpPath": Paths.signUp + "?next=" + PercentEncoding.encode(here),
            "logInPath": Paths.logIn + "?next=" + PercentEncoding.encode(here),
        ]
        if let note = reset.safetyNote { values["safetyNote"] = note }
        values.merge(try allowanceValues(context, environment)) { $1 }
        return try environment.render("resets/intro", title: reset.name, values, context: context)
    }

    /// Creates a run and goes to its first step. Signed out, the visitor is sent to log in and back here.
    static func start(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        guard let reset = environment.library.reset(id: try context.parameter("id")) else { throw WebError.notFound }
        guard let member = context.scope.member else {
            return .redirect(to: Paths.logIn + "?next=" + PercentEncoding.encode(Paths.reset(reset.id)))
        }
        // The daily free-reset limit is decided inside the start's transaction, never from what the browser says.
        guard let run = try environment.runs.start(member, reset: reset) else { return .redirect(to: Paths.paywall) }
        return .redirect(to: Paths.runStep(run, 1))
    }

    /// "2 free resets left today", said plainly and only to people with a limit.
    static func allowanceValues(_ context: RequestContext, _ environment: AppEnvironment) throws -> [String: Any] {
        guard let member = context.scope.member, case .remaining(let left, _) = try environment.runs.allowance(member) else { return [:] }
        return ["allowance": left == 0 ? "No free resets left today" : "\(left) free reset\(left == 1 ? "" : "s") left today",
                "noneLeft": left == 0]
    }

    /// "About 2 minutes", "About 75 seconds": the brief's durations, said plainly.
    static func duration(_ seconds: Int) -> String {
        seconds % 60 == 0 ? "About \(seconds / 60) minute\(seconds == 60 ? "" : "s")" : "About \(seconds) seconds"
    }
}
