import Domain
import HTTPServer
import UseCases

/// GET/POST /reflection: the guided reflection on today (or, with ?day=, on an earlier day that has a check-in, reached
/// from that day's page), one step a page. GET shows the step the person is on (or an earlier one with ?step=); POST
/// answers the step it names and moves on. Leaving at any point keeps what was written.
enum ReflectionHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let query = try context.query()
        let day = try self.day(query["day"], member, environment)
        // A reflection follows the day's check-in.
        guard let kind = try environment.reflections.kind(member, on: day) else { return .redirect(to: Route.checkIn.path) }
        let reflection = try current(member, environment, kind, day)
        let requested = try query["step"].map { text -> Int in
            guard let step = WholeNumber.parse(text, in: 1...reflection.stepCount), step <= reflection.step else {
                throw WebError.notFound
            }
            return step
        }
        let step = requested ?? (reflection.isComplete ? reflection.stepCount + 1 : reflection.step)
        return try page(context, environment, member, reflection, step: step, errors: FormErrors(), typed: nil)
    }

    static func save(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let reflections = environment.reflections
        let day = try self.day(form["day"], member, environment)
        guard let kind = try reflections.reflection(member, on: day)?.kind ?? reflections.kind(member, on: day) else {
            return .redirect(to: Route.checkIn.path)
        }
        let here = path(day, member, environment)
        guard let step = form["step"].flatMap({ WholeNumber.parse($0, in: 1...(kind.questionCount + 2)) }) else {
            throw WebError.badRequest("That step isn’t part of this reflection.")
        }
        var errors = FormErrors()
        do {
            if step == 1 || step == kind.questionCount + 2 {
                guard let intensity = form["intensity"].flatMap({ WholeNumber.parse($0, in: 0...10) }) else {
                    errors.add("intensity", "Choose a number from 0 to 10.")
                    return try page(context, environment, member, try current(member, environment, kind, day), step: step, errors: errors, typed: nil,
                                    status: .unprocessableContent)
                }
                if step == 1 {
                    _ = try reflections.begin(member, on: day, intensity: intensity)
                } else {
                    _ = try reflections.finish(member, on: day, intensity: intensity)
                }
            } else {
                let answer = form["answer"] ?? ""
                guard answer.count <= Reflection.answerLimit else {
                    errors.add("answer", "Please keep it to \(Reflection.answerLimit) characters or fewer.")
                    return try page(context, environment, member, try current(member, environment, kind, day), step: step, errors: errors,
                                    typed: String(answer.prefix(Reflection.answerLimit * 2)), status: .unprocessableContent)
                }
                _ = try reflections.answer(member, on: day, question: step - 1, text: answer)
            }
        } catch Reflections.Problem.notYet {
            // A step not reached yet (an old tab, a hand-made request): back to where the person is.
            return .redirect(to: here)
        } catch Reflections.Problem.wordsCannotBeKept {
            errors.add("answer", "This service can’t keep written answers safely yet. You can leave this blank and carry on.")
            return try page(context, environment, member, try current(member, environment, kind, day), step: step, errors: errors,
                            typed: form["answer"], status: .unprocessableContent)
        }
        return .redirect(to: here)
    }

    /// The day a request is about: today unless it names one. A day that is not a date, or is still to come, does not
    /// exist here.
    private static func day(_ text: String?, _ member: MemberScope, _ environment: AppEnvironment) throws -> Day {
        let today = environment.checkIns.today(member)
        guard let text else { return today }
        guard let day = Day(text), day <= today else { throw WebError.notFound }
        return day
    }

    /// Where the reflection on `day` lives: plain /reflection for today, so today's links stay as they were.
    static func path(_ day: Day, _ member: MemberScope, _ environment: AppEnvironment) -> String {
        day == environment.checkIns.today(member) ? Route.reflection.path : Route.reflection.path + "?day=\(day)"
    }

    private static func current(_ member: MemberScope, _ environment: AppEnvironment, _ kind: ReflectionKind, _ day: Day) throws -> Reflection {
        try environment.reflections.reflection(member, on: day)
            ?? Reflection(day: day, kind: kind, answers: [], intensityBefore: nil, intensityAfter: nil, step: 1, isComplete: false)
    }

    /// Step `step` of the reflection (one past the last is the summary), with `typed` kept after a refused answer.
    private static func page(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ reflection: Reflection, step: Int,
                             errors: FormErrors, typed: String?, status: HTTPStatus = .ok) throws -> Response {
        let detector = environment.distortions
        let stepCount = reflection.stepCount
        let today = environment.checkIns.today(member)
        let here = path(reflection.day, member, environment)
        var leavePath = Route.home.path, leaveLabel = step > stepCount ? "Back home" : "Leave for now (it’s kept)"
        var dayName: String?, dayValue: String?
        if reflection.day != today {
            // An earlier day's reflection says which day it is, and leads back to that day's page.
            dayValue = reflection.day.description
            dayName = reflection.day.longText
            leavePath = Route.calendarDay(reflection.day).path
            if step > stepCount { leaveLabel = "Back to \(reflection.day.longText)" }
        }
        let previousPath = step > 1 && step <= stepCount ? here + (reflection.day == today ? "?" : "&") + "step=\(step - 1)" : nil
        let title: String
        var intensity: ReflectionPage.Intensity?, asking: ReflectionPage.Asking?, done: ReflectionPage.Done?
        if step == 1 || step == stepCount {
            let chosen = step == 1 ? reflection.intensityBefore : reflection.intensityAfter
            let feeling = reflection.kind.feeling
            intensity = .init(heading: step == 1 ? "Before you start: how strong is the \(feeling) right now?" : "And now: how strong is the \(feeling)?",
                              button: step == 1 ? "Start" : "Finish",
                              intensities: (0...10).map { .init(value: $0, selected: $0 == chosen) })
            title = step == 1 ? "Reflect" : "Reflect: the feeling now"
        } else if step < stepCount {
            let number = step - 1
            asking = .init(question: reflection.question(number, detector: detector, today: today),
                           reminder: reflection.reminder(number, detector: detector), answer: typed ?? reflection.answer(number),
                           answerLimit: Reflection.answerLimit)
            title = "Reflect: question \(number) of \(reflection.kind.questionCount)"
        } else {
            done = .init(change: reflection.change, answers: (1...reflection.kind.questionCount).map { number in
                .init(question: reflection.question(number, detector: detector, today: today), answer: reflection.answer(number))
            })
            title = "Reflection saved"
        }
        let page = ReflectionPage(kindName: reflection.kind.name, step: min(step, stepCount), stepCount: stepCount, dayName: dayName,
                                  dayValue: dayValue, wordsUnreadable: reflection.answersUnreadable ? CheckIn.unreadableWords : nil,
                                  previousPath: previousPath, leavePath: leavePath, leaveLabel: leaveLabel, intensity: intensity,
                                  asking: asking, done: done, errors: errors)
        return try environment.render(page, title: title, errors: errors, context: context, status: status)
    }
}
