/// What an organisation's admins see about their members: counts and averages only, never a person, never words.
/// A nil figure was hidden because it describes fewer people than the organisation's smallest group (or could be
/// worked out from figures that do).
public struct OrganisationReport: Sendable, Equatable {
    /// One week, Monday to Sunday (UTC); the last is the current week, so far.
    public struct Week: Sendable, Equatable {
        public let start: Day
        public let isCurrent: Bool
        public let activeMembers: Int?
        public let resetsStarted: Int?
        public let resetsCompleted: Int?
        public let checkIns: Int?
        public let posts: Int?

        public init(start: Day, isCurrent: Bool, activeMembers: Int?, resetsStarted: Int?, resetsCompleted: Int?, checkIns: Int?, posts: Int?) {
            self.start = start
            self.isCurrent = isCurrent
            self.activeMembers = activeMembers
            self.resetsStarted = resetsStarted
            self.resetsCompleted = resetsCompleted
            self.checkIns = checkIns
            self.posts = posts
        }
    }

    /// Resets for one emotion over the whole period, with the mood before and after where both were given.
    public struct EmotionRow: Sendable, Equatable {
        public let emotion: String
        public let started: Int?
        public let completed: Int?
        public let moodBefore: Double?
        public let moodAfter: Double?

        public init(emotion: String, started: Int?, completed: Int?, moodBefore: Double?, moodAfter: Double?) {
            self.emotion = emotion
            self.started = started
            self.completed = completed
            self.moodBefore = moodBefore
            self.moodAfter = moodAfter
        }
    }

    public let minimumGroupSize: Int
    public let members: Int?
    /// The share of members with a running subscription or on the organisation's licence, in whole per cent.
    public let coveredPercent: Int?
    /// The organisation's licence covers everyone.
    public let everyoneCovered: Bool
    public let weeks: [Week]
    public let emotions: [EmotionRow]

    public static let weekCount = 8

    public init(minimumGroupSize: Int, members: Int?, coveredPercent: Int?, everyoneCovered: Bool, weeks: [Week], emotions: [EmotionRow]) {
        self.minimumGroupSize = minimumGroupSize
        self.members = members
        self.coveredPercent = coveredPercent
        self.everyoneCovered = everyoneCovered
        self.weeks = weeks
        self.emotions = emotions
    }
}
