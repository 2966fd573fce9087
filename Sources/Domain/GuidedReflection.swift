import Foundation

/// The guided reflection offered after a check-in, chosen by its rating (the seed's table): behavioural activation for
/// a good day (savour it and plan to repeat), ACT cognitive defusion for an average one, a CBT thought record for a
/// hard one. Each question may quote an earlier answer, so the questions build on what the person wrote.
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

    /// Question `number` (1-based) with its quote filled in from `answers` (answers[0] is question 1's); for the thought
    /// record's third question, the one for `distortion`. A reflection on an earlier day asks about "that day".
    public func question(_ number: Int, answers: [String], distortion: Distortion, isToday: Bool = true) -> String {
        guard var list = Self.templates[self], (1...list.count).contains(number) else { return "" }
        if self == .thoughtRecord { list[2] = Self.distortionQuestions[distortion] ?? list[2] }
        let template = list[number - 1]
        // The day's word goes into the question's own words, before any quote (whose words stay as written).
        func words(_ text: String) -> String { isToday ? text : text.replacingOccurrences(of: "today", with: "that day") }
        guard let source = template.quotes else { return words(template.text) }
        let answer = source <= answers.count ? answers[source - 1] : ""
        let quote = Quote.shortened(answer)
        return quote.isEmpty ? words(template.fallback) : words(template.text).replacingOccurrences(of: "%@", with: "“" + quote + "”")
    }

    /// A question's words; `quotes` is the earlier question whose answer goes in for %@, and `fallback` is asked when
    /// that answer was left blank.
    struct Template {
        let text: String
        var quotes: Int? = nil
        var fallback: String = ""
    }

    static let templates: [ReflectionKind: [Template]] = [
        .behaviouralActivation: [
            Template(text: "What went well today, even if it was small?"),
            Template(text: "What did you do that helped %@ happen?", quotes: 1,
                     fallback: "What did you do today that helped, even a little?"),
            Template(text: "How could you make room for more of %@ this week?", quotes: 2,
                     fallback: "How could you make room for more of what helped this week?"),
        ],
        .defusion: [
            Template(text: "What thought has been with you most today?"),
            Template(text: "Try saying to yourself: “I’m noticing the thought that…” before %@. What changes when you do?", quotes: 1,
                     fallback: "Try putting “I’m noticing the thought that…” before it. What changes when you do?"),
            Template(text: "If %@ weren’t pushing you around, what would matter most to you today?", quotes: 1,
                     fallback: "If that thought weren’t pushing you around, what would matter most to you today?"),
            Template(text: "What’s one small thing you could do next that fits with %@?", quotes: 3,
                     fallback: "What’s one small thing you could do next that fits with what matters to you?"),
        ],
        .thoughtRecord: [
            Template(text: "What happened today that affected your mood?"),
            Template(text: "What thought kept coming back about %@?", quotes: 1, fallback: "What thought kept coming back about it?"),
            Template(text: "How might someone who cares about you see %@?", quotes: 2,
                     fallback: "How might someone who cares about you see that thought?"),
            Template(text: "What supports %@, and what doesn’t fit with it?", quotes: 2,
                     fallback: "What supports that thought, and what doesn’t fit with it?"),
            Template(text: "Looking at %@ again, what’s a kinder, more balanced way to see it?", quotes: 2,
                     fallback: "Looking at that thought again, what’s a kinder, more balanced way to see it?"),
        ],
    ]

    /// The thought record's third question for each thinking trap (the seed's table), quoting the thought.
    static let distortionQuestions: [Distortion: Template] = [
        .overgeneralisation: Template(text: "Can you think of one time when %@ wasn’t true?", quotes: 2,
                                      fallback: "Can you think of one time when that thought wasn’t true?"),
        .shouldStatement: Template(text: "Where did the rule in %@ come from? Is it still helping you?", quotes: 2,
                                   fallback: "Where did that rule come from? Is it still helping you?"),
        .labelling: Template(text: "Is %@ something you are, or something you did?", quotes: 2,
                             fallback: "Is that something you are, or something you did?"),
        .personalisation: Template(text: "What else, besides you, played a part in %@?", quotes: 1,
                                   fallback: "What else, besides you, played a part in what happened?"),
        .catastrophising: Template(text: "What’s the worst that could happen? And what’s most likely to happen?"),
        .mindReading: Template(text: "What do you know for sure about what they think, and what are you guessing?"),
    ]
}

/// An earlier answer as a question quotes it: its first sentence when that is short enough, else cut at a word
/// before 60 characters with an ellipsis, so a long answer never breaks the question's grammar.
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
