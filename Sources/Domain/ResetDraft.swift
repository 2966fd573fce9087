import Foundation

/// A reset as an organisation's admin typed it, before it is checked: every field as text, steps as a title and
/// their lines (one per line of the text box). `check` holds it to the same rules the built-in library is held to at
/// start, and some more, since this text comes from a form.
public struct ResetDraft: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        public var title: String
        /// One line of the step per line of text.
        public var lines: String

        public init(title: String, lines: String) {
            self.title = title
            self.lines = lines
        }

        var isBlank: Bool { title.trimmed.isEmpty && lines.trimmed.isEmpty }
    }

    public var emotion: String
    public var name: String
    public var description: String
    public var scienceBenefit: String
    public var duration: String
    public var safetyNote: String
    public var steps: [Step]

    public init(emotion: String = "", name: String = "", description: String = "", scienceBenefit: String = "",
                duration: String = "", safetyNote: String = "", steps: [Step] = []) {
        self.emotion = emotion
        self.name = name
        self.description = description
        self.scienceBenefit = scienceBenefit
        self.duration = duration
        self.safetyNote = safetyNote
        self.steps = steps
    }

    /// The draft of a reset already written, to edit.
    public init(_ reset: Reset) {
        self.init(emotion: reset.emotion, name: reset.name, description: reset.description, scienceBenefit: reset.scienceBenefit,
                  duration: String(reset.durationSeconds), safetyNote: reset.safetyNote ?? "",
                  steps: reset.steps.map { Step(title: $0.title, lines: $0.lines.joined(separator: "\n")) })
    }

    public static let nameLimit = 40
    public static let descriptionLimit = 200
    public static let scienceLimit = 240
    public static let safetyLimit = 200
    public static let stepLimit = 12
    public static let titleLimit = 60
    public static let linesPerStepLimit = 6
    public static let lineLimit = 200
    /// The product's promise: a reset takes one to two and a half minutes.
    public static let durations = 60...150

    /// What is wrong, by form field, in the order the fields appear: empty when the draft can be saved.
    public typealias Problems = [(field: String, message: String)]

    /// The reset this draft describes (with `id`), or the problems that stop it being saved. Blank steps are left out,
    /// so clearing a step's two boxes removes it.
    public func check(id: String, emotions: [Emotion]) -> Result<Reset, ResetDraftProblems> {
        var problems: Problems = []
        if !emotions.contains(where: { $0.id == emotion }) { problems.append(("emotion", "Choose the feeling this reset is for.")) }
        func text(_ value: String, field: String, what: String, limit: Int, required: Bool = true) -> String {
            let value = value.trimmed
            if value.isEmpty {
                if required { problems.append((field, "Please write \(what).")) }
            } else if value.unicodeScalars.count > limit {
                // Counted as the database's CHECK counts them (code points), so an accent typed as a combining mark
                // can never get past this and be refused by the schema instead.
                problems.append((field, "Please keep \(what) to \(limit) characters or fewer (it has \(value.unicodeScalars.count))."))
            } else if value.hasControlCharacters {
                problems.append((field, "Please write \(what) on one line, without special characters."))
            }
            return value
        }
        let name = text(name, field: "name", what: "a name", limit: Self.nameLimit)
        let description = text(description, field: "description", what: "a description", limit: Self.descriptionLimit)
        let science = text(scienceBenefit, field: "science", what: "why it helps", limit: Self.scienceLimit)
        let safety = text(safetyNote, field: "safety", what: "the safety note", limit: Self.safetyLimit, required: false)
        let seconds = WholeNumber.parse(duration.trimmed, in: Self.durations)
        if seconds == nil {
            problems.append(("duration", "Give the time it takes in seconds, from \(Self.durations.lowerBound) to \(Self.durations.upperBound)."))
        }
        var steps: [ResetStep] = []
        let written = self.steps.enumerated().filter { !$0.element.isBlank }
        if written.isEmpty { problems.append(("step-1-title", "Please write at least one step.")) }
        if written.count > Self.stepLimit {
            problems.append(("step-1-title", "A reset can have up to \(Self.stepLimit) steps. Please leave some out."))
        }
        for (index, step) in written {
            let field = "step-\(index + 1)"
            let title = text(step.title, field: field + "-title", what: "a title for step \(index + 1)", limit: Self.titleLimit)
            let lines = step.lines.split(whereSeparator: \.isNewline).map { String($0).trimmed }.filter { !$0.isEmpty }
            if lines.isEmpty {
                problems.append((field + "-lines", "Please write what to do in step \(index + 1)."))
            } else if lines.count > Self.linesPerStepLimit {
                problems.append((field + "-lines", "Please keep step \(index + 1) to \(Self.linesPerStepLimit) lines or fewer."))
            } else if let long = lines.first(where: { $0.unicodeScalars.count > Self.lineLimit }) {
                problems.append((field + "-lines", "Please keep each line of step \(index + 1) to \(Self.lineLimit) characters or fewer (one has \(long.unicodeScalars.count))."))
            } else if lines.contains(where: \.hasControlCharacters) {
                problems.append((field + "-lines", "Step \(index + 1) has special characters that can’t be shown. Please take them out."))
            }
            steps.append(ResetStep(title: title, lines: lines))
        }
        guard problems.isEmpty, let seconds else { return .failure(ResetDraftProblems(items: problems)) }
        return .success(Reset(id: id, emotion: emotion, name: name, description: description, scienceBenefit: science,
                              durationSeconds: seconds, safetyNote: safety.isEmpty ? nil : safety, interactive: false, steps: steps))
    }
}

/// Why a draft cannot be saved, field by field.
public struct ResetDraftProblems: Error, Sendable {
    public let items: ResetDraft.Problems

    public init(items: ResetDraft.Problems) {
        self.items = items
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Any C0/C1 control character, line breaks included: none belongs in a one-line field or in a line already split.
    public var hasControlCharacters: Bool {
        unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
