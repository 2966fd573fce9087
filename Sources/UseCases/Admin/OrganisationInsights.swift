import Domain
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

    public func report(_ member: MemberScope) throws -> OrganisationReport {
        let admin = try member.asAdmin()
        let tenantID = admin.tenantID
        let minimum = max(GroupSize.floor, admin.tenant.settings.minimumGroupSize)
        // Weeks run Monday to Sunday in UTC (an organisation spans time zones); the last is this one, so far.
        let now = clock()
        let daysSinceEpoch = now >= 0 ? now / 86_400 : 0
        let thisMonday = (daysSinceEpoch - (daysSinceEpoch + 3) % 7) * 86_400
        let end = thisMonday + Self.week
        let start = end - OrganisationReport.weekCount * Self.week

        // Each column of the weekly table on its own: small weeks hidden, then more until what is hidden covers enough.
        func column(_ activity: AppDatabase.Activity, alsoHidden: (([Int: AppDatabase.Tally]) -> Set<Int>)? = nil)
            throws -> (tallies: [Int: AppDatabase.Tally], hidden: Set<Int>) {
            let tallies = try database.weeklyTallies(tenantID: tenantID, activity, from: start, to: end)
            var people = tallies.mapValues(\.people)
            // A cell that must be hidden for another reason counts as small, so the rule covers it too.
            for week in alsoHidden?(tallies) ?? [] { people[week] = min(people[week] ?? 0, minimum - 1) }
            let hidden = try GroupSize.hidden(people: people, minimum: minimum) { weeks in
                try database.peopleInWeeks(tenantID: tenantID, activity, weeks: weeks, from: start, to: end)
            }
            return (tallies, hidden)
        }
        let active = try column(.active)
        let started = try column(.resetsStarted)
        let notCompleted = try database.weeklyTallies(tenantID: tenantID, .resetsNotCompleted, from: start, to: end)
        let completed = try column(.resetsCompleted) { tallies in
            // Started minus completed would show the unfinished: only where those are none, or enough people.
            Set((0..<OrganisationReport.weekCount).filter { week in
                started.hidden.contains(week) || !GroupSize.partMayBeShown(partPeople: tallies[week]?.people ?? 0,
                                                                           restPeople: notCompleted[week]?.people ?? 0, minimum: minimum)
            })
        }
        let checkIns = try column(.checkIns)
        let posts = try column(.posts)
        func figure(_ column: (tallies: [Int: AppDatabase.Tally], hidden: Set<Int>), _ week: Int) -> Int? {
            column.hidden.contains(week) ? nil : column.tallies[week]?.count ?? 0
        }
        let weeks = (0..<OrganisationReport.weekCount).map { week in
            OrganisationReport.Week(
                start: Day.of(start + week * Self.week, in: "UTC"), isCurrent: week == OrganisationReport.weekCount - 1,
                activeMembers: figure(active, week), resetsStarted: figure(started, week), resetsCompleted: figure(completed, week),
                checkIns: figure(checkIns, week), posts: figure(posts, week))
        }

        // By emotion, over the eight weeks: the same two rules, for started and for completed.
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
        let emotions = library.emotions.map { emotion -> OrganisationReport.EmotionRow in
            let tally = tallies[emotion.id] ?? AppDatabase.EmotionTally()
            // Averages only from enough people rated before and after, and only beside a row that is shown.
            let averages = !startedHidden.contains(emotion.id) && tally.rated.people >= minimum && tally.rated.count > 0
            return OrganisationReport.EmotionRow(
                emotion: emotion.label,
                started: startedHidden.contains(emotion.id) ? nil : tally.started.count,
                completed: completedHidden.contains(emotion.id) ? nil : tally.completed.count,
                moodBefore: averages ? Double(tally.moodBeforeSum) / Double(tally.rated.count) : nil,
                moodAfter: averages ? Double(tally.moodAfterSum) / Double(tally.rated.count) : nil)
        }

        let membership = try database.membership(tenantID: tenantID)
        let everyone = admin.tenant.settings.licenceAllMembers
        let members = membership.members >= minimum ? membership.members : nil
        var covered: Int?
        if !everyone, members != nil,
           GroupSize.partMayBeShown(partPeople: membership.covered, restPeople: membership.members - membership.covered, minimum: minimum) {
            covered = Int((Double(membership.covered) * 100 / Double(membership.members)).rounded())
        }
        return OrganisationReport(minimumGroupSize: minimum, members: members, coveredPercent: covered, everyoneCovered: everyone,
                                  weeks: weeks, emotions: emotions)
    }

    /// Changes the smallest group a figure may describe (from `GroupSize.floor` up), with an audit line.
    public func setMinimumGroupSize(_ member: MemberScope, to size: Int) throws {
        let admin = try member.asAdmin()
        guard (GroupSize.floor...GroupSize.ceiling).contains(size) else {
            throw UseCaseError.conflict("Choose a number from \(GroupSize.floor) to \(GroupSize.ceiling).")
        }
        try database.setMinimumGroupSize(tenantID: admin.tenantID, size,
                                         audit: admin.auditEntry("Set the smallest group shown in reports to \(size)", at: clock()))
    }
}
