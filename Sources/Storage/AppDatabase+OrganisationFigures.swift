import Domain

/// Counts for an organisation's aggregate report: how many things happened and how many distinct people they came
/// from, never who. Everything here is a count or a sum; suppression of small groups is the use case's (it needs the
/// people counts these return, and asks again for the people behind any set of cells it hides).
extension AppDatabase {
    /// What one figure is made of: how many events, from how many distinct people.
    public struct Tally: Sendable, Equatable {
        public var count = 0
        public var people = 0
        public init(count: Int = 0, people: Int = 0) { (self.count, self.people) = (count, people) }
    }

    /// A kind of event the report counts: a table, its time column, whose it is, and which rows.
    public enum Activity: String, Sendable, CaseIterable {
        case active, resetsStarted, resetsCompleted, resetsNotCompleted, checkIns, posts, practices, glimmers, worries

        /// `SELECT <time> AS happened_at, <person> AS person FROM … WHERE tenant_id = ? AND <time> >= ? AND <time> < ?`
        /// (three arguments: tenant, start, end), for one kind of event or, for `active`, all of them.
        var events: (sql: String, argumentSets: Int) {
            let runs = "SELECT started_at AS happened_at, account_id AS person FROM runs WHERE tenant_id = ? AND started_at >= ? AND started_at < ?"
            let checkIns = "SELECT created_at AS happened_at, account_id AS person FROM check_ins WHERE tenant_id = ? AND created_at >= ? AND created_at < ?"
            let posts = """
                SELECT created_at AS happened_at, author_id AS person FROM posts
                WHERE tenant_id = ? AND created_at >= ? AND created_at < ? AND author_id IS NOT NULL
                """
            let practices = """
                SELECT finished_at AS happened_at, account_id AS person FROM practice_sessions
                WHERE tenant_id = ? AND finished_at >= ? AND finished_at < ?
                """
            let glimmers = "SELECT created_at AS happened_at, account_id AS person FROM glimmers WHERE tenant_id = ? AND created_at >= ? AND created_at < ?"
            let worries = "SELECT created_at AS happened_at, account_id AS person FROM worries WHERE tenant_id = ? AND created_at >= ? AND created_at < ?"
            switch self {
            case .active:
                return ("\(runs) UNION ALL \(checkIns) UNION ALL \(posts) UNION ALL \(practices) UNION ALL \(glimmers) UNION ALL \(worries)", 6)
            case .resetsStarted: return (runs, 1)
            case .resetsCompleted: return (runs + " AND outcome = 'completed'", 1)
            case .resetsNotCompleted: return (runs + " AND (outcome IS NULL OR outcome <> 'completed')", 1)
            case .checkIns: return (checkIns, 1)
            case .posts: return (posts, 1)
            case .practices: return (practices, 1)
            case .glimmers: return (glimmers, 1)
            case .worries: return (worries, 1)
            }
        }
    }

    static func eventArguments(_ activity: Activity, tenantID: TenantID, from start: Int, to end: Int) -> SQLArguments {
        var arguments = SQLArguments()
        for _ in 0..<activity.events.argumentSets { arguments.append(contentsOf: [tenantID, start, end]) }
        return arguments
    }

    /// Each week's tally of `activity` (week 0 begins at `start`; weeks are 7 × 86 400 seconds), from `start` to `end`.
    public func weeklyTallies(tenantID: TenantID, _ activity: Activity, from start: Int, to end: Int) throws(StorageError) -> [Int: Tally] {
        try read { db in
            var arguments: SQLArguments = [start]
            arguments.append(contentsOf: Self.eventArguments(activity, tenantID: tenantID, from: start, to: end))
            var tallies: [Int: Tally] = [:]
            for row in try db.rows(sql: """
                SELECT (happened_at - ?) / 604800 AS week, count(*) AS n, count(DISTINCT person) AS people
                FROM (\(activity.events.sql)) events GROUP BY 1
                """, arguments: arguments) {
                tallies[row["week"]] = Tally(count: row["n"], people: row["people"])
            }
            return tallies
        }
    }

    /// How many distinct people are behind `activity` in the weeks `weeks` together.
    public func peopleInWeeks(tenantID: TenantID, _ activity: Activity, weeks: Set<Int>, from start: Int, to end: Int) throws(StorageError) -> Int {
        guard !weeks.isEmpty else { return 0 }
        return try read { db in
            var arguments = Self.eventArguments(activity, tenantID: tenantID, from: start, to: end)
            arguments.append(start)
            for week in weeks.sorted() { arguments.append(week) }
            return try db.int(sql: """
                SELECT count(DISTINCT person) FROM (\(activity.events.sql)) events
                WHERE (happened_at - ?) / 604800 IN (\(SQLArguments.placeholders(weeks.count)))
                """, arguments: arguments) ?? 0
        }
    }

    /// Resets by the emotion chosen, from `start` to `end`: started, completed and not, and the mood before and after
    /// (sums over the runs rated both times, so averages are worked out where they may be shown).
    public struct EmotionTally: Sendable, Equatable {
        public var started = Tally(), completed = Tally(), notCompleted = Tally(), rated = Tally()
        public var moodBeforeSum = 0, moodAfterSum = 0
        public init() {}
    }

    public func emotionTallies(tenantID: TenantID, from start: Int, to end: Int) throws(StorageError) -> [String: EmotionTally] {
        try read { db in
            var tallies: [String: EmotionTally] = [:]
            for row in try db.rows(sql: """
                SELECT emotion, count(*) AS started, count(DISTINCT account_id) AS started_people,
                       sum(CASE WHEN outcome = 'completed' THEN 1 ELSE 0 END) AS completed,
                       count(DISTINCT CASE WHEN outcome = 'completed' THEN account_id END) AS completed_people,
                       sum(CASE WHEN outcome IS NULL OR outcome <> 'completed' THEN 1 ELSE 0 END) AS not_completed,
                       count(DISTINCT CASE WHEN outcome IS NULL OR outcome <> 'completed' THEN account_id END) AS not_completed_people,
                       sum(CASE WHEN mood_before IS NOT NULL AND mood IS NOT NULL THEN 1 ELSE 0 END) AS rated,
                       count(DISTINCT CASE WHEN mood_before IS NOT NULL AND mood IS NOT NULL THEN account_id END) AS rated_people,
                       coalesce(sum(CASE WHEN mood_before IS NOT NULL AND mood IS NOT NULL THEN mood_before END), 0) AS before_sum,
                       coalesce(sum(CASE WHEN mood_before IS NOT NULL AND mood IS NOT NULL THEN mood END), 0) AS after_sum
                FROM runs WHERE tenant_id = ? AND started_at >= ? AND started_at < ? GROUP BY emotion
                """, arguments: [tenantID, start, end]) {
                var tally = EmotionTally()
                tally.started = Tally(count: row["started"], people: row["started_people"])
                tally.completed = Tally(count: row["completed"], people: row["completed_people"])
                tally.notCompleted = Tally(count: row["not_completed"], people: row["not_completed_people"])
                tally.rated = Tally(count: row["rated"], people: row["rated_people"])
                tally.moodBeforeSum = row["before_sum"]
                tally.moodAfterSum = row["after_sum"]
                tallies[row["emotion"]] = tally
            }
            return tallies
        }
    }

    /// How many distinct people started (or, with `completed`, finished) resets for any of `emotions` together.
    public func peopleForEmotions(tenantID: TenantID, _ emotions: Set<String>, completed: Bool, from start: Int, to end: Int) throws(StorageError) -> Int {
        guard !emotions.isEmpty else { return 0 }
        return try read { db in
            var arguments: SQLArguments = [tenantID, start, end]
            for emotion in emotions.sorted() { arguments.append(emotion) }
            return try db.int(sql: """
                SELECT count(DISTINCT account_id) FROM runs WHERE tenant_id = ? AND started_at >= ? AND started_at < ?
                  AND emotion IN (\(SQLArguments.placeholders(emotions.count)))\(completed ? " AND outcome = 'completed'" : "")
                """, arguments: arguments) ?? 0
        }
    }

    /// Everyone with an account, and how many of them have a subscription that is running or are on the
    /// organisation's list of people it pays for.
    public func membership(tenantID: TenantID) throws(StorageError) -> (members: Int, covered: Int) {
        try read { db in
            let members = try db.int(sql: "SELECT count(*) FROM accounts WHERE tenant_id = ?", arguments: [tenantID]) ?? 0
            let covered = try db.int(sql: """
                SELECT count(*) FROM accounts a WHERE a.tenant_id = ? AND (
                  EXISTS (SELECT 1 FROM subscriptions s WHERE s.tenant_id = a.tenant_id AND s.account_id = a.id
                          AND s.status IN ('active', 'cancelling', 'past_due'))
                  OR EXISTS (SELECT 1 FROM tenant_unlimited_emails u WHERE u.tenant_id = a.tenant_id AND u.email = a.email))
                """, arguments: [tenantID]) ?? 0
            return (members, covered)
        }
    }

    /// The organisation's smallest group a figure may describe (never below `GroupSize.floor`), with its audit line.
    public func setMinimumGroupSize(tenantID: TenantID, _ size: Int, audit: AuditEntry) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE tenants SET min_group_size = ? WHERE id = ?", arguments: [size, tenantID])
            try Self.appendAudit(db, tenantID: tenantID, audit)
        }
    }

    /// The published figures kept for a closed period, if they have been read before.
    /// A closed period's part as it was first published, with the smallest group it was published under; nil when it
    /// has not been yet. (Before issue 65 a period was published again under each new smallest group, from the data
    /// as it then was; only the first of those is ever read.)
    public func firstReportPart(tenantID: TenantID, kind: String, periodStart: Int) throws(StorageError) -> (minimumGroupSize: Int, body: String)? {
        try read { db in try Self.firstReportPart(db, tenantID: tenantID, kind: kind, periodStart: periodStart) }
    }

    private static func firstReportPart(_ db: any SQLConnection, tenantID: TenantID, kind: String, periodStart: Int) throws
        -> (minimumGroupSize: Int, body: String)?
    {
        try db.row(sql: """
            SELECT minimum_group_size, body FROM organisation_report_parts WHERE tenant_id = ? AND kind = ? AND period_start = ?
            ORDER BY created_at, minimum_group_size LIMIT 1
            """, arguments: [tenantID, kind, periodStart]).map { ($0["minimum_group_size"], $0["body"]) }
    }

    /// Keeps `body` as a closed period's part unless another read (on any node) published the period first, and returns
    /// whichever is kept: once published, a closed period's figures are the same for everyone, ever, whatever the
    /// smallest group is later set to (issue 65, finding 8: publishing again would show what changed meanwhile).
    public func keepFirstReportPart(tenantID: TenantID, kind: String, periodStart: Int, minimumGroupSize: Int, body: String,
                                    now: Int) throws(StorageError) -> (minimumGroupSize: Int, body: String) {
        try write { db in
            try db.lock("report:\(tenantID):\(kind):\(periodStart)")
            if let first = try Self.firstReportPart(db, tenantID: tenantID, kind: kind, periodStart: periodStart) { return first }
            try db.execute(sql: """
                INSERT INTO organisation_report_parts (tenant_id, kind, period_start, minimum_group_size, body, created_at) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [tenantID, kind, periodStart, minimumGroupSize, body, now])
            return (minimumGroupSize, body)
        }
    }
}
