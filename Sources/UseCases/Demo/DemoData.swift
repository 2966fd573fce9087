import Domain
import Foundation
import Logging
import Storage

/// Believable demo data for trying Resett and for screenshots: a member with five months of resets (moods before
/// and after, a few finished early) and three of check-ins, a moderator, an admin, a subscriber, and a community of
/// twenty-odd people with posts, reactions, a post held for safety and one hidden by reports. The same seed gives the
/// same data.
public struct DemoData: Sendable {
    let database: AppDatabase
    let library: ResetLibrary
    let now: Int

    public init(database: AppDatabase, library: ResetLibrary, now: Int) {
        self.database = database
        self.library = library
        self.now = now
    }

    /// The accounts a person can sign in as, by role.
    public struct SignIns: Sendable {
        public let member: String, moderator: String, admin: String, subscriber: String
    }

    public enum Problem: Error, Equatable {
        /// The tenant already has the demo accounts: filling it twice would double everything.
        case alreadyFilled
    }

    /// Fills `tenant`. Every demo account shares `passwordHash`.
    public func fill(_ tenant: Tenant, domain: String = "demo.example", passwordHash: String) throws -> SignIns {
        func address(_ name: String) -> EmailAddress { EmailAddress("\(name)@\(domain)")! }
        let signIns = SignIns(member: "member@\(domain)", moderator: "moderator@\(domain)", admin: "admin@\(domain)",
                              subscriber: "subscriber@\(domain)")
        if try database.account(tenantID: tenant.id, email: address("member")) != nil { throw Problem.alreadyFilled }
        var random = SeededRandom(seed: 2026)
        let zone = TimeZoneName.fallback
        let created = now - 160 * 86_400
        let member = try database.createAccount(tenantID: tenant.id, email: address("member"), passwordHash: passwordHash,
                                                timeZone: zone, now: created)
        let moderator = try database.createAccount(tenantID: tenant.id, email: address("moderator"), passwordHash: passwordHash,
                                                   role: .moderator, timeZone: zone, now: created)
        _ = try database.createAccount(tenantID: tenant.id, email: address("admin"), passwordHash: passwordHash, role: .admin,
                                       timeZone: zone, now: created)
        let subscriber = try database.createAccount(tenantID: tenant.id, email: address("subscriber"), passwordHash: passwordHash,
                                                    timeZone: zone, now: created)
        var people = [member, subscriber, moderator]
        for number in 1...22 {
            people.append(try database.createAccount(tenantID: tenant.id, email: address("person\(number)"), passwordHash: passwordHash,
                                                     timeZone: zone, now: created + number * 3_600))
        }

        try addRuns(for: member, tenant: tenant, days: 150, random: &random)
        try addCheckIns(for: member, tenant: tenant, days: 90, random: &random)
        try addSetbacks(for: member, tenant: tenant, random: &random)
        try addPractices(for: member, tenant: tenant, random: &random)
        try addRuns(for: subscriber, tenant: tenant, days: 40, random: &random)
        try subscribe(subscriber, tenant: tenant)
        try addCommunity(tenant: tenant, people: people, random: &random)
        return signIns
    }

    /// Most days a check-in (a rating only: the demo has no key to seal words with), harder early in the week and
    /// easier at the weekend, so the insights have something to say.
    private func addCheckIns(for account: Account, tenant: Tenant, days: Int, random: inout SeededRandom) throws {
        for back in stride(from: days, through: 1, by: -1) where random.next(100) < 80 {
            let moment = now - back * 86_400
            let day = Day.of(moment, in: account.timeZone)
            let lift = day.weekdayFromMonday >= 5 ? 1 : day.weekdayFromMonday <= 1 ? -1 : 0
            let rating = min(5, max(1, 2 + random.next(3) + lift))
            try database.saveCheckIn(tenantID: tenant.id, accountID: account.id, day: day, rating: rating, sealedNote: nil, sealedTags: nil,
                                     keyID: nil, now: moment)
        }
    }

    /// A setback every week or two over five months (no notes: the demo has no key to seal words with), mostly about
    /// applications and work, most moved on from, sooner lately, so the patterns page and the chart have something to say.
    private func addSetbacks(for account: Account, tenant: Tenant, random: inout SeededRandom) throws {
        let kinds: [SetbackKind] = [.job, .work, .job, .social, .job, .work, .dating, .academic]
        for (index, back) in stride(from: 150, through: 2, by: -9).enumerated() {
            let happened = now - back * 86_400 - (9 + random.next(9)) * 3_600
            let kind = kinds[index % kinds.count]
            let days = back > 90 ? 3 + random.next(4) : 1 + random.next(2)
            let movedOn = back > 6 ? happened + days * 86_400 : nil
            let id = AppDatabase.newSetbackID()
            try database.insertSetback(tenantID: tenant.id, accountID: account.id, id: id,
                                       .init(kind: kind.rawValue, hurt: 3 + random.next(6), sealedNote: nil, keyID: nil, happenedAt: happened,
                                             happenedDay: Day.of(happened, in: account.timeZone)), now: happened)
            if let movedOn {
                _ = try database.setSetbackMovedOn(tenantID: tenant.id, accountID: account.id, id: id, at: movedOn, now: movedOn)
            }
        }
    }

    /// A body practice or the container every few days over two months, most with a mood before and after (glimmers and
    /// worries are words, which the demo has no key to seal).
    private func addPractices(for account: Account, tenant: Tenant, random: inout SeededRandom) throws {
        let practices = ["long-exhale", "humming", "container", "cool-water", "ear-jaw", "humming"]
        for (index, back) in stride(from: 60, through: 1, by: -3).enumerated() {
            let started = now - back * 86_400 - (7 + random.next(12)) * 3_600
            let before = random.next(100) < 70 ? 3 + random.next(4) : nil
            let session = PracticeSession(id: AppDatabase.newPracticeSessionID(), practice: practices[index % practices.count], minutes: 2 + random.next(3),
                                          pace: nil, moodBefore: before, moodAfter: nil, day: Day.of(started, in: account.timeZone),
                                          startedAt: started, finishedAt: nil)
            try database.startPracticeSession(tenantID: tenant.id, accountID: account.id, session)
            _ = try database.finishPracticeSession(tenantID: tenant.id, accountID: account.id, id: session.id,
                                                   moodAfter: before.map { min(10, $0 + random.next(3)) }, now: started + session.minutes * 60)
        }
    }

    /// Most days, one or two resets at believable times; moods that mostly lift a little; some finished early.
    private func addRuns(for account: Account, tenant: Tenant, days: Int, random: inout SeededRandom) throws {
        let resets = library.resets.filter { !$0.interactive }
        for back in stride(from: days, through: 1, by: -1) where random.next(100) < 68 {
            let dayStart = LocalDay.start(of: Day.of(now - back * 86_400, in: account.timeZone), in: account.timeZone)
            for _ in 0..<(random.next(100) < 25 ? 2 : 1) {
                let startedAt = dayStart + (7 + random.next(15)) * 3_600 + random.next(60) * 60
                let reset = resets[random.next(resets.count)]
                let before = 3 + random.next(5)
                let early = random.next(100) < 12
                guard case .started(let run) = try database.startRun(
                    tenantID: tenant.id, accountID: account.id, reset: reset, now: startedAt,
                    localDay: LocalDay.of(startedAt, in: account.timeZone), localTime: LocalDay.time(startedAt, in: account.timeZone),
                    moodBefore: random.next(100) < 70 ? before : nil) else { continue }
                let reached = early ? 2 + random.next(max(1, reset.steps.count - 2)) : reset.steps.count
                for step in 2...max(2, reached) where step <= reset.steps.count {
                    _ = try database.reachStep(tenantID: tenant.id, accountID: account.id, id: run.typedID, step: step, now: startedAt)
                }
                let seconds = early ? 20 + random.next(40) : reset.durationSeconds - 20 + random.next(60)
                _ = try database.finishRun(tenantID: tenant.id, accountID: account.id, id: run.typedID, completed: !early,
                                           now: startedAt + seconds)
                let after = min(10, before + random.next(4) - (random.next(100) < 10 ? 2 : 0))
                _ = try database.rateRun(tenantID: tenant.id, accountID: account.id, id: run.typedID, mood: max(1, after))
            }
        }
    }

    private func subscribe(_ account: Account, tenant: Tenant) throws {
        let member = MemberScope(tenant: tenant, account: account)
        let billing = Billing(database: database, logger: Logger(label: "resett.demo"), clock: { [now] in now - 12 * 86_400 })
        if let checkout = try billing.startCheckout(member) { _ = try billing.pay(member, checkout, card: .succeeds) }
    }

    private static let posts = [
        "First week back after a long break. Took three resets today and honestly the breathing one helped more than I expected.",
        "Anyone else find Sunday evenings the hardest? I’ve started doing the grounding walk before bed and it takes the edge off.",
        "Small win: I said no to an extra project today without apologising five times.",
        "Exams in two weeks. Trying to be kind to myself about how little I’m getting done.",
        "The tense and release one is my favourite. My shoulders didn’t know they were up by my ears.",
        "Had a rough night’s sleep but went for a short walk at lunch. It helped a bit.",
        "Reminder to whoever needs it: drinking a glass of water counts as looking after yourself.",
        "I keep comparing myself with colleagues who seem to cope with everything. Trying to remember I only see their outside.",
        "Finished a whole week of check-ins. Not all good days, but I showed up.",
        "Does anyone have tips for switching off after work when you work from home?",
        "Today was a lot. Sitting with it rather than fighting it.",
        "My manager noticed I was struggling and was really kind about it. Feeling grateful.",
        "Managed the safety scan on the bus this morning. Nobody even noticed.",
        "Bit of a wobble today, but I got through it. Tomorrow is a new page.",
        "Started leaving my phone in another room at night. Sleeping a little better already.",
        "Feeling scattered with too many tabs open, in my browser and in my head.",
        "Celebrating a tiny thing: I cooked a proper meal for the first time in weeks.",
        "The finger ladder reset sounds silly but it genuinely brings me back to the room.",
        "New here. Hello to everyone, and thank you for being so kind to each other.",
        "It’s okay to have a slow day. That’s what I’m telling myself, anyway.",
        "Went to the team walk at lunch. Didn’t talk much but it was good to be outside.",
        "Deadline moved, stress levels dropped. Trying to remember this feeling next time.",
        "Anyone else get anxious before one-to-ones even when nothing’s wrong?",
        "Took the afternoon off to rest. Not feeling guilty about it (trying not to, at least).",
        "Grateful for this space. Reading other people’s posts makes me feel less alone.",
        "The calm corridor one is beautiful. I pictured the sea at the end.",
        "Three good things today: sunshine, a kind message, a quiet train.",
        "Struggling with motivation this week. Just aiming for one small thing a day.",
        "Told a friend how I’ve been feeling. It went better than I feared.",
        "Back-to-back meetings today. Squeezed in a two-minute reset between them and it made a difference.",
    ]

    private func addCommunity(tenant: Tenant, people: [Account], random: inout SeededRandom) throws {
        let topics = try database.topics(tenantID: tenant.id).map(\.slug)
        guard !topics.isEmpty else { return }
        var ids: [PostID] = []
        for (index, body) in Self.posts.enumerated() {
            let author = people[random.next(people.count)]
            let at = now - (Self.posts.count - index) * 5 * 3_600 - random.next(3_600)
            let id = try database.createPost(tenantID: tenant.id, authorID: author.id, topic: topics[random.next(topics.count)],
                                             body: body, heldForSafety: false, now: at)
            ids.append(PostID(stored: id))
            for reactor in people where random.next(100) < 18 && reactor.id != author.id {
                _ = try database.toggleReaction(tenantID: tenant.id, accountID: reactor.id, postID: PostID(stored: id),
                                                kind: ReactionKind.allCases[random.next(ReactionKind.allCases.count)])
            }
        }
        // One post held for the moderators because its words suggest someone may be at risk, and one hidden by reports.
        _ = try database.createPost(tenantID: tenant.id, authorID: people[5].id, topic: topics[0],
                                    body: "Some days I feel like a burden to everyone and I don’t see the point any more.",
                                    heldForSafety: true, now: now - 2 * 3_600)
        let reported = PostID(stored: try database.createPost(
            tenantID: tenant.id, authorID: people[7].id, topic: topics[0],
            body: "Check out my channel for amazing deals, link in my profile!!!", heldForSafety: false, now: now - 3 * 3_600))
        for reporter in people.prefix(max(1, tenant.settings.reportThreshold)) where reporter.id != people[7].id {
            _ = try database.report(tenantID: tenant.id, reporterID: reporter.id, postID: reported, reason: .spam, note: nil,
                                    now: now - 3_000)
        }
    }
}

/// A small deterministic generator (SplitMix64), so the demo looks the same every time it is made.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A whole number in 0..<bound (bound ≥ 1).
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(max(1, bound)))
    }
}
