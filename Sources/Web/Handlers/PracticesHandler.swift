import Domain
import HTTPServer
import UseCases

/// Practices: the list, a practice's page and Start, its steps in the player (or the timer), Done and the page after.
/// Free for everyone signed in: the three-a-day limit is for resets alone. A session is the member's own; anyone
/// else's id is not found.
enum PracticesHandler {
    static func index(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try environment.render(environment.practicesPage, title: "Practices", context: context)
    }

    /// The practices page: the library's, the same for everyone, so made once (`AppEnvironment.practicesPage`).
    static func page(_ library: PracticeLibrary) -> PracticesPage {
        func cards(_ kind: PracticeLibrary.Kind) -> [PracticeCard] {
            library.practices.filter { $0.kind == kind }.map { card($0) }
        }
        return PracticesPage(containment: cards(.containment), body: cards(.body), timer: cards(.timer))
    }

    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ slug: String) throws -> Response {
        guard let practice = environment.practiceLibrary.practice(slug) else { throw WebError.notFound }
        return try page(context, environment, practice, minutes: practice.minutes, pace: environment.practiceLibrary.paces.first?.id, mood: nil,
                        errors: FormErrors())
    }

    static func start(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ slug: String) throws -> Response {
        guard let practice = environment.practiceLibrary.practice(slug) else { throw WebError.notFound }
        let form = try context.form()
        let mood = form["mood_before"].flatMap { WholeNumber.parse($0, in: MoodScale.range) }
        let minutes = form["minutes"].flatMap { WholeNumber.parse($0, in: PracticeLibrary.timerMinutes) }
        let pace = form["pace"].map { String($0.prefix(20)) }
        do {
            let id = try environment.practices.start(member, slug, moodBefore: mood, minutes: minutes, pace: pace)
            return .redirect(to: Route.practiceStep(id, 1).path)
        } catch let problem as Practices.Problem {
            var errors = FormErrors()
            switch problem {
            case .unknownPractice: throw WebError.notFound
            case .minutesOutOfRange: errors.add("minutes", "Choose from 1 to 20 minutes.")
            case .unknownPace: errors.add("pace", "Choose a breathing pace.")
            }
            return try page(context, environment, practice, minutes: minutes ?? practice.minutes, pace: pace, mood: mood, errors: errors,
                            status: .unprocessableContent)
        }
    }

    static func step(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: PracticeSessionID, _ number: Int) throws -> Response {
        guard let session = try environment.practices.session(member, id),
              let practice = environment.practiceLibrary.practice(session.practice) else { throw WebError.notFound }
        let finishPath = Route.practiceDone(id).path
        if practice.kind == .timer {
            guard number == 1, let pace = session.pace.flatMap(environment.practiceLibrary.pace) ?? environment.practiceLibrary.paces.first else {
                throw WebError.notFound
            }
            let page = PracticeTimerPage(emotion: emotion(practice), minutes: session.minutes, inSeconds: pace.inSeconds, outSeconds: pace.outSeconds,
                                         paceLabel: pace.label, finishPath: finishPath)
            return try environment.render(page, title: "Practice timer", context: context)
        }
        guard practice.steps.indices.contains(number - 1) else { throw WebError.notFound }
        let step = practice.steps[number - 1], count = practice.steps.count
        let page = PracticeStepPage(
            practiceName: practice.title, emotion: emotion(practice), stepTitle: step.title, lines: step.lines, cue: step.cue,
            number: number, count: count, finishPath: finishPath, backPath: number > 1 ? Route.practiceStep(id, number - 1).path : nil,
            continuePath: number < count ? Route.practiceStep(id, number + 1).path : nil)
        return try environment.render(page, title: "\(practice.title): step \(number) of \(count)", context: context)
    }

    /// Done (from the last step, the timer or "Finish early"), and the mood after from the page that follows.
    static func done(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: PracticeSessionID) throws -> Response {
        let mood = try context.form()["mood_after"].flatMap { WholeNumber.parse($0, in: MoodScale.range) }
        guard try environment.practices.finish(member, id, moodAfter: mood) else { throw WebError.notFound }
        return .redirect(to: Route.practiceSession(id).path + (mood == nil ? "" : "?notice=practice-mood-saved"))
    }

    static func finished(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: PracticeSessionID) throws -> Response {
        guard let session = try environment.practices.session(member, id),
              let practice = environment.practiceLibrary.practice(session.practice) else { throw WebError.notFound }
        guard session.finishedAt != nil else { return .redirect(to: Route.practiceStep(id, 1).path) }
        let page = PracticeDonePage(
            title: practice.kind == .timer ? "quiet breathing" : practice.title.lowercased(), minutesText: minutesText(session.minutes),
            emotion: emotion(practice), moodBefore: session.moodBefore, moodAfter: session.moodAfter, moodPath: Route.practiceDone(id).path,
            moodScale: MoodScaleOptions.moodAfter.unselected, again: Route.practice(practice.slug).path)
        return try environment.render(page, title: "Well done", context: context)
    }

    /// Every practice begun, as a spreadsheet.
    static func exportCSV(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        var rows = [["id", "practice", "minutes", "pace", "mood_before", "mood_after", "day", "started_at", "finished_at"]]
        for part in try environment.practices.exportParts(member) {
            rows.append([part.id, part.practice, String(part.minutes), part.pace ?? "", part.moodBefore.map(String.init) ?? "",
                         part.moodAfter.map(String.init) ?? "", part.day, String(part.startedAt), part.finishedAt.map(String.init) ?? ""])
        }
        return CSV.download(rows, filename: "resett-practices.csv")
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, _ practice: PracticeLibrary.Practice, minutes: Int,
                             pace: String?, mood: Int?, errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let library = environment.practiceLibrary
        let page = PracticePage(
            title: practice.title, summary: practice.summary, why: practice.why, duration: duration(practice), emotion: emotion(practice),
            stepCount: practice.steps.count, safety: practice.safety, startPath: Route.practiceStart(practice.slug).path,
            moodScale: MoodScaleOptions.moodBefore.selecting(mood), isTimer: practice.kind == .timer,
            minuteChoices: PracticeLibrary.timerMinutes.map { FormChoice(value: String($0), label: minutesText($0), checked: $0 == minutes) },
            paces: library.paces.map { PaceChoice(id: "pace-\($0.id)", value: $0.id, label: $0.label, hint: $0.hint, checked: $0.id == pace) },
            errors: errors)
        return try environment.render(page, title: practice.title, errors: errors, context: context, status: status)
    }

    /// A finished session as a line (the calendar's day, the report): "10:15 · Humming, 2 minutes, mood 4 to 6".
    static func line(_ session: PracticeSession, _ library: PracticeLibrary, zone: String) -> String {
        let name = library.practice(session.practice)?.title ?? session.practice
        var line = "\(LocalDay.time(session.startedAt, in: zone)) · \(name), \(minutesText(session.minutes))"
        switch (session.moodBefore, session.moodAfter) {
        case let (before?, after?): line += ", mood \(before) to \(after)"
        case let (nil, after?): line += ", mood after \(after)"
        case let (before?, nil): line += ", mood before \(before)"
        case (nil, nil): break
        }
        return line
    }

    static func card(_ practice: PracticeLibrary.Practice) -> PracticeCard {
        PracticeCard(title: practice.title, summary: practice.summary, why: practice.why, duration: duration(practice),
                     path: Route.practice(practice.slug).path, emotion: emotion(practice))
    }

    static func duration(_ practice: PracticeLibrary.Practice) -> String {
        practice.kind == .timer ? "1 to 20 minutes" : "About \(minutesText(practice.minutes))"
    }

    static func minutesText(_ minutes: Int) -> String { minutes == 1 ? "1 minute" : "\(minutes) minutes" }

    /// The player's colours: one family for each kind of practice.
    static func emotion(_ practice: PracticeLibrary.Practice) -> String {
        switch practice.kind {
        case .containment: "tired"
        case .body: "anxious"
        case .timer: "stressed"
        }
    }
}
