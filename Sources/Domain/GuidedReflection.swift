import Foundation

/// The guided reflection offered after a check-in, chosen by its rating (the seed's table): behavioural activation for
/// a good day (savour it and plan to repeat), ACT cognitive defusion for an average one, a CBT thought record for a
/// hard one. Later questions build on an earlier answer, shown above them as a reminder.
public enum ReflectionKind: String, Sendable, CaseIterable, Codable {
    case behaviouralActivation, defusion, thoughtRecord

    public init(rating: CheckInRating) {
        switch rating {
        case .great, .good: self = .behaviouralActivation
        case .average: self = .defusion
        case .bad, .horrible: self = .thoughtRecord
        }
    }

    public var name: String {
        switch self {
        case .behaviouralActivation: "Savour the good"
        case .defusion: "Loosen a thought’s grip"
        case .thoughtRecord: "Look again at a hard thought"
        }
    }

    public var questionCount: Int { Self.templates[self]?.count ?? 0 }

    /// Question `number` (1-based); for the thought record's third question, the one for `distortion`. A question
    /// never holds an earlier answer (pasted into a question, a person's own words break its grammar and read as
    /// being quoted back at them); `reminder` gives the answer it builds on, shown above it. A reflection on an
    /// earlier day asks about "that day".
    public func question(_ number: Int, distortion: Distortion, isToday: Bool = true) -> String {
        guard let template = template(number, distortion: distortion) else { return "" }
        return isToday ? template.text : template.text.replacingOccurrences(of: "today", with: "that day")
    }

    /// The earlier answer question `number` builds on, shortened ("I always mess up presentations…"); nil when the
    /// question builds on none or that answer was left blank.
    public func reminder(_ number: Int, answers: [String], distortion: Distortion) -> String? {
        guard let source = template(number, distortion: distortion)?.buildsOn, source <= answers.count else { return nil }
        let quote = Quote.shortened(answers[source - 1])
        return quote.isEmpty ? nil : quote
    }

    private func template(_ number: Int, distortion: Distortion) -> Template? {
        guard var list = Self.templates[self], (1...list.count).contains(number) else { return nil }
        if self == .thoughtRecord { list[2] = Self.distortionQuestions[distortion] ?? list[2] }
        return list[number - 1]
    }

    /// What the intensity steps ask about, by name: "How strong is the upset right now?"
    public var feeling: String {
        switch self {
        case .behaviouralActivation: "good feeling"
        case .defusion: "pull of today’s thoughts"
        case .thoughtRecord: "upset"
        }
    }

    /// A question's words, and the earlier question whose answer it builds on.
    struct Template {
        let text: String
        var buildsOn: Int? = nil
    }

    static let templates: [ReflectionKind: [Template]] = [
        .behaviouralActivation: [
            Template(text: "What went well today, even if it was small?"),
            Template(text: "What did you do that helped it happen, even a little?", buildsOn: 1),
            Template(text: "How could you make room for more of that this week?", buildsOn: 2),
        ],
        .defusion: [
            Template(text: "What thought has been with you most today?"),
            Template(text: "Try saying to yourself: “I’m noticing the thought that…” before it. What changes when you do?", buildsOn: 1),
            Template(text: "If that thought weren’t pushing you around, what would matter most to you today?", buildsOn: 1),
            Template(text: "What’s one small thing you could do next that fits with what matters to you?", buildsOn: 3),
        ],
        .thoughtRecord: [
            Template(text: "What happened today that affected your mood?"),
            Template(text: "What thought kept coming back about it?", buildsOn: 1),
            Template(text: "How might someone who cares about you see that thought?", buildsOn: 2),
            Template(text: "What supports that thought, and what doesn’t fit with it?", buildsOn: 2),
            Template(text: "Looking at that thought again, what’s a kinder, more balanced way to see it?", buildsOn: 2),
        ],
    ]

    /// The thought record's third question for each thinking trap (the seed's table).
    static let distortionQuestions: [Distortion: Template] = [
        .overgeneralisation: Template(text: "Can you think of one time when that thought wasn’t true?", buildsOn: 2),
        .shouldStatement: Template(text: "Where did that rule come from? Is it still helping you?", buildsOn: 2),
        .labelling: Template(text: "Is that something you are, or something you did?", buildsOn: 2),
        .personalisation: Template(text: "What else, besides you, played a part in what happened?", buildsOn: 1),
        .catastrophising: Template(text: "What’s the worst that could happen? And what’s most likely to happen?", buildsOn: 2),
        .mindReading: Template(text: "What do you know for sure about what they think, and what are you guessing?", buildsOn: 2),
    ]
}

/// An earlier answer as a reminder shows it: its first sentence when that is short enough, else cut at a word
/// before 60 characters with an ellipsis, so a long answer stays a line.
public enum Quote {
    public static let limit = 60

    public static func shortened(_ answer: String) -> String {
        let text = answer.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return "" }
        // The first sentence, without its full stop.
        var sentence = Substring(text)
        if let end = text.firstIndex(where: { $0 == "." || $0 == "!" || $0 == "?" }) {
            sentence = text[..<end]
        }
        let trimmed = sentence.trimmingCharacters(in: .whitespaces)
        if trimmed.count <= limit && !trimmed.isEmpty { return trimmed }
        // Too long: cut at the last space before the limit (or at the limit in one long word).
        let head = String(trimmed.prefix(limit - 1))
        let cut = head.lastIndex(of: " ").map { String(head[..<$0]) } ?? head
        return cut.trimmingCharacters(in: CharacterSet(charactersIn: " ,;:–-")) + "…"
    }
}
