import Domain


/// Runs, always within one tenant and one person: every function takes both first.
extension AppDatabase {
    private static let runColumns = """
        id, account_id, reset_id, emotion, started_at, local_day, local_time, step_count, steps_reached, outcome, finished_at,
        mood, duration_seconds, mood_before
        """
    /// One run of one person's, by its id: made once, not on every step (a statement is found in the cache by its text).
    private static let runByID = "SELECT \(runColumns) FROM runs WHERE tenant_id = ? AND account_id = ? AND id = ?"

    static func run(from row: SQLRow) -> Run {
        Run(id: row["id"], accountID: row["account_id"], resetID: row["reset_id"], emotion: row["emotion"],
            startedAt: row["started_at"], localDay: row["local_day"], localTime: row["local_time"], stepCount: row["step_count"],
            stepsReached: row["steps_reached"], outcome: (row["outcome"] as String?).flatMap(RunOutcome.init(rawValue:)),
            finishedAt: row["finished_at"], mood: row["mood"], durationSeconds: row["duration_seconds"], moodBefore: row["mood_before"])
    }

    /// What starting a run came to.
    public enum RunStart: Sendable {
        case started(Run)
        /// The same reset was already under way today: the person carries on with that run, at no cost.
        case resumed(Run)
        /// No free resets left today; no run was made.
        case limitReached(limit: Int)
    }

    /// Starts a run, or resumes today's unfinished run of the same reset. A new run is refused only when today's
    /// free resets are used up. The check and the insert are one write transaction under a per-person lock, so
    /// fifty starts at once on any number of nodes make one run.
    public func startRun(tenantID: TenantID, accountID: AccountID, reset: Reset, now: Int, localDay: String,
                         localTime: String = "00:00", moodBefore: Int? = nil) throws(StorageError) -> RunStart {
        try write { db in
            try db.lock("runs:\(tenantID):\(accountID)")
            if let open = try db.row(sql: """
                SELECT \(Self.runColumns) FROM runs
                WHERE tenant_id = ? AND account_id = ? AND local_day = ? AND reset_id = ? AND outcome IS NULL
                ORDER BY started_at DESC LIMIT 1
                """, arguments: [tenantID, accountID, localDay, reset.id]).map(Self.run(from:)) {
                guard open.moodBefore == nil, let moodBefore else { return .resumed(open) }
                try db.execute(sql: "UPDATE runs SET mood_before = ? WHERE tenant_id = ? AND account_id = ? AND id = ?",
                               arguments: [moodBefore, tenantID, accountID, open.id])
                var resumed = open
                resumed.moodBefore = moodBefore
                return .resumed(resumed)
            }
            if case .remaining(let left, let limit) = try Self.allowance(db, tenantID: tenantID, accountID: accountID,
                                                                          localDay: localDay, now: now), left <= 0 {
                return .limitReached(limit: limit)
            }
            let id = RandomID.make()
            try db.execute(sql: """
                INSERT INTO runs (id, tenant_id, account_id, reset_id, emotion, started_at, local_day, local_time, step_count, mood_before)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [id, tenantID, accountID, reset.id, reset.emotion, now, localDay, localTime, reset.steps.count,
                                 moodBefore])
            return .started(Run(id: id, accountID: accountID, resetID: reset.id, emotion: reset.emotion, startedAt: now,
                                localDay: localDay, localTime: localTime, stepCount: reset.steps.count, stepsReached: 1, outcome: nil, finishedAt: nil,
                                mood: nil, durationSeconds: nil, moodBefore: moodBefore))
        }
    }

    /// Today's free resets left, unfinished runs (the home page and a reset's intro show both) and the last mood
    /// given: one statement, a row for each unfinished run (newest first) or one with no run, each carrying the
    /// allowance. Unfinished runs are at most one for each reset offered (starting a reset again resumes its run), so
    /// repeating the allowance's columns on each row stays small. `changesAt` is when the allowance changes with the
    /// clock alone (a cancelled subscription's paid time or a failed payment's grace ends), nil when only a change to
    /// the data can change it.
    public func today(tenantID: TenantID, accountID: AccountID, localDay: String, now: Int)
        throws(StorageError) -> (Allowance, [Run], lastMood: Int?, changesAt: Int?) {
        try read { db in
            let rows = try db.rows(sql: Self.todaySQL, arguments: [now, now, localDay, now, now, localDay, tenantID, accountID])
            guard let first = rows.first else { return (try Self.noSuchMember(db, tenantID: tenantID), [], nil, nil) }
            let runs = (first["id"] as String?) == nil ? [] : rows.map(Self.run(from:))
            return (Self.allowance(from: first), runs, first["last_mood"], first["changes_at"])
        }
    }

    /// A run costs one of the day's free resets once the person goes past its first step (or, for a one-step
    /// reset, as soon as it starts). An accidental tap that goes no further costs nothing.
    static let countedRunSQL = "(steps_reached >= 2 OR step_count = 1 OR outcome = 'completed')"

    /// Unlimited: a live subscription, an email on the tenant's list, a moderator or admin, or a tenant-wide licence.
    static func allowance(_ db: any SQLConnection, tenantID: TenantID, accountID: AccountID, localDay: String, now: Int) throws -> Allowance {
        guard let row = try db.row(sql: allowanceSQL, arguments: [now, now, localDay, tenantID, accountID]) else {
            return try noSuchMember(db, tenantID: tenantID)
        }
        return allowance(from: row)
    }

    /// No such member (never so for a signed-in one): the tenant's number, none used.
    private static func noSuchMember(_ db: any SQLConnection, tenantID: TenantID) throws -> Allowance {
        let limit = try db.int(sql: "SELECT free_resets_per_day FROM tenants WHERE id = ?", arguments: [tenantID]) ?? 0
        return .remaining(max(0, limit), of: limit)
    }

    /// The allowance from a row of `allowanceColumns`.
    private static func allowance(from row: SQLRow) -> Allowance {
        if (row["unlimited"] as Bool?) == true { return .unlimited }
        let limit = (row["free"] as Int?) ?? 0
        return .remaining(max(0, limit - ((row["used"] as Int?) ?? 0)), of: limit)
    }

    /// One statement (the home page, every step and the account pages ask): whether the member is unlimited, the
    /// tenant's daily number and how many the day has used.
    private static let allowanceColumns = """
        SELECT t.licence_all_members = 1
            OR a.role IN ('moderator', 'admin')
            OR EXISTS (SELECT 1 FROM tenant_unlimited_emails u WHERE u.tenant_id = t.id AND u.email = a.email)
            OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.tenant_id = t.id AND s.account_id = a.id AND (
                   s.status = 'active'
                   OR (s.status = 'cancelling' AND s.current_period_end > ?)
                   OR (s.status = 'past_due' AND s.grace_until > ?))) AS unlimited,
            t.free_resets_per_day AS free,
            (SELECT count(*) FROM runs r WHERE r.tenant_id = t.id AND r.account_id = a.id AND r.local_day = ? AND \(countedRunSQL)) AS used
        """
    private static let allowanceFrom = """
        FROM tenants t JOIN accounts a ON a.tenant_id = t.id
        WHERE t.id = ? AND a.id = ?
        """
    private static let allowanceSQL = allowanceColumns + "\n" + allowanceFrom

    /// `today`'s statement: the allowance's columns, the last mood and when the allowance changes with the clock, on
    /// each of today's unfinished runs, newest first, or on one row without a run.
    private static let todaySQL = allowanceColumns + """
        ,
            (SELECT r.mood FROM runs r WHERE r.tenant_id = t.id AND r.account_id = a.id AND r.mood IS NOT NULL
             ORDER BY r.local_day DESC, r.started_at DESC LIMIT 1) AS last_mood,
            (SELECT min(CASE WHEN s.status = 'cancelling' AND s.current_period_end > ? THEN s.current_period_end
                             WHEN s.status = 'past_due' AND s.grace_until > ? THEN s.grace_until END)
             FROM subscriptions s WHERE s.tenant_id = t.id AND s.account_id = a.id) AS changes_at,
        """ + runColumns.split(separator: ",").map { "o." + $0.filter { !$0.isWhitespace } }.joined(separator: ", ") + """

        FROM tenants t JOIN accounts a ON a.tenant_id = t.id
        LEFT JOIN runs o ON o.tenant_id = t.id AND o.account_id = a.id AND o.local_day = ? AND o.outcome IS NULL
        WHERE t.id = ? AND a.id = ?
        ORDER BY o.started_at DESC
        """

    public func run(tenantID: TenantID, accountID: AccountID, id typedID: RunID) throws(StorageError) -> Run? {
        let id = typedID.rawValue
        return try read { db in
            try db.row(sql: Self.runByID, arguments: [tenantID, accountID, id]).map(Self.run(from:))
        }
    }

    /// Whether a step may be shown.
    public enum StepReach: Sendable, Equatable {
        case allowed
        /// Going past the first step would use a free reset, and none are left today.
        case limitReached
    }

    /// Remembers the furthest step shown, while the run is still going. Moving past the first step is when a run
    /// starts to count, so that move checks the day's allowance under the same lock as a start.
    public func reachStep(tenantID: TenantID, accountID: AccountID, id typedID: RunID, step: Int, now: Int) throws(StorageError) -> StepReach {
        let id = typedID.rawValue
        return try write { db in
            try db.lock("runs:\(tenantID):\(accountID)")
            guard let run = try db.row(sql: Self.runByID, arguments: [tenantID, accountID, id]).map(Self.run(from:)),
                  run.outcome == nil, step <= run.stepCount, step > run.stepsReached else { return .allowed }
            if run.stepsReached < 2, step >= 2, run.stepCount > 1,
               case .remaining(let left, _) = try Self.allowance(db, tenantID: tenantID, accountID: accountID,
                                                                  localDay: run.localDay, now: now), left <= 0 {
                return .limitReached
            }
            try db.execute(sql: """
                UPDATE runs SET steps_reached = ? WHERE tenant_id = ? AND account_id = ? AND id = ? AND outcome IS NULL
                """, arguments: [step, tenantID, accountID, id])
            return .allowed
        }
    }

    /// Ends a run once; a second finish changes nothing. "Completed" needs the last step to have been shown.
    public func finishRun(tenantID: TenantID, accountID: AccountID, id typedID: RunID, completed: Bool, now: Int) throws(StorageError) -> Run? {
        let id = typedID.rawValue
        return try write { db in
            try db.execute(sql: """
                UPDATE runs SET outcome = CASE WHEN ? AND steps_reached = step_count THEN 'completed' ELSE 'finished_early' END,
                    finished_at = ?, duration_seconds = CASE WHEN ? > started_at THEN ? - started_at ELSE 0 END
                WHERE tenant_id = ? AND account_id = ? AND id = ? AND outcome IS NULL
                """, arguments: [completed, now, now, now, tenantID, accountID, id])
            return try db.row(sql: Self.runByID, arguments: [tenantID, accountID, id]).map(Self.run(from:))
        }
    }

    /// Records the mood after a finished run, once. False if it was already rated or not finished.
    public func rateRun(tenantID: TenantID, accountID: AccountID, id typedID: RunID, mood: Int) throws(StorageError) -> Bool {
        let id = typedID.rawValue
        return try write { db in
            try db.execute(sql: """
                UPDATE runs SET mood = ? WHERE tenant_id = ? AND account_id = ? AND id = ? AND outcome IS NOT NULL AND mood IS NULL
                """, arguments: [mood, tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    public func runs(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [Run] {
        try read { db in
            try db.rows(sql: "SELECT \(Self.runColumns) FROM runs WHERE tenant_id = ? AND account_id = ? ORDER BY started_at",
                             arguments: [tenantID, accountID]).map(Self.run(from:))
        }
    }
}

/// The calendar's queries: by indexed local-day range, so a long history costs no more than a short one.
extension AppDatabase {
    public func daySummaries(tenantID: TenantID, accountID: AccountID, from: Day, through: Day) throws(StorageError) -> [DaySummary] {
        try read { db in
            // Each run's day and mood in the index's own order, added up here: SQLite's GROUP BY over a year of runs
            // took longer than reading them (150 µs against 50 µs for 329 runs), and the year view is its biggest reader.
            var summaries: [DaySummary] = []
            var current: (text: String, day: Day, runs: Int, rated: Int, moodTotal: Int)?
            try db.forEachRow(sql: Self.daySummarySQL, arguments: [tenantID, accountID, from.description, through.description]) { row in
                // Columns as the statement names them: local_day, mood.
                guard let text = String(sqlValue: row[0]) else { return }
                let mood = Int(sqlValue: row[1])
                if current?.text != text {
                    if let done = current { summaries.append(DaySummary(day: done.day, runs: done.runs, rated: done.rated, moodTotal: done.moodTotal)) }
                    guard let day = Day(text) else { current = nil; return }
                    current = (text, day, 0, 0, 0)
                }
                current?.runs += 1
                if let mood {
                    current?.rated += 1
                    current?.moodTotal += mood
                }
            }
            if let done = current { summaries.append(DaySummary(day: done.day, runs: done.runs, rated: done.rated, moodTotal: done.moodTotal)) }
            return summaries
        }
    }

    static let daySummarySQL = """
        SELECT local_day, mood FROM runs WHERE tenant_id = ? AND account_id = ? AND local_day BETWEEN ? AND ? ORDER BY local_day
        """

    /// Every day with at least one run (for streaks): read from the index alone.
    public func activeDays(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [Day] {
        try read { db in
            try db.strings(sql: Self.activeDaysSQL, arguments: [tenantID, accountID]).compactMap(Day.init)
        }
    }

    static let activeDaysSQL = "SELECT DISTINCT local_day FROM runs WHERE tenant_id = ? AND account_id = ? ORDER BY local_day"

    /// The runs of the local days from `first` through `last`, oldest first, by the day index.
    public func runs(tenantID: TenantID, accountID: AccountID, from first: Day, through last: Day) throws(StorageError) -> [Run] {
        try read { db in
            try db.rows(sql: """
                SELECT \(Self.runColumns) FROM runs WHERE tenant_id = ? AND account_id = ? AND local_day >= ? AND local_day <= ?
                ORDER BY local_day, started_at
                """, arguments: [tenantID, accountID, first.description, last.description]).map(Self.run(from:))
        }
    }

    /// Each reset's runs rated before and after on the days from `first` through `last`: the lifts summed and
    /// counted by the database (one row a reset, however long the history), by the day index.
    public func resetLifts(tenantID: TenantID, accountID: AccountID, from first: Day, through last: Day) throws(StorageError) -> [Insights.ResetLift] {
        try read { db in
            try db.rows(sql: Self.resetLiftsSQL, arguments: [tenantID, accountID, first.description, last.description])
                .map { Insights.ResetLift(resetID: $0["reset_id"], total: $0["total"], count: $0["n"]) }
        }
    }

    /// Read from the index alone (`runs_by_day` carries mood, mood_before and reset_id).
    static let resetLiftsSQL = """
        SELECT reset_id, sum(mood - mood_before) AS total, count(*) AS n FROM runs
        WHERE tenant_id = ? AND account_id = ? AND local_day >= ? AND local_day <= ? AND mood IS NOT NULL AND mood_before IS NOT NULL
        GROUP BY reset_id ORDER BY reset_id
        """

    public func runs(tenantID: TenantID, accountID: AccountID, on day: Day) throws(StorageError) -> [Run] {
        try read { db in
            try db.rows(sql: """
                SELECT \(Self.runColumns) FROM runs WHERE tenant_id = ? AND account_id = ? AND local_day = ? ORDER BY started_at
                """, arguments: [tenantID, accountID, day.description]).map(Self.run(from:))
        }
    }

    /// The database's plan for the calendar's queries and then insights' lifts, for the test that proves they use the index.
    public func calendarQueryPlans() throws(StorageError) -> [String] {
        try read { db in
            let summary: SQLArguments = ["t", "a", "2026-01-01", "2026-12-31"]
            let days: SQLArguments = ["t", "a"]
            return try [(Self.daySummarySQL, summary), (Self.activeDaysSQL, days), (Self.resetLiftsSQL, summary)].map { sql, arguments in
                let explain = db.dialect == .sqlite ? "EXPLAIN QUERY PLAN " : "EXPLAIN "
                return try db.rows(sql: explain + sql, arguments: arguments)
                    .map { row in row.values.compactMap { String(sqlValue: $0) }.last ?? "" }.joined(separator: "; ")
            }
        }
    }
}
