import Domain

/// A member's practice sessions, always within one tenant and one person.
extension AppDatabase {
    public static func newPracticeSessionID() -> PracticeSessionID { RandomID.id() }

    private static let practiceSessionColumns = "id, practice, minutes, pace, mood_before, mood_after, day, started_at, finished_at"
    private static let practiceSessionByID =
        "SELECT \(practiceSessionColumns) FROM practice_sessions WHERE tenant_id = ? AND account_id = ? AND id = ?"

    private static func practiceSession(_ row: SQLRow) -> PracticeSession? {
        Day(row["day"] as String).map {
            PracticeSession(id: PracticeSessionID(stored: row["id"]), practice: row["practice"], minutes: row["minutes"], pace: row["pace"],
                            moodBefore: row["mood_before"], moodAfter: row["mood_after"], day: $0, startedAt: row["started_at"],
                            finishedAt: row["finished_at"])
        }
    }

    /// A practice begun: kept now, so Done (perhaps minutes later, perhaps on another node) has a session to finish.
    public func startPracticeSession(tenantID: TenantID, accountID: AccountID, _ session: PracticeSession) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO practice_sessions (tenant_id, id, account_id, practice, minutes, pace, mood_before, day, started_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [tenantID, session.id, accountID, session.practice, session.minutes, session.pace, session.moodBefore,
                                 session.day.description, session.startedAt])
        }
    }

    /// Done: the first Done counts (a second press, or a second tab, changes nothing but a mood given then).
    /// False when the member has no session by that id.
    public func finishPracticeSession(tenantID: TenantID, accountID: AccountID, id: PracticeSessionID, moodAfter: Int?, now: Int) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE practice_sessions SET finished_at = coalesce(finished_at, ?), mood_after = coalesce(?, mood_after)
                WHERE tenant_id = ? AND account_id = ? AND id = ?
                """, arguments: [now, moodAfter, tenantID, accountID, id])
            return db.changesCount == 1
        }
    }

    public func practiceSession(tenantID: TenantID, accountID: AccountID, id: PracticeSessionID) throws(StorageError) -> PracticeSession? {
        try read { db in
            try db.row(sql: Self.practiceSessionByID, arguments: [tenantID, accountID, id]).flatMap(Self.practiceSession)
        }
    }

    /// The member's finished sessions on their days `first` through `last`, in the order they began.
    public func practiceSessions(tenantID: TenantID, accountID: AccountID, from first: Day, through last: Day) throws(StorageError) -> [PracticeSession] {
        try read { db in
            try db.rows(sql: """
                SELECT \(Self.practiceSessionColumns) FROM practice_sessions
                WHERE tenant_id = ? AND account_id = ? AND day BETWEEN ? AND ? AND finished_at IS NOT NULL ORDER BY started_at, id
                """, arguments: [tenantID, accountID, first.description, last.description]).compactMap(Self.practiceSession)
        }
    }

    /// Every session the member began, for their export.
    public func practiceSessions(tenantID: TenantID, accountID: AccountID) throws(StorageError) -> [PracticeSession] {
        try read { db in
            try db.rows(sql: "SELECT \(Self.practiceSessionColumns) FROM practice_sessions WHERE tenant_id = ? AND account_id = ? ORDER BY started_at, id",
                        arguments: [tenantID, accountID]).compactMap(Self.practiceSession)
        }
    }
}
