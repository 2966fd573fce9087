import Domain
import Foundation
import Storage

/// The organisation's aggregate report at /admin/insights, for its admins: the last eight weeks in counts and averages,
/// with every figure from fewer people than the organisation's smallest group hidden, and then whatever else would let
/// a hidden figure be worked out by subtraction (`GroupSize`).
public struct OrganisationInsights: Sendable {
    let database: AppDatabase
    let library: ResetLibrary
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, library: ResetLibrary, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.library = library
        self.clock = clock
    }

    static let week = 7 * 86_400
    /// Monday 5 January 1970, 00:00 UTC: where weeks and the emotion table's blocks of four weeks are counted from.
    static let firstMonday = 4 * 86_400

    /// The last eight weeks that have ended and the last block of four that has, each published once, the first time it
    /// is read after it ended, and kept (`keepFirstReportPart`): later reads, on any node, show the same figures whatever
    /// arrives late or leaves. A larger smallest group set later hides more of what was published (from the people
    /// counted then, never from the data as it is now); a smaller one applies to periods that end after it. Members and
    /// the share covered are live, rounded to 5 (people and per cent).
    public func report(_ member: MemberScope) throws -> OrganisationReport {
        let admin = try member.asAdmin()
        let tenantID = admin.tenantID
        let minimum = max(GroupSize.floor, admin.tenant.settings.minimumGroupSize)
        // Weeks run Monday to Sunday in UTC (an organisation spans time zones, and has no zone of its own).
        let now = max(clock(), Self.firstMonday + OrganisationReport.weekCount * Self.week)
        let weeksSinceFirst = (now - Self.firstMonday) / Self.week
        let closedEnd = Self.firstMonday + weeksSinceFirst * Self.week
        let weeks = try (0..<OrganisationReport.weekCount).map { index -> OrganisationReport.Week in
            let start = closedEnd - (OrganisationReport.weekCount - index) * Self.week
            let published: PublishedWeek = try kept(tenantID, "week", start, minimum, hiding: { $0.hiding(under: $1) }) {
                try publishWeek(tenantID, from: start, minimum: minimum)
            }
            return OrganisationReport.Week(start: Day.of(start, in: "UTC"), activeMembers: published.active, resetsStarted: published.started,
                                           resetsCompleted: published.completed, checkIns: published.checkIns, posts: published.posts,
                                           practices: published.practices, glimmers: published.glimmers, worries: published.worries)
        }
        let blockEnd = Self.firstMonday + (weeksSinceFirst - weeksSinceFirst % OrganisationReport.emotionWeeks) * Self.week
        let blockStart = blockEnd - OrganisationReport.emotionWeeks * Self.week
        let published: [PublishedEmotion] = try kept(tenantID, "emotions", blockStart, minimum, hiding: PublishedEmotion.hiding) {
            try publishEmotions(tenantID, from: blockStart, to: blockEnd, minimum: minimum)
        }
        let emotions = library.emotions.map { emotion in
            let row = published.first { $0.id == emotion.id }
                ?? PublishedEmotion(id: emotion.id, people: nil, started: 0, completed: 0, moodBefore: nil, moodAfter: nil)
            return OrganisationReport.EmotionRow(emotion: emotion.label, started: row.started, completed: row.completed,
                                                 moodBefore: row.moodBefore, moodAfter: row.moodAfter)
        }

        let membership = try database.membership(tenantID: tenantID)
        let everyone = admin.tenant.settings.licenceAllMembers
        let members = membership.members >= minimum ? OrganisationReport.rounded(membership.members) : nil
        var covered: Int?
        if !everyone, members != nil,
           GroupSize.partMayBeShown(partPeople: membership.covered, restPeople: membership.members - membership.covered, minimum: minimum) {
            covered = OrganisationReport.rounded(Int((Double(membership.covered) * 100 / Double(membership.members)).rounded()))
        }
        return OrganisationReport(minimumGroupSize: minimum, members: members, coveredPercent: covered, everyoneCovered: everyone,
                                  weeks: weeks, emotions: emotions, emotionsFrom: Day.of(blockStart, in: "UTC"),
                                  emotionsThrough: Day.of(blockEnd - 86_400, in: "UTC"))
    }

    /// What was published for this period, or `publish`'s figures, kept now (or whatever another read kept first);
    /// under a smallest group larger than the one it was published under, with more hidden (`hiding`).
    private func kept<Part: Codable>(_ tenantID: TenantID, _ kind: String, _ start: Int, _ minimum: Int, hiding: (Part, Int) -> Part,
                                     publish: () throws -> Part) throws -> Part {
        let decoder = JSONDecoder()
        var first = try database.firstReportPart(tenantID: tenantID, kind: kind, periodStart: start)
        if first == nil {
            let body = String(decoding: try JSONEncoder().encode(try publish()), as: UTF8.self)
            first = try database.keepFirstReportPart(tenantID: tenantID, kind: kind, periodStart: start, minimumGroupSize: minimum, body: body,
                                                     now: clock())
        }
        guard let first else { throw UseCaseError.notFound }
        let part = try decoder.decode(Part.self, from: Data(first.body.utf8))
        return minimum > first.minimumGroupSize ? hiding(part, minimum) : part
    }

    /// A week's figures: each from at least `minimum` people or hidden; completed resets only where neither they nor the
    /// unfinished ones are a small group (the two together are the started ones); counts rounded.
    private func publishWeek(_ tenantID: TenantID, from start: Int, minimum: Int) throws -> PublishedWeek {
        func tally(_ activity: AppDatabase.Activity) throws -> AppDatabase.Tally {
            try database.weeklyTallies(tenantID: tenantID, activity, from: start, to: start + Self.week)[0] ?? AppDatabase.Tally(count: 0, people: 0)
        }
        func shown(_ tally: AppDatabase.Tally) -> Bool { tally.people == 0 || tally.people >= minimum }
        let active = try tally(.active), started = try tally(.resetsStarted), completed = try tally(.resetsCompleted)
        let notCompleted = try tally(.resetsNotCompleted), checkIns = try tally(.checkIns), posts = try tally(.posts)
        let practices = try tally(.practices), glimmers = try tally(.glimmers), worries = try tally(.worries)
        let completedShown = shown(started) && shown(completed)
            && GroupSize.partMayBeShown(partPeople: completed.people, restPeople: notCompleted.people, minimum: minimum)
        let people = PublishedWeek.People(active: active.people, started: started.people, completed: completed.people,
                                          notCompleted: notCompleted.people, checkIns: checkIns.people, posts: posts.people,
                                          practices: practices.people, glimmers: glimmers.people, worries: worries.people)
        return PublishedWeek(people: people,
            active: shown(active) ? OrganisationReport.rounded(active.people) : nil,
            started: shown(started) ? OrganisationReport.rounded(started.count) : nil,
            completed: completedShown ? OrganisationReport.rounded(completed.count) : nil,
            checkIns: shown(checkIns) ? OrganisationReport.rounded(checkIns.count) : nil,
            posts: shown(posts) ? OrganisationReport.rounded(posts.count) : nil,
            practices: shown(practices) ? OrganisationReport.rounded(practices.count) : nil,
            glimmers: shown(glimmers) ? OrganisationReport.rounded(glimmers.count) : nil,
            worries: shown(worries) ? OrganisationReport.rounded(worries.count) : nil)
    }

    /// Resets by feeling over a block: small groups hidden, then more until what is hidden covers enough people that the
    /// block's total minus the shown rows describes no small group (`GroupSize`); averages only from enough people rated
    /// before and after; counts and averages rounded.
    private func publishEmotions(_ tenantID: TenantID, from start: Int, to end: Int, minimum: Int) throws -> [PublishedEmotion] {
        let tallies = try database.emotionTallies(tenantID: tenantID, from: start, to: end)
        let startedHidden = try GroupSize.hidden(people: tallies.mapValues(\.started.people), minimum: minimum) { emotions in
            try database.peopleForEmotions(tenantID: tenantID, emotions, completed: false, from: start, to: end)
        }
        var completedPeople = tallies.mapValues(\.completed.people)
        for (emotion, tally) in tallies where startedHidden.contains(emotion)
            || !GroupSize.partMayBeShown(partPeople: tally.completed.people, restPeople: tally.notCompleted.people, minimum: minimum) {
            completedPeople[emotion] = min(tally.completed.people, minimum - 1)
        }
        let completedHidden = try GroupSize.hidden(people: completedPeople, minimum: minimum) { emotions in
            try database.peopleForEmotions(tenantID: tenantID, emotions, completed: true, from: start, to: end)
        }
        return library.emotions.map { emotion in
            let tally = tallies[emotion.id] ?? AppDatabase.EmotionTally()
            let averages = !startedHidden.contains(emotion.id) && tally.rated.people >= minimum && tally.rated.count > 0
            return PublishedEmotion(
                id: emotion.id,
                people: PublishedEmotion.People(started: tally.started.people, completed: tally.completed.people,
                                                notCompleted: tally.notCompleted.people, rated: tally.rated.people),
                started: startedHidden.contains(emotion.id) ? nil : OrganisationReport.rounded(tally.started.count),
                completed: completedHidden.contains(emotion.id) ? nil : OrganisationReport.rounded(tally.completed.count),
                moodBefore: averages ? OrganisationReport.rounded(Double(tally.moodBeforeSum) / Double(tally.rated.count)) : nil,
                moodAfter: averages ? OrganisationReport.rounded(Double(tally.moodAfterSum) / Double(tally.rated.count)) : nil)
        }
    }

    /// Changes the smallest group a figure may describe (from `GroupSize.floor` up), with an audit line.
    public func setMinimumGroupSize(_ member: MemberScope, to size: Int) throws {
        let admin = try member.asAdmin()
        guard (GroupSize.floor...GroupSize.ceiling).contains(size) else {
            throw UseCaseError.invalid("size", "Choose a number from \(GroupSize.floor) to \(GroupSize.ceiling).")
        }
        try database.setMinimumGroupSize(tenantID: admin.tenantID, size,
                                         audit: admin.auditEntry("Set the smallest group shown in reports to \(size)", at: clock()))
    }
}
