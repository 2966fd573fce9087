import Foundation

/// What Resett offers after a setback, kept as data (`Content/setbacks.json`): a recovery plan for each kind, the
/// response templates, the small brave steps and the numbers the pattern rules use. Checked whole when it is read, so
/// a missing kind or a template with nothing to fill stops the server at start-up rather than a page later.
public struct SetbackGuide: Sendable {
    public struct Plan: Sendable, Decodable {
        public let kind: SetbackKind
        public let title: String
        public let description: String
        public let steps: [String]
        /// The feelings whose resets fit (`/emotions/<feeling>`).
        public let resets: [String]
        /// Whether the response templates are offered beside it.
        public let templates: Bool
    }

    public struct Template: Sendable, Decodable {
        public let id: String
        public let kind: SetbackKind
        public let title: String
        public let scenario: String
        public let text: String
        public let tone: String
        /// The blanks a member fills in (`[Name]`, `[Position]`, `[Company]`), in their first order: read once, when
        /// the guide is, not on every page that shows them.
        public let placeholders: [String]

        private enum CodingKeys: String, CodingKey { case id, kind, title, scenario, text, tone }

        public init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            id = try values.decode(String.self, forKey: .id)
            kind = try values.decode(SetbackKind.self, forKey: .kind)
            title = try values.decode(String.self, forKey: .title)
            scenario = try values.decode(String.self, forKey: .scenario)
            text = try values.decode(String.self, forKey: .text)
            tone = try values.decode(String.self, forKey: .tone)
            placeholders = Self.placeholders(in: text)
        }

        /// `[Position]` is the form field `position`, `[Start date]` is `start-date`.
        public static func field(_ placeholder: String) -> String {
            String(decoding: placeholder.lowercased().utf8.map { $0 == UInt8(ascii: " ") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
        }

        static func placeholders(in text: String) -> [String] {
            var found: [String] = []
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
                let name = String(rest[rest.index(after: open)..<close])
                if !name.isEmpty, name.count <= 20, name.allSatisfy({ $0.isLetter || $0 == " " }), !found.contains(name) { found.append(name) }
                rest = rest[rest.index(after: close)...]
            }
            return found
        }

        /// The text with each blank replaced by what the member wrote for it; a blank left empty stays as it was, so
        /// the finished text shows what is still to fill.
        /// One pass over the text, so a value that itself looks like a blank is never filled in turn.
        public func filled(_ values: [String: String]) -> String {
            var result = "", rest = Substring(text)
            while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
                result += rest[..<open]
                let name = String(rest[rest.index(after: open)..<close])
                if let value = values[name], !value.isEmpty { result += value } else { result += rest[open...close] }
                rest = rest[rest.index(after: close)...]
            }
            return result + rest
        }
    }

    public enum Difficulty: String, Sendable, Decodable {
        case easy, medium
    }

    public struct Challenge: Sendable, Decodable, Equatable {
        public let kind: SetbackKind
        public let id: String
        public let title: String
        public let description: String
        public let difficulty: Difficulty
        public let time: String
    }

    public struct PatternRules: Sendable, Decodable {
        public struct RepeatedKind: Sendable, Decodable {
            public let window: Int
            public let atLeast: Int
        }
        public struct Ghosting: Sendable, Decodable {
            public let days: Int
            public let atLeast: Int
            public let phrases: [String]
            public let insight: String
        }
        public struct Weekday: Sendable, Decodable {
            public let days: Int
            public let atLeastSetbacks: Int
            public let atLeastOnDay: Int
            public let share: Double
        }
        public struct Recovery: Sendable, Decodable {
            public let quarterDays: Int
            public let atLeastEach: Int
        }
        public let repeatedKind: RepeatedKind
        public let ghosting: Ghosting
        public let weekday: Weekday
        public let recovery: Recovery
    }

    public let plans: [SetbackKind: Plan]
    public let templates: [Template]
    public let challenges: [SetbackKind: [Challenge]]
    /// Small brave steps done before this many days are easy ones; from then on a medium one comes first.
    public let mediumAfterDone: Int
    public let patterns: PatternRules

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
            struct Challenges: Decodable {
                let mediumAfterDone: Int
                let byKind: [Challenge]
            }
            let plans: [Plan]
            let templates: [Template]
            let challenges: Challenges
            let patterns: PatternRules
        }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: json) } catch { throw .invalid("\(error)") }
        plans = Dictionary(file.plans.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        templates = file.templates
        challenges = Dictionary(grouping: file.challenges.byKind, by: \.kind)
        mediumAfterDone = file.challenges.mediumAfterDone
        patterns = file.patterns
        for kind in SetbackKind.allCases {
            guard let plan = plans[kind], !plan.steps.isEmpty else { throw .invalid("no recovery plan for \(kind)") }
            let list = challenges[kind] ?? []
            guard list.count >= 3, list.contains(where: { $0.difficulty == .easy }), list.contains(where: { $0.difficulty == .medium }) else {
                throw .invalid("\(kind) needs at least 3 small brave steps, easy and medium")
            }
        }
        let ids = templates.map(\.id) + file.challenges.byKind.map(\.id)
        guard Set(ids).count == ids.count, ids.allSatisfy({ !$0.isEmpty && $0.count <= 40 }) else { throw .invalid("ids must be unique and short") }
        let rules = patterns
        guard rules.repeatedKind.window > 0, rules.repeatedKind.atLeast > 0, rules.ghosting.atLeast > 0,
              rules.weekday.atLeastSetbacks > 0, (0...1).contains(rules.weekday.share), rules.recovery.atLeastEach > 0,
              rules.ghosting.days > 0, rules.weekday.days > 0, rules.recovery.quarterDays > 0 else {
            throw .invalid("a pattern rule's numbers are out of range")
        }
    }

    public func template(_ id: String) -> Template? { templates.first { $0.id == id } }

    public func challenge(_ id: String) -> Challenge? { challenges.values.lazy.flatMap { $0 }.first { $0.id == id } }

    /// Every kind has a plan: `init` refuses a file without one.
    public func plan(_ kind: SetbackKind) -> Plan { plans[kind]! }
}
