import Foundation

/// A thinking trap the thought record's third question is chosen for (the seed's table).
public enum Distortion: String, Sendable, CaseIterable, Codable {
    case catastrophising, mindReading, personalisation, labelling, shouldStatement, overgeneralisation, none
}

/// Classifies an automatic thought by keyword rules kept as data (`Content/distortions.json`): deterministic,
/// inspectable, no model. Rules are tried in their file order (most specific first); within a rule any phrase matches.
public struct DistortionDetector: Sendable {
    struct Rule: Sendable {
        let distortion: Distortion
        let negationsCancel: Bool
        /// Each phrase as tokens; a token is its alternatives, or nil for "*" (up to two words).
        let phrases: [[Set<String>?]]
    }

    let rules: [Rule]
    let negations: Set<String>
    /// Words before a match, in its own clause, that are checked for a negation ("I don't think they were judging me").
    static let negationWindow = 4

    public enum Problem: Error, Equatable, Sendable {
        case unreadable(String)
        case invalid(String)
    }

    public init(path: String) throws(Problem) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable("no file at \(path)") }
        try self.init(json: data)
    }

    public init(json: Data) throws(Problem) {
        struct File: Decodable {
            struct Rule: Decodable {
                let distortion: String
                let negationsCancel: Bool
                let phrases: [String]
            }
            let negations: [String]
            let rules: [Rule]
        }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: json) } catch { throw .invalid("\(error)") }
        var rules: [Rule] = []
        for rule in file.rules {
            guard let distortion = Distortion(rawValue: rule.distortion), distortion != .none else { throw .invalid("unknown distortion \(rule.distortion)") }
            let phrases = rule.phrases.map { phrase in
                phrase.split(separator: " ").map { token -> Set<String>? in
                    token == "*" ? nil : Set(token.split(separator: "|").map { Self.normalised(String($0)) })
                }
            }
            guard !phrases.isEmpty, phrases.allSatisfy({ !$0.isEmpty && $0.first! != nil }) else {
                throw .invalid("\(rule.distortion): every phrase starts with a word")
            }
            rules.append(Rule(distortion: distortion, negationsCancel: rule.negationsCancel, phrases: phrases))
        }
        self.rules = rules
        negations = Set(file.negations.map(Self.normalised))
    }

    /// The first rule (in order) with a phrase that matches and is not cancelled by a negation.
    public func classify(_ thought: String) -> Distortion {
        // Clause by clause, so a negation in one ("it's not that bad, but everyone hates me") never cancels another.
        let clauses = thought.split(whereSeparator: { ",;.!?:\n".contains($0) }).map { Self.words(String($0)) }
        for rule in rules {
            for phrase in rule.phrases {
                for words in clauses {
                    for start in words.indices {
                        guard let wildcards = Self.match(phrase[...], words, from: start) else { continue }
                        if rule.negationsCancel {
                            let before = words[max(0, start - Self.negationWindow)..<start]
                            if before.contains(where: negations.contains) || wildcards.contains(where: negations.contains) { continue }
                        }
                        return rule.distortion
                    }
                }
            }
        }
        return .none
    }

    /// The words the phrase's wildcards took if it matches at `start`, else nil.
    static func match(_ phrase: ArraySlice<Set<String>?>, _ words: [String], from start: Int) -> [String]? {
        guard let token = phrase.first else { return [] }
        let rest = phrase.dropFirst()
        if let alternatives = token {
            guard start < words.count, alternatives.contains(words[start]) else { return nil }
            return match(rest, words, from: start + 1)
        }
        for taken in 0...2 where start + taken <= words.count {
            if let inner = match(rest, words, from: start + taken) { return Array(words[start..<(start + taken)]) + inner }
        }
        return nil
    }

    /// Lower-case words, apostrophes kept inside a word (typographic ones made plain), everything else a break.
    static func words(_ text: String) -> [String] {
        normalised(text).split(whereSeparator: { !($0.isLetter || $0 == "'") }).map { $0.trimmingCharacters(in: ["'"]) }.filter { !$0.isEmpty }
    }

    static func normalised(_ text: String) -> String {
        MatchText.fold(text).replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: "\u{2018}", with: "'")
    }
}
