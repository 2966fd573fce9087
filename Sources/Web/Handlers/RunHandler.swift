import Domain
import HTTPServer
import UseCases

/// Playing a run: its steps, finishing it, the mood rating and what comes after.
/// A run belongs to one person in one tenant; for anyone else it does not exist (404).
enum RunHandler {
    static func step(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ run: RunID, _ step: Int) throws -> Response {
        let (run, reset) = try environment.runs.run(member, run)
        guard (1...reset.steps.count).contains(step) else { throw WebError.notFound }
        let number = step
        if run.isFinished { return .redirect(to: run.mood == nil ? Route.runMood(run.typedID).path : Route.runResult(run.typedID).path) }
        // Going past the first step is when a run starts to use a free reset; with none left, the paywall says so.
        // (A step already reached needs no write: going back and forth costs nothing.)
        if number > run.stepsReached, !(try environment.runs.reach(member, run, step: number)) { return .redirect(to: Route.paywall.path) }
        return try stepPage(context, environment, reset: reset, number: number, finishPath: Route.runFinish(run.typedID).path) {
            Route.runStep(run.typedID, $0).path
        }
    }

    /// One step in the player, for a run or for an admin's preview of a reset they wrote: the same page either way.
    static func stepPage(_ context: RequestContext, _ environment: AppEnvironment, reset: Reset, number: Int, finishPath: String,
                         preview: (note: String, backPath: String)? = nil, stepPath: (Int) -> String) throws -> Response {
        let step = reset.steps[number - 1]
        if reset.interactive {
            let page = BubblesPage(emotion: reset.emotion, stepTitle: step.title, lines: step.lines, number: number, count: reset.steps.count,
                                   finishPath: finishPath)
            return try environment.render(page, title: reset.name, context: context)
        }
        let page = StepPage(resetName: reset.name, emotion: reset.emotion, stepTitle: step.title, lines: step.lines, cue: step.cue, number: number,
                            count: reset.steps.count, finishPath: finishPath, backPath: number > 1 ? stepPath(number - 1) : nil,
                            continuePath: number < reset.steps.count ? stepPath(number + 1) : nil, previewNote: preview?.note,
                            previewBackPath: preview?.backPath)
        return try environment.render(page, title: "Step \(number) of \(reset.steps.count) – \(reset.name)", context: context)
    }

    /// "Finish" (from the last step) or "Finish early" (from any other). A second press changes nothing.
    static func finish(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ run: RunID) throws -> Response {
        let (run, _) = try environment.runs.run(member, run)
        try environment.runs.finish(member, run, completed: try context.form()["outcome"] == RunOutcome.completed.rawValue)
        return .redirect(to: run.mood == nil ? Route.runMood(run.typedID).path : Route.runResult(run.typedID).path)
    }

    static func showMood(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ run: RunID) throws -> Response {
        let (run, _) = try environment.runs.run(member, run)
        guard run.isFinished else { return .redirect(to: Route.runStep(run.typedID, run.stepsReached).path) }
        if run.mood != nil { return .redirect(to: Route.runResult(run.typedID).path) }
        return try moodPage(context, environment, run: run, errors: FormErrors())
    }

    static func rate(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ run: RunID) throws -> Response {
        let (run, _) = try environment.runs.run(member, run)
        guard run.isFinished else { throw WebError.conflict("This reset hasn’t finished yet, so it can’t be rated.") }
        guard run.mood == nil else { throw WebError.conflict("You’ve already told us how you felt after this reset.") }
        guard let mood = WholeNumber.parse(try context.form()["mood"] ?? "", in: MoodScale.range) else {
            var errors = FormErrors()
            errors.add("mood-5", "Choose a number from 1 to 10.")
            return try moodPage(context, environment, run: run, errors: errors, status: .unprocessableContent)
        }
        try environment.runs.rate(member, run, mood: mood)
        return .redirect(to: Route.runResult(run.typedID).path)
    }

    static func result(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ run: RunID) throws -> Response {
        let (run, reset) = try environment.runs.run(member, run)
        guard let mood = run.mood else { return .redirect(to: run.isFinished ? Route.runMood(run.typedID).path : Route.runStep(run.typedID, 1).path) }
        let low = MoodScale.isLow(mood), veryLow = MoodScale.isVeryLow(mood)
        let change = run.moodBefore.map { MoodScale.change(from: $0, to: mood) }
        var contacts: [CrisisContact] = [], breathePath: String?, groundPath: String?, mayTryAnother = false, allowance = AllowanceLine.unlimited
        if veryLow {
            // Help a person can act on comes first; the paywall never does.
            contacts = try environment.safeguarding.contacts(context.scope)
            let from = try HelpHandler.from(context)
            breathePath = Route.help(.helpBreathe, from: from)
            groundPath = Route.help(.helpGround, from: from)
            if case .remaining(0, _)? = try? environment.today(member).allowance {} else { mayTryAnother = true }
        } else {
            allowance = try ResetsHandler.allowance(context, environment)
        }
        let page = RunResultPage(mood: mood, emotion: reset.emotion, face: TrustedHTML(markup: MoodView.face(mood)), resetName: reset.name,
                                 emotionPath: Route.emotion(run.emotion).path, whatWasDone: whatWasDone(run, reset), change: change,
                                 dayPath: Day(run.localDay).map { Route.calendarDay($0).path } ?? Route.calendar.path, low: low && !veryLow, veryLow: veryLow,
                                 crisisContacts: contacts, breathePath: breathePath, groundPath: groundPath, mayTryAnother: mayTryAnother,
                                 allowanceLine: allowance)
        let title = veryLow ? "Thank you for telling us" : low ? "Try another reset?" : "Well done"
        return try environment.render(page, title: title, context: context)
    }

    /// What the person did, truthfully: every step or how many, and roughly how long it took when that was long
    /// enough to be worth saying ("in 2 seconds" would read as a judgement).
    static func whatWasDone(_ run: Run, _ reset: Reset) -> String {
        let time = run.durationSeconds.flatMap { $0 >= 30 ? " in about " + DurationWords.approximately(seconds: $0) : nil } ?? ""
        if run.outcome == .completed {
            return reset.steps.count == 1 ? "You took time for \(reset.name)\(time)." : "You did all \(reset.steps.count) steps of \(reset.name)\(time)."
        }
        let reached = min(max(run.stepsReached, 1), reset.steps.count)
        return "You did \(reached) of \(reset.steps.count) steps of \(reset.name)\(time). Stopping early is fine too."
    }

    private static func moodPage(_ context: RequestContext, _ environment: AppEnvironment, run: Run, errors: FormErrors,
                                 status: HTTPStatus = .ok) throws -> Response {
        let page = RateMoodPage(emotion: run.emotion, moodPath: Route.runMood(run.typedID).path, moodScale: MoodScaleOptions.mood.unselected,
                                errors: errors)
        return try environment.render(page, title: "How do you feel now?", errors: errors, context: context, status: status)
    }
}
