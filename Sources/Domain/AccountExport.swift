/// The JSON export's shape. Later features add their own parts.
public struct AccountExport: Codable, Sendable {
    public struct Session: Codable, Sendable {
        public let device: String
        public let createdAt: Int
        public let lastSeenAt: Int

        public init(device: String, createdAt: Int, lastSeenAt: Int) {
            self.device = device
            self.createdAt = createdAt
            self.lastSeenAt = lastSeenAt
        }
    }

    public struct Run: Codable, Sendable {
        public let resetID: String
        public let emotion: String
        public let startedAt: Int
        public let localDay: String
        public let localTime: String
        public let stepsReached: Int
        public let stepCount: Int
        public let outcome: String?
        public let moodBefore: Int?
        public let mood: Int?
        public let durationSeconds: Int?

        public init(resetID: String, emotion: String, startedAt: Int, localDay: String, localTime: String, stepsReached: Int, stepCount: Int, outcome: String?, moodBefore: Int?, mood: Int?, durationSeconds: Int?) {
            self.resetID = resetID
            self.emotion = emotion
            self.startedAt = startedAt
            self.localDay = localDay
            self.localTime = localTime
            self.stepsReached = stepsReached
            self.stepCount = stepCount
            self.outcome = outcome
            self.moodBefore = moodBefore
            self.mood = mood
            self.durationSeconds = durationSeconds
        }
    }

    public struct SubscriptionPart: Codable, Sendable {
        public let status: String
        public let priceMinor: Int
        public let currency: String
        public let currentPeriodEnd: Int
        public let graceUntil: Int?
        public let createdAt: Int

        public init(status: String, priceMinor: Int, currency: String, currentPeriodEnd: Int, graceUntil: Int?, createdAt: Int) {
            self.status = status
            self.priceMinor = priceMinor
            self.currency = currency
            self.currentPeriodEnd = currentPeriodEnd
            self.graceUntil = graceUntil
            self.createdAt = createdAt
        }
    }

    public struct PaymentPart: Codable, Sendable {
        public let amountMinor: Int
        public let currency: String
        public let outcome: String
        public let description: String
        public let createdAt: Int

        public init(amountMinor: Int, currency: String, outcome: String, description: String, createdAt: Int) {
            self.amountMinor = amountMinor
            self.currency = currency
            self.outcome = outcome
            self.description = description
            self.createdAt = createdAt
        }
    }

    public struct CheckoutPart: Codable, Sendable {
        public let amountMinor: Int
        public let currency: String
        public let status: String
        public let createdAt: Int

        public init(amountMinor: Int, currency: String, status: String, createdAt: Int) {
            self.amountMinor = amountMinor
            self.currency = currency
            self.status = status
            self.createdAt = createdAt
        }
    }

    public struct PostPart: Codable, Sendable {
        public let id: String
        public let topic: String
        public let body: String?
        public let status: String
        public let createdAt: Int

        public init(id: String, topic: String, body: String?, status: String, createdAt: Int) {
            self.id = id
            self.topic = topic
            self.body = body
            self.status = status
            self.createdAt = createdAt
        }
    }

    public struct ReactionPart: Codable, Sendable {
        public let postID: String
        public let kind: String

        public init(postID: String, kind: String) {
            self.postID = postID
            self.kind = kind
        }
    }

    public struct ReportPart: Codable, Sendable {
        public let postID: String
        public let reason: String
        public let note: String?
        public let createdAt: Int

        public init(postID: String, reason: String, note: String?, createdAt: Int) {
            self.postID = postID
            self.reason = reason
            self.note = note
            self.createdAt = createdAt
        }
    }

    public struct TeamMessagePart: Codable, Sendable {
        public let body: String
        public let createdAt: Int
        public let seenAt: Int?

        public init(body: String, createdAt: Int, seenAt: Int?) {
            self.body = body
            self.createdAt = createdAt
            self.seenAt = seenAt
        }
    }

    public struct RestrictionPart: Codable, Sendable {
        public let until: Int?
        public let reason: String
        public let createdAt: Int
        public let liftedAt: Int?

        public init(until: Int?, reason: String, createdAt: Int, liftedAt: Int?) {
            self.until = until
            self.reason = reason
            self.createdAt = createdAt
            self.liftedAt = liftedAt
        }
    }

    public let email: String
    public let role: String
    public let timeZone: String
    public let theme: String
    public let weekStartsOn: String
    public let createdAt: Int
    public let sessions: [Session]
    public let runs: [Run]
    public let subscription: SubscriptionPart?
    public let payments: [PaymentPart]
    public let checkouts: [CheckoutPart]
    public let posts: [PostPart]
    public let reactions: [ReactionPart]
    public let reports: [ReportPart]
    public let postingRestrictions: [RestrictionPart]
    public let messagesFromTheTeam: [TeamMessagePart]
    /// Daily check-ins with their notes and tags opened (they are sealed in storage, so the use case fills this in).
    public var checkIns: [CheckInPart] = []
    /// Guided reflections with their questions and answers (opened, as check-ins are).
    public var reflections: [ReflectionPart] = []
    /// Weekly intentions, by the Monday of the week they were written in (opened).
    public var intentions: [IntentionPart] = []
    /// Setbacks, every field, their notes opened.
    public var setbacks: [SetbackPart] = []
    /// Days with a small brave step done or let go.
    public var smallSteps: [SmallStepPart] = []
    /// Practices begun and done, with the moods given (`AccountExport+Practices.swift`).
    public var practiceSessions: [PracticeSessionPart] = []
    /// Glimmers, their words opened.
    public var glimmers: [GlimmerPart] = []
    /// Worries and their actions, their words and steps opened, and the worry time.
    public var worries: [WorryPart] = []
    public var worryTime: String?
    /// The passkeys that can sign in as the person: names and dates (the public keys are kept too; nothing secret is).
    public var passkeys: [PasskeyPart] = []
    /// The app lock's minutes (0: off).
    public var appLockMinutes = 0
    /// The devices that show reminders.
    public var reminderDevices: [PushDevicePart] = []
    /// Which reminders the person chose, at what times, and their quiet hours.
    public var reminders: ReminderChoicesPart?

    public struct SetbackPart: Codable, Sendable, Equatable {
        public let id: String
        public let kind: String
        public let hurt: Int
        public let hurtWords: String
        public let note: String
        public let happenedAt: Int
        public let happenedDay: String
        public let loggedAt: Int
        public let movedOnAt: Int?

        public init(id: String, kind: String, hurt: Int, hurtWords: String, note: String, happenedAt: Int, happenedDay: String, loggedAt: Int,
                    movedOnAt: Int?) {
            self.id = id
            self.kind = kind
            self.hurt = hurt
            self.hurtWords = hurtWords
            self.note = note
            self.happenedAt = happenedAt
            self.happenedDay = happenedDay
            self.loggedAt = loggedAt
            self.movedOnAt = movedOnAt
        }
    }

    public struct SmallStepPart: Codable, Sendable, Equatable {
        public let day: String
        public let step: String?
        public let outcome: String?
        public let swaps: Int

        public init(day: String, step: String?, outcome: String?, swaps: Int) {
            self.day = day
            self.step = step
            self.outcome = outcome
            self.swaps = swaps
        }
    }

    public struct IntentionPart: Codable, Sendable, Equatable {
        public let weekStarting: String
        public let intention: String

        public init(weekStarting: String, intention: String) {
            self.weekStarting = weekStarting
            self.intention = intention
        }
    }

    public struct ReflectionPart: Codable, Sendable, Equatable {
        public struct Step: Codable, Sendable, Equatable {
            public let question: String
            public let answer: String

            public init(question: String, answer: String) {
                self.question = question
                self.answer = answer
            }
        }

        public let day: String
        public let path: String
        public let steps: [Step]
        public let intensityBefore: Int?
        public let intensityAfter: Int?
        public let complete: Bool

        public init(day: String, path: String, steps: [Step], intensityBefore: Int?, intensityAfter: Int?, complete: Bool) {
            self.day = day
            self.path = path
            self.steps = steps
            self.intensityBefore = intensityBefore
            self.intensityAfter = intensityAfter
            self.complete = complete
        }
    }

    public struct CheckInPart: Codable, Sendable, Equatable {
        public let day: String
        public let rating: Int
        public let ratingWord: String
        public let note: String
        public let tags: [String]

        public init(day: String, rating: Int, ratingWord: String, note: String, tags: [String]) {
            self.day = day
            self.rating = rating
            self.ratingWord = ratingWord
            self.note = note
            self.tags = tags
        }
    }

    public init(email: String, role: String, timeZone: String, theme: String, weekStartsOn: String, createdAt: Int, sessions: [Session], runs: [Run], subscription: SubscriptionPart?, payments: [PaymentPart], checkouts: [CheckoutPart], posts: [PostPart], reactions: [ReactionPart], reports: [ReportPart], postingRestrictions: [RestrictionPart], messagesFromTheTeam: [TeamMessagePart], checkIns: [CheckInPart] = [], reflections: [ReflectionPart] = [], intentions: [IntentionPart] = []) {
        self.email = email
        self.role = role
        self.timeZone = timeZone
        self.theme = theme
        self.weekStartsOn = weekStartsOn
        self.createdAt = createdAt
        self.sessions = sessions
        self.runs = runs
        self.subscription = subscription
        self.payments = payments
        self.checkouts = checkouts
        self.posts = posts
        self.reactions = reactions
        self.reports = reports
        self.postingRestrictions = postingRestrictions
        self.messagesFromTheTeam = messagesFromTheTeam
        self.checkIns = checkIns
        self.reflections = reflections
        self.intentions = intentions
    }
}
