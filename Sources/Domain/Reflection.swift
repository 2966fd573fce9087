/// A day's guided reflection as its owner sees it: the path, the answers so far, the feeling's strength before and
/// after, and where they are. Step 1 asks the strength before; each question is a step; the last asks the strength after.
public struct Reflection: Sendable, Equatable {
    public let day: Day
    public let kind: ReflectionKind
    public var answers: [String]
    public var intensityBefore: Int?
    public var intensityAfter: Int?
    public var step: Int
    public var isComplete: Bool
    /// Its answers are kept but this server cannot open them now (started without the key that sealed them).
    public var answersUnreadable: Bool

    public init(day: Day, kind: ReflectionKind, answers: [String], intensityBefore: Int?, intensityAfter: Int?, step: Int, isComplete: Bool,
                answersUnreadable: Bool = false) {
        self.day = day
        self.kind = kind
        self.answers = answers
        self.intensityBefore = intensityBefore
        self.intensityAfter = intensityAfter
        self.step = step
        self.isComplete = isComplete
        self.answersUnreadable = answersUnreadable
    }

    /// The strength-before step, a step a question, the strength-after step.
    public var stepCount: Int { kind.questionCount + 2 }
    public var afterStep: Int { stepCount }

    /// Question `number`'s words, quoting earlier answers; the thought record's third question follows the trap the
    /// automatic thought (the second answer) falls into.
    /// Question `number` as asked: `today` says whether this reflection's day is the person's today.
    public func question(_ number: Int, detector: DistortionDetector, today: Day? = nil) -> String {
        kind.question(number, distortion: distortion(detector), isToday: today.map { $0 == day } ?? true)
    }

    /// The earlier answer question `number` builds on, shortened, for a "You wrote" line above it.
    public func reminder(_ number: Int, detector: DistortionDetector) -> String? {
        kind.reminder(number, answers: answers, distortion: distortion(detector))
    }

    private func distortion(_ detector: DistortionDetector) -> Distortion {
        kind == .thoughtRecord && answers.count >= 2 ? detector.classify(answers[1]) : .none
    }

    public func answer(_ number: Int) -> String { number >= 1 && number <= answers.count ? answers[number - 1] : "" }

    /// How the feeling's strength changed, said kindly ("from 8 to 5"); nil until both are known.
    public var change: String? {
        guard let before = intensityBefore, let after = intensityAfter else { return nil }
        // On a good day the feeling is a good one: its change is simply said.
        if kind == .behaviouralActivation { return before == after ? "The feeling stayed at \(after)." : "The feeling went from \(before) to \(after)." }
        if after < before { return "The feeling eased from \(before) to \(after)." }
        if after == before { return "The feeling stayed at \(after). Noticing it is part of the work, and that counts." }
        return "The feeling went from \(before) to \(after). Looking closely at a hard day can stir it up for a while; please be gentle with yourself."
    }

    /// Longest answer, in characters.
    public static let answerLimit = 1000
}
