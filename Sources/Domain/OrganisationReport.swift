/// What an organisation's admins see about their members: counts and averages only, never a person, never words.
/// A nil figure was hidden because it describes fewer people than the organisation's smallest group (or could be
/// worked out from figures that do). Only periods that have ended are reported, counts are rounded to a multiple of 5
/// and averages to one decimal, and a period's figures never change once published: so two reports, read before and
/// after one person's reset, differ in nothing that is about them.
public struct OrganisationReport: Sendable, Equatable {
    /// One week that has ended, Monday to Sunday (UTC).
    public struct Week: Sendable, Equatable {
        public let start: Day
        /// Distinct people who did anything that week.
        public let activeMembers: Int?
        public let resetsStarted: Int?
        public let resetsCompleted: Int?
        public let checkIns: Int?
        public let posts: Int?
        /// Practices finished, glimmers kept and worries written: counts, never what they were or said.
        public let practices: Int?
        public let glimmers: Int?
        public let worries: Int?

        public init(start: Day, activeMembers: Int?, resetsStarted: Int?, resetsCompleted: Int?, checkIns: Int?, posts: Int?,
                    practices: Int? = nil, glimmers: Int? = nil, worries: Int? = nil) {
            self.start = start
            self.activeMembers = activeMembers
            self.resetsStarted = resetsStarted
            self.resetsCompleted = resetsCompleted
            self.checkIns = checkIns
            self.posts = posts
            self.practices = practices
            self.glimmers = glimmers
            self.worries = worries
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
    /// Over the last four weeks that ended together (blocks of four from Monday 5 January 1970, so consecutive blocks
    /// never overlap), from `emotionsFrom` through `emotionsThrough`.
    public let emotions: [EmotionRow]
    public let emotionsFrom: Day
    public let emotionsThrough: Day

    public static let weekCount = 8
    public static let emotionWeeks = 4

    public init(minimumGroupSize: Int, members: Int?, coveredPercent: Int?, everyoneCovered: Bool, weeks: [Week], emotions: [EmotionRow],
                emotionsFrom: Day, emotionsThrough: Day) {
        self.minimumGroupSize = minimumGroupSize
        self.members = members
        self.coveredPercent = coveredPercent
        self.everyoneCovered = everyoneCovered
        self.weeks = weeks
        self.emotions = emotions
        self.emotionsFrom = emotionsFrom
        self.emotionsThrough = emotionsThrough
    }

    /// A count as published: to the nearest multiple of 5 (halves up), as statistical offices round small counts.
    public static func rounded(_ count: Int) -> Int { (max(0, count) + 2) / 5 * 5 }

    /// An average as published: one decimal place.
    public static func rounded(_ average: Double) -> Double { (average * 10).rounded() / 10 }
}
