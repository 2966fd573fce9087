/// The parts of a member's export that the practices add: every field, words opened for their owner.
extension AccountExport {
    public struct PracticeSessionPart: Codable, Sendable, Equatable {
        public let id: String
        public let practice: String
        public let minutes: Int
        public let pace: String?
        public let moodBefore: Int?
        public let moodAfter: Int?
        public let day: String
        public let startedAt: Int
        public let finishedAt: Int?

        public init(_ session: PracticeSession) {
            id = session.id.rawValue
            practice = session.practice
            minutes = session.minutes
            pace = session.pace
            moodBefore = session.moodBefore
            moodAfter = session.moodAfter
            day = session.day.description
            startedAt = session.startedAt
            finishedAt = session.finishedAt
        }
    }

    public struct GlimmerPart: Codable, Sendable, Equatable {
        public let id: String
        public let text: String
        public let kind: String?
        public let day: String
        public let createdAt: Int

        public init(id: String, text: String, kind: String?, day: String, createdAt: Int) {
            self.id = id
            self.text = text
            self.kind = kind
            self.day = day
            self.createdAt = createdAt
        }
    }

    public struct WorryPart: Codable, Sendable, Equatable {
        public let id: String
        public let text: String
        public let state: String
        public let step: String?
        public let dueDay: String?
        public let doneAt: Int?
        public let revisitDay: String?
        public let day: String
        public let createdAt: Int

        public init(id: String, text: String, state: String, step: String?, dueDay: String?, doneAt: Int?, revisitDay: String?, day: String,
                    createdAt: Int) {
            self.id = id
            self.text = text
            self.state = state
            self.step = step
            self.dueDay = dueDay
            self.doneAt = doneAt
            self.revisitDay = revisitDay
            self.day = day
            self.createdAt = createdAt
        }
    }
}
