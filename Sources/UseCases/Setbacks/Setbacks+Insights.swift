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
        let stored = try database.setbacks(tenantID: member.tenantID, accountID: member.accountID, since: now - Self.oldestDays * 86_400,
                                           limit: Self.insightLimit)
        // Only the notes the ghosting rule reads are opened.
        let noteSince = now - guide.patterns.ghosting.days * 86_400
        let setbacks = stored.map { open($0, member, openNote: $0.happenedAt >= noteSince) }
        let today = Day.of(now, in: zone)
        let weekStart = today.adding(days: -(member.account.weekStartsOnSunday ? (today.weekdayFromMonday + 1) % 7 : today.weekdayFromMonday))
        return SetbackInsights(patterns: SetbackPatterns.of(setbacks, rules: guide.patterns, now: now, timeZone: zone),
                               week: SetbackWeek.of(setbacks, from: weekStart, through: today, timeZone: zone),
                               months: Self.months(setbacks, today: today, timeZone: zone), total: setbacks.count)
    }

    /// The median time to move on, by the month each was moved on from (the member's own months).
    static func months(_ setbacks: [Setback], today: Day, timeZone: String) -> [SetbackInsights.Month] {
        var byMonth: [Int: [Double]] = [:]
        for setback in setbacks {
            guard let movedOn = setback.movedOnAt, let time = setback.recovery(in: timeZone) else { continue }
            let day = Day.of(movedOn, in: timeZone)
            byMonth[day.year * 12 + day.month - 1, default: []].append(time.dayValue)
        }
        let current = today.year * 12 + today.month - 1
        return (current - 5...current).map { index in
            let month = index % 12, values = byMonth[index] ?? []
            return SetbackInsights.Month(label: String(Day.monthNames[month].prefix(3)), name: Day.monthNames[month], movedOn: values.count,
                                         medianDays: Median.of(values))
        }
    }
}
