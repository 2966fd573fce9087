/// Something a member's setbacks show, said in words with the numbers behind it. Never a score: a number that rates a
/// person after a rejection is the opposite of what this is for.
public struct SetbackPattern: Sendable, Equatable {
    public let title: String
    public let statement: String
    public let insight: String
}

/// The seed's pattern recognition as deterministic rules over a member's own setbacks, their numbers from
/// `Content/setbacks.json`. Each says something only when there is enough to say it; otherwise it stays silent.
public enum SetbackPatterns {
    /// `setbacks` in any order; `now` and `timeZone` place them in the member's own days.
    public static func of(_ setbacks: [Setback], rules: SetbackGuide.PatternRules, now: Int, timeZone: String) -> [SetbackPattern] {
        let newestFirst = setbacks.sorted { ($0.happenedAt, $0.id.rawValue) > ($1.happenedAt, $1.id.rawValue) }
        return [
            repeatedKind(newestFirst, rules.repeatedKind),
            ghosting(newestFirst, rules.ghosting, now: now),
            weekday(newestFirst, rules.weekday, now: now),
            recoverySooner(newestFirst, rules.recovery, now: now, timeZone: timeZone),
        ].compactMap { $0 }
    }

    /// "3 of your last 5 setbacks were about job applications." Only with a full window, and never for "other".
    static func repeatedKind(_ newestFirst: [Setback], _ rule: SetbackGuide.PatternRules.RepeatedKind) -> SetbackPattern? {
        guard newestFirst.count >= rule.window else { return nil }
        let window = newestFirst.prefix(rule.window)
        let counts = Dictionary(grouping: window, by: \.kind).mapValues(\.count)
        guard let (kind, count) = counts.filter({ $0.key != .other }).max(by: { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }),
              count >= rule.atLeast else { return nil }
        return SetbackPattern(
            title: "A pattern in what’s been happening",
            statement: "\(count) of your last \(rule.window) setbacks were \(kind.about).",
            insight: "Knowing where the knocks come from can help you plan some care around them. It says nothing about your worth.")
    }

    /// Notes that mention being ghosted, at least `atLeast` in the last `days` days and more than half of one kind's
    /// setbacks then. Notes are folded (`MatchText`) before they are searched, so "GHOSTED" and "ghosted" are one.
    static func ghosting(_ newestFirst: [Setback], _ rule: SetbackGuide.PatternRules.Ghosting, now: Int) -> SetbackPattern? {
        let since = now - rule.days * 86_400
        let recent = newestFirst.filter { $0.happenedAt >= since && $0.happenedAt <= now }
        let phrases = rule.phrases.map(MatchText.fold)
        var best: (kind: SetbackKind, ghosted: Int, of: Int)?
        for (kind, group) in Dictionary(grouping: recent, by: \.kind) {
            let ghosted = group.filter { setback in
                guard !setback.note.isEmpty else { return false }
                let note = MatchText.fold(setback.note)
                return phrases.contains { note.contains($0) }
            }.count
            guard ghosted >= rule.atLeast, ghosted * 2 > group.count else { continue }
            if best == nil || (ghosted, kind.rawValue) > (best!.ghosted, best!.kind.rawValue) { best = (kind, ghosted, group.count) }
        }
        guard let best else { return nil }
        return SetbackPattern(
            title: "Being ghosted",
            statement: "Your notes mention being ghosted \(best.ghosted) times in the last \(rule.days) days: "
                + "\(best.ghosted) of your \(best.of) setbacks \(best.kind.about).",
            insight: rule.insight)
    }

    /// One day of the week holding at least `share` of the last `days` days' setbacks (and at least `atLeastOnDay` of
    /// them), by the member's own day each happened on. A tie between days says nothing.
    static func weekday(_ newestFirst: [Setback], _ rule: SetbackGuide.PatternRules.Weekday, now: Int) -> SetbackPattern? {
        let since = now - rule.days * 86_400
        let recent = newestFirst.filter { $0.happenedAt >= since && $0.happenedAt <= now }
        guard recent.count >= rule.atLeastSetbacks else { return nil }
        let counts = Dictionary(grouping: recent, by: \.day.weekdayFromMonday).mapValues(\.count)
        guard let most = counts.values.max(), counts.values.filter({ $0 == most }).count == 1,
              let weekday = counts.first(where: { $0.value == most })?.key,
              most >= rule.atLeastOnDay, Double(most) >= rule.share * Double(recent.count) else { return nil }
        let name = Day.weekdayNames[weekday]
        return SetbackPattern(
            title: "\(name)s",
            statement: "\(most) of your \(recent.count) setbacks in the last \(rule.days) days happened on a \(name).",
            insight: "It might help to plan something kind for yourself on \(name)s, or to keep that day a little lighter.")
    }

    /// The median time to move on from setbacks moved on from in the last `quarterDays` days, against the quarter
    /// before, when there are at least `atLeastEach` in each and it has got quicker.
    static func recoverySooner(_ newestFirst: [Setback], _ rule: SetbackGuide.PatternRules.Recovery, now: Int, timeZone: String) -> SetbackPattern? {
        let quarter = rule.quarterDays * 86_400
        func median(from start: Int, to end: Int) -> Double? {
            let values = newestFirst.compactMap { setback -> Double? in
                guard let movedOn = setback.movedOnAt, movedOn >= start, movedOn < end else { return nil }
                return setback.recovery(in: timeZone)?.dayValue
            }
            return values.count >= rule.atLeastEach ? Median.of(values) : nil
        }
        guard let recent = median(from: now - quarter, to: now + 1), let before = median(from: now - 2 * quarter, to: now - quarter),
              recent < before else { return nil }
        return SetbackPattern(
            title: "Bouncing back sooner",
            statement: "Moving on took a median of \(Median.words(days: recent)) in the last \(rule.quarterDays) days, against "
                + "\(Median.words(days: before)) in the \(rule.quarterDays) days before.",
            insight: "Whatever you’ve been doing to look after yourself seems to be helping.")
    }
}

/// The middle of a few values, and days as words.
public enum Median {
    public static func of(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted(), middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// "under a day", "1 day", "2.5 days".
    public static func words(days: Double) -> String {
        if days < 1 { return "under a day" }
        let text = Digits.oneDecimalOrWhole(days)
        return text == "1" ? "1 day" : "\(text) days"
    }
}
