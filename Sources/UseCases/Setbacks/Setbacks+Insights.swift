import Domain
import Storage

/// What a member's own setbacks show: the patterns the rules find, this week's reality, and how long moving on has
/// taken month by month. Facts in words, never a score.
public struct SetbackInsights: Sendable {
    public struct Month: Sendable, Equatable {
        public let label: String
        public let name: String
        /// How many setbacks were moved on from that month, and the median time it took.
        public let movedOn: Int
        public let medianDays: Double?
    }

    public let patterns: [SetbackPattern]
    public let week: SetbackWeek
    /// The last six of the member's months, oldest first.
    public let months: [Month]
    /// Setbacks logged over the last year.
    public let total: Int
    /// The member's day they were worked out on, and the first moment after which the same setbacks could say
    /// something else on it (one crossing the edge of a window some rule counts over): until then, and while the
    /// member's history version stands, these are the insights (the page keeps them so).
    public let today: Day
    public let holdsUntil: Int
}

extension SetbackInsights: Equatable {
    /// The same insights, whenever worked out.
    public static func == (a: SetbackInsights, b: SetbackInsights) -> Bool {
        a.patterns == b.patterns && a.week == b.week && a.months == b.months && a.total == b.total && a.today == b.today
    }
}

extension Setbacks {
    /// The most setbacks the insights read (a year of them; a person logging more is told what the newest show).
    static let insightLimit = 2000

    public func insights(_ member: MemberScope) throws -> SetbackInsights {
        let now = clock(), zone = member.account.timeZone
        let rules = guide.patterns
        // Only what some rule reads: the setbacks of the longest window by when they happened (this week's among them),
        // those moved on from within the two quarters or the six months shown (at most 31 days each, and a day for the
        // member's zone), and the newest few the repeated-kind rule looks at.
        let happenedDays = max(rules.ghosting.days, rules.weekday.days, 7)
        let movedOnDays = max(2 * rules.recovery.quarterDays, 6 * 31 + 1)
        let (stored, total, oldest) = try database.setbacksForInsights(
            tenantID: member.tenantID, accountID: member.accountID, since: now - Self.oldestDays * 86_400,
            happenedSince: now - happenedDays * 86_400, movedOnSince: now - movedOnDays * 86_400, newest: rules.repeatedKind.window,
            limit: Self.insightLimit)
        // Only the notes the ghosting rule reads are opened.
        let noteSince = now - rules.ghosting.days * 86_400
        let setbacks = stored.map { open($0, member, openNote: $0.happenedAt >= noteSince) }
        let today = Day.of(now, in: zone)
        let weekStart = today.adding(days: -(member.account.weekStartsOnSunday ? (today.weekdayFromMonday + 1) % 7 : today.weekdayFromMonday))
        return SetbackInsights(patterns: SetbackPatterns.of(setbacks, rules: rules, now: now, timeZone: zone),
                               week: SetbackWeek.of(setbacks, from: weekStart, through: today, timeZone: zone),
                               months: Self.months(setbacks, today: today, timeZone: zone), total: total, today: today,
                               holdsUntil: Self.holdsUntil(stored, oldest: oldest, rules: rules, now: now))
    }

    /// The first moment after `now` at which one of these setbacks could enter or leave a window the insights count
    /// over: the rules compare when each happened and was moved on from with `now` less a number of days (the ghosting
    /// and weekday rules', the two quarters', the year's), and count none that has not happened yet. Every such edge
    /// of every setback read is taken, a few more than any one rule needs: the earliest can only come too soon, never
    /// too late. Setbacks not read lie outside every window and only move further out; the member's days (the week,
    /// the months) are the caller's to key on.
    static func holdsUntil(_ stored: [AppDatabase.StoredSetback], oldest: Int?, rules: SetbackGuide.PatternRules, now: Int) -> Int {
        let windows = [rules.ghosting.days, rules.weekday.days, rules.recovery.quarterDays, 2 * rules.recovery.quarterDays, Self.oldestDays]
            .map { $0 * 86_400 }
        var earliest = Int.max
        func edge(_ moment: Int) {
            if moment > now { earliest = min(earliest, moment); return }
            // In a window while `moment >= now - window`: out of it from `moment + window + 1`.
            for window in windows where moment + window >= now { earliest = min(earliest, moment + window) }
        }
        for setback in stored {
            edge(setback.happenedAt)
            if let movedOn = setback.movedOnAt { edge(movedOn) }
        }
        if let oldest { edge(oldest) }
        return earliest
    }

    /// The median time to move on, by the month each was moved on from (the member's own months).
    static func months(_ setbacks: [Setback], today: Day, timeZone: String) -> [SetbackInsights.Month] {
        var byMonth: [Int: [Double]] = [:]
        let current = today.year * 12 + today.month - 1
        for setback in setbacks {
            guard let movedOn = setback.movedOnAt else { continue }
            let day = Day.of(movedOn, in: timeZone), month = day.year * 12 + day.month - 1
            // Only the six months shown: the time each took is worked out for those alone.
            guard month > current - 6, month <= current, let time = setback.recovery(in: timeZone) else { continue }
            byMonth[month, default: []].append(time.dayValue)
        }
        return (current - 5...current).map { index in
            let month = index % 12, values = byMonth[index] ?? []
            return SetbackInsights.Month(label: String(Day.monthNames[month].prefix(3)), name: Day.monthNames[month], movedOn: values.count,
                                         medianDays: Median.of(values))
        }
    }
}
