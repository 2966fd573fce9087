import Foundation

/// A community post as members see it. The author is never part of it: only whether it is the viewer's own.
public struct CommunityPost: Sendable, Equatable {
    public enum Status: String, Sendable { case visible, held, hidden, deleted }

    public let id: String
    public var typedID: PostID { PostID(stored: id) }
    public let topic: String
    public let body: String
    public let createdAt: Int
    public let status: Status
    public let isMine: Bool
    /// Reaction counts by kind, and the viewer's own reaction.
    public let reactions: [ReactionKind: Int]
    public let myReaction: ReactionKind?
    /// The feed's position, for "Older posts" (keyset pagination).
    public let cursor: Int

    public init(id: String, topic: String, body: String, createdAt: Int, status: Status, isMine: Bool,
                reactions: [ReactionKind: Int], myReaction: ReactionKind?, cursor: Int) {
        self.id = id
        self.topic = topic
        self.body = body
        self.createdAt = createdAt
        self.status = status
        self.isMine = isMine
        self.reactions = reactions
        self.myReaction = myReaction
        self.cursor = cursor
    }
}

public enum ReactionKind: String, Sendable, CaseIterable {
    case support, relate, celebrate, hug

    public var emoji: String {
        switch self { case .support: "💪"; case .relate: "😔"; case .celebrate: "🎉"; case .hug: "🫂" }
    }

    public var label: String {
        switch self { case .support: "You got this"; case .relate: "I feel this"; case .celebrate: "Proud of you"; case .hug: "Virtual hug" }
    }
}

public enum ReportReason: String, Sendable, CaseIterable {
    case spam, unkind, worried, other

    public var label: String {
        switch self {
        case .spam: "Spam"
        case .unkind: "Unkind or harassing"
        case .worried: "I’m worried about this person"
        case .other: "Something else"
        }
    }
}

public struct CommunityTopic: Sendable, Equatable {
    public let slug: String
    public let name: String

    public init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }

    /// The topics every new community starts with; admins rename them and add more.
    public static let defaults = [
        CommunityTopic(slug: "stressed", name: "Stressed"), CommunityTopic(slug: "anxious", name: "Anxious"),
        CommunityTopic(slug: "restless", name: "Restless"), CommunityTopic(slug: "tired", name: "Tired"),
        CommunityTopic(slug: "scattered", name: "Scattered"), CommunityTopic(slug: "wins", name: "Wins"),
        CommunityTopic(slug: "other", name: "Other"),
    ]
}

/// Words and phrases that suggest a risk of self-harm. A match holds a post for a moderator and shows its
/// author the crisis-support words. Kept as data (`Content/safety-phrases.txt`).
public struct SafetyPhrases: Sendable {
    /// Normalised, for matching here and, sent to the compose form, in the browser.
    public let phrases: [String]
    /// The phrases as one attribute value for the compose form's script: joined by "|" (once normalised they hold only
    /// letters, digits, apostrophes and spaces, so no separator can appear inside one). Joined once, not on every
    /// feed page; the template escapes it.
    public let joined: String

    public init(phrases: some Sequence<String>) {
        self.phrases = phrases.map { Self.normalise($0) }.filter { !$0.isEmpty }
        joined = self.phrases.joined(separator: "|")
    }

    public func suggestsRisk(_ text: String) -> Bool {
        let padded = " " + Self.normalise(text) + " "
        return phrases.contains { padded.contains(" " + $0 + " ") }
    }

    /// Folded as every matcher folds (`MatchText`), curly apostrophes straightened, everything but letters, digits and
    /// apostrophes a space.
    static func normalise(_ text: String) -> String {
        let straight = MatchText.fold(text).replacingOccurrences(of: "’", with: "'")
        let spaced = String(straight.map { $0.isLetter || $0.isNumber || $0 == "'" ? $0 : " " })
        return spaced.split(separator: " ").joined(separator: " ")
    }
}

/// A word or phrase a tenant watches for in posts, beyond the built-in safety phrases.
public struct WatchedWord: Sendable, Equatable {
    public enum Action: String, Sendable, CaseIterable {
        /// Hold the post for a moderator to read first.
        case hold
        /// Do not publish it, and say so kindly.
        case refuse
    }

    public let id: String
    public let phrase: String
    public let action: Action

    public init(id: String, phrase: String, action: Action) {
        self.id = id
        self.phrase = phrase
        self.action = action
    }
}

/// A post as the report page quotes it, so a person sees what they are reporting: never its author.
public struct ReportablePost: Sendable, Equatable {
    public let topic: String
    public let body: String
    public let createdAt: Int

    public init(topic: String, body: String, createdAt: Int) {
        self.topic = topic
        self.body = body
        self.createdAt = createdAt
    }
}
