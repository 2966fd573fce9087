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
        let (stored, total) = try database.setbacksForInsights(
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
                               months: Self.months(setbacks, today: today, timeZone: zone), total: total)
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
