import Domain
import HTTPServer
import UseCases

/// The emotion selector, the list of resets for an emotion, a reset's introduction and starting it.
enum ResetsHandler {
    static func home(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        var unfinished: [HomePage.Unfinished] = [], allowance = AllowanceLine.unlimited, day: HomePage.Today?
        var emotions = environment.emotionCards
        if let member = context.scope.member {
            // The feelings the member said come up most lead, in the library's order; the rest follow as they were.
            let usual = member.account.usualFeelings
            if !usual.isEmpty { emotions = emotions.filter { usual.contains($0.id) } + emotions.filter { !usual.contains($0.id) } }
            let today = try environment.today(member)
            allowance = AllowanceLine(today.allowance)
            unfinished = today.unfinished.prefix(3).map { run, reset in
                HomePage.Unfinished(name: reset.name, step: min(run.stepsReached, reset.steps.count), count: reset.steps.count,
                                    path: Route.runStep(run.typedID, min(max(1, run.stepsReached), reset.steps.count)).path)
            }
            // The rating alone (nothing sealed is opened for the home page); while the app lock is closed, none of it.
            let greeting = Greeting.at(hour: environment.runs.hour(member))
            if context.session?.locked == true {
                day = HomePage.Today(greeting: greeting, checkedIn: nil, checkInFaces: [], lastMood: nil, glimmer: nil, allowance: allowance.text,
                                     unlockPath: Route.unlock.path + "?next=" + PercentEncoding.encode(Route.home.path))
            } else {
                let home = try environment.homeDay(member)
                let checkedIn = home.checkedIn
                day = HomePage.Today(greeting: greeting, checkedIn: checkedIn?.label, checkInFaces: checkedIn == nil ? CheckInFace.all() : [],
                                     lastMood: today.lastMood.map { "\($0) of 10, \(MoodScale.words(for: $0).lowercased())" },
                                     glimmer: home.glimmer.map(GlimmersHandler.item), allowance: allowance.text, unlockPath: nil)
            }
        }
        let page = HomePage(messages: try TeamMessages.unseen(context, environment), emotions: emotions,
                            unfinished: unfinished, allowanceLine: allowance, today: day)
        return try environment.render(page, title: nil, context: context)
    }

    static func list(_ context: RequestContext, _ environment: AppEnvironment, _ emotion: String) throws -> Response {
        guard let emotion = environment.library.emotion(id: emotion) else { throw WebError.notFound }
        let organisation = context.scope.tenant.name
        let resets = try environment.resetChoices.resets(context.scope, for: emotion.id).map { reset in
            ResetListPage.Card(path: Route.reset(reset.id).path, name: reset.name, duration: duration(reset.durationSeconds),
                               fromOrganisation: ResetChoices.isOrganisations(reset) ? organisation : nil, description: reset.description,
                               scienceBenefit: reset.scienceBenefit)
        }
        let page = ResetListPage(emotion: emotion.id, label: emotion.label, description: emotion.description,
                                 icon: TrustedHTML(markup: Icon(rawValue: emotion.id)?.svg ?? ""), resets: resets,
                                 allowanceLine: try allowance(context, environment))
        return try environment.render(page, title: "\(emotion.label) resets", context: context)
    }

    static func intro(_ context: RequestContext, _ environment: AppEnvironment, _ id: String) throws -> Response {
        guard let reset = try environment.resetChoices.reset(context.scope, id: id),
              let emotion = environment.library.emotion(id: reset.emotion) else { throw WebError.notFound }
        let here = Route.reset(reset.id).path
        var allowance = AllowanceLine.unlimited, resumeStep: Int?, askMoodBefore = false, blocked = false
        if let member = context.scope.member {
            let today = try environment.today(member)
            allowance = AllowanceLine(today.allowance)
            if let (run, _) = today.unfinished.first(where: { $0.1.id == reset.id }) {
                // Starting again carries on where the person stopped, at no cost.
                resumeStep = min(max(1, run.stepsReached), reset.steps.count)
                askMoodBefore = run.moodBefore == nil
            } else if allowance.noneLeft {
                blocked = true
            } else {
                askMoodBefore = true
            }
        }
        let page = ResetIntroPage(
            name: reset.name, description: reset.description, scienceBenefit: reset.scienceBenefit, duration: duration(reset.durationSeconds),
            stepCount: reset.steps.count, emotion: emotion.id, emotionLabel: emotion.label, emotionPath: Route.emotion(emotion.id).path,
            icon: TrustedHTML(markup: Icon(rawValue: emotion.id)?.svg ?? ""), startPath: Route.resetStart(reset.id).path,
            signUpPath: Route.signUp.path + "?next=" + PercentEncoding.encode(here), logInPath: Route.logIn.path + "?next=" + PercentEncoding.encode(here),
            safetyNote: reset.safetyNote, allowanceLine: allowance, resumeStep: resumeStep, askMoodBefore: askMoodBefore, blocked: blocked,
            moodScale: context.scope.member == nil ? HTMLFragment() : MoodScaleOptions.moodBefore.unselected)
        return try environment.render(page, title: reset.name, context: context)
    }

    /// Creates a run and goes to its first step, or carries on with today's unfinished run of the same reset.
    /// Signed out, the visitor is sent to log in and back here.
    static func start(_ context: RequestContext, _ environment: AppEnvironment, _ id: String) throws -> Response {
        guard let reset = try environment.resetChoices.reset(context.scope, id: id) else { throw WebError.notFound }
        guard let member = context.scope.member else {
            return .redirect(to: Route.logIn.path + "?next=" + PercentEncoding.encode(Route.reset(reset.id).path))
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
        case .started(let run): return .redirect(to: Route.runStep(run, 1).path)
        case .resumed(let run, let step): return .redirect(to: Route.runStep(run, step).path)
        case .limitReached: return .redirect(to: Route.paywall.path)
        }
    }

    /// "2 free resets left today", said plainly and only to people with a limit.
    static func allowance(_ context: RequestContext, _ environment: AppEnvironment) throws -> AllowanceLine {
        guard let member = context.scope.member else { return .unlimited }
        return AllowanceLine(try environment.today(member).allowance)
    }

    /// "About 2 min": the brief's durations, rounded to the nearest minute and worded one way everywhere.
    static func duration(_ seconds: Int) -> String {
        "About " + DurationWords.approximately(seconds: seconds)
    }
}
