import Foundation

/// One of the five ways a person can say they feel.
public struct Emotion: Sendable, Codable, Equatable {
    public let id: String
    public let label: String
    public let description: String

    public init(id: String, label: String, description: String) {
        self.id = id
        self.label = label
        self.description = description
    }
}

public struct ResetStep: Sendable, Codable, Equatable {
    public let title: String
    public let lines: [String]
    /// What the step asks of the breath or a hold, read from its words once, when the step is made.
    public let cue: StepCue?

    public init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
        cue = StepCue.read(lines)
    }

    enum CodingKeys: String, CodingKey { case title, lines }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(title: try container.decode(String.self, forKey: .title), lines: try container.decode([String].self, forKey: .lines))
    }
}

/// A guided reset, word for word from the GetResett brief.
public struct Reset: Sendable, Codable, Equatable {
    public let id: String
    public let emotion: String
    public let name: String
    public let description: String
    public let scienceBenefit: String
    public let durationSeconds: Int
    public let safetyNote: String?
    /// Bubble Pop Calm: one step, played as a game where script allows.
    public let interactive: Bool
    public let steps: [ResetStep]

    public init(id: String, emotion: String, name: String, description: String, scienceBenefit: String, durationSeconds: Int,
                safetyNote: String?, interactive: Bool, steps: [ResetStep]) {
        self.id = id
        self.emotion = emotion
        self.name = name
        self.description = description
        self.scienceBenefit = scienceBenefit
        self.durationSeconds = durationSeconds
        self.safetyNote = safetyNote
        self.interactive = interactive
        self.steps = steps
    }
}

/// The resets and emotions, loaded from `Content/resets.json` and checked at start.
public struct ResetLibrary: Sendable {
    public let emotions: [Emotion]
    public let resets: [Reset]
    private let byID: [String: Reset]
    /// Each reset's name by its id, made once (insights, the digest and the report name resets from runs).
    public let namesByID: [String: String]

    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case unreadable(String)
        case duplicateID(String)
        case unknownEmotion(reset: String, emotion: String)
        case emotionWithoutResets(String)
        case emptyStep(reset: String, step: Int)
        case noSteps(String)
        case emptyText(reset: String)

        public var description: String {
            switch self {
            case .unreadable(let reason): "the reset library cannot be read: \(reason)"
            case .duplicateID(let id): "two resets have the id \(id)"
            case .unknownEmotion(let reset, let emotion): "reset \(reset) names an unknown emotion \(emotion)"
            case .emotionWithoutResets(let emotion): "no reset is for \(emotion)"
            case .emptyStep(let reset, let step): "reset \(reset) has an empty step \(step)"
            case .noSteps(let reset): "reset \(reset) has no steps"
            case .emptyText(let reset): "reset \(reset) is missing a name, description or science benefit"
            }
        }
    }

    private struct File: Decodable {
        let emotions: [Emotion]
        let resets: [Reset]
    }

    public init(json: Data) throws(Problem) {
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: json) } catch { throw .unreadable("\(error)") }
        try self.init(emotions: file.emotions, resets: file.resets)
    }

    public init(path: String) throws(Problem) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable("no file at \(path)") }
        try self.init(json: data)
    }

    public init(emotions: [Emotion], resets: [Reset]) throws(Problem) {
        var byID: [String: Reset] = [:]
        let emotionIDs = Set(emotions.map(\.id))
        for reset in resets {
            guard byID[reset.id] == nil else { throw .duplicateID(reset.id) }
            guard emotionIDs.contains(reset.emotion) else { throw .unknownEmotion(reset: reset.id, emotion: reset.emotion) }
            guard !reset.steps.isEmpty else { throw .noSteps(reset.id) }
            guard ![reset.name, reset.description, reset.scienceBenefit].contains(where: \.isEmpty) else {
                throw .emptyText(reset: reset.id)
            }
            for (index, step) in reset.steps.enumerated()
            where step.title.isEmpty || step.lines.isEmpty || step.lines.contains(where: \.isEmpty) {
                throw .emptyStep(reset: reset.id, step: index + 1)
            }
            byID[reset.id] = reset
        }
        for emotion in emotions where !resets.contains(where: { $0.emotion == emotion.id }) {
            throw .emotionWithoutResets(emotion.id)
        }
        self.emotions = emotions
        self.resets = resets
        self.byID = byID
        namesByID = byID.mapValues(\.name)
    }

    public func reset(id: String) -> Reset? { byID[id] }

    public func emotion(id: String) -> Emotion? { emotions.first { $0.id == id } }

    public func resets(for emotion: String) -> [Reset] { resets.filter { $0.emotion == emotion } }
}
