import Domain
import Foundation
import HTTPServer
import UseCases

/// The mood calendar: a month, a day, a year, a 30-day trend and the CSV export. Only the signed-in
/// person's runs in this tenant; days are their local days.
enum CalendarHandler {
    static func month(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let account = member.account
        let today = Day.of(environment.clock(), in: account.timeZone)
        var year = today.year, month = today.month
        if let text = try context.query()["month"] {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let y = WholeNumber.parse(parts[0], in: 1970...9999, digits: 4...4),
                  let m = WholeNumber.parse(parts[1], in: 1...12, digits: 2...2)
            else { throw WebError.badRequest("Months look like 2026-11.") }
            year = y
            month = m
        }
        guard let first = Day(year: year, month: month, day: 1),
              let last = Day(year: year, month: month, day: Day.daysIn(year: year, month: month))
        else { throw WebError.badRequest("Months look like 2026-11.") }
        let summaries = try environment.moodHistory.summaries(member, from: first, through: last)
        let byDay = Dictionary(uniqueKeysWithValues: summaries.map { ($0.day, $0) })
        let weeks = MonthGrid.weeks(year: year, month: month, weekStartsOnSunday: account.weekStartsOnSunday).map { week in
            ["days": week.map { day in cell(day, byDay, today: today) }]
        }
        let runs = summaries.reduce(0) { $0 + $1.runs }
        let rated = summaries.reduce(0) { $0 + $1.rated }, total = summaries.reduce(0) { $0 + $1.moodTotal }
        let streaks = Streaks.of(days: try environment.moodHistory.activeDays(member), today: today)
        let previous = first.adding(days: -1), next = last.adding(days: 1)
        var values: [String: Any] = [
            "monthName": "\(Day.monthNames[month - 1]) \(year)",
            "weekdays": MonthGrid.weekdays(weekStartsOnSunday: account.weekStartsOnSunday).map { ["name": $0, "short": String($0.prefix(3))] },
            "weeks": weeks, "runs": runs, "runsWord": runs == 1 ? "reset" : "resets",
            "currentStreak": streaks.current, "longestStreak": streaks.longest,
            "currentDays": streaks.current == 1 ? "day" : "days", "longestDays": streaks.longest == 1 ? "day" : "days",
            "previousPath": Paths.calendarMonth(year: previous.year, month: previous.month),
            "nextPath": Paths.calendarMonth(year: next.year, month: next.month),
            "previousName": "\(Day.monthNames[previous.month - 1]) \(previous.year)",
            "nextName": "\(Day.monthNames[next.month - 1]) \(next.year)",
            "yearPath": Paths.calendarYear(year), "isEmpty": runs == 0,
            "legend": (1...5).map { ["level": $0, "label": ["1–2", "3–4", "5–6", "7–8", "9–10"][$0 - 1]] },
        ]
        if rated > 0 { values["averageMood"] = String(format: "%.1f", Double(total) / Double(rated)) }
        values.merge(try trend(member, today: today, environment)) { $1 }
        return try environment.render("calendar/month", title: "\(Day.monthNames[month - 1]) \(year) – Calendar", values,
                                      context: context)
    }

    static func day(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        guard let day = Day(try context.parameter("day")) else { throw WebError.notFound }
        let runs = try environment.moodHistory.runs(member, on: day).map { run in
            let reset = environment.library.reset(id: run.resetID)
            var values: [String: Any] = [
                "time": run.localTime, "emotion": environment.library.emotion(id: run.emotion)?.label ?? run.emotion,
                "resetName": reset?.name ?? run.resetID, "againPath": Paths.reset(run.resetID),
                "outcome": run.outcome == .completed ? "Completed" : run.outcome == .finishedEarly ? "Finished early" : "Not finished",
            ]
            if let mood = run.mood { values["mood"] = "\(mood) \(MoodScale.emoji(for: mood))" }
            if let seconds = run.durationSeconds { values["duration"] = DurationWords.of(seconds: seconds) }
            return values
        }
        return try environment.render("calendar/day", title: "\(day.longText) – Calendar", [
            "dayName": day.longText, "runs": runs, "isEmpty": runs.isEmpty,
            "monthPath": Paths.calendarMonth(year: day.year, month: day.month),
        ], context: context)
    }

    static func year(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let account = member.account
        let today = Day.of(environment.clock(), in: account.timeZone)
        var year = today.year
        if let text = try context.query()["year"] {
            guard let y = WholeNumber.parse(text, in: 1970...9999, digits: 4...4)
            else { throw WebError.badRequest("Years look like 2026.") }
            year = y
        }
        guard let first = Day(year: year, month: 1, day: 1), let last = Day(year: year, month: 12, day: 31) else { throw WebError.notFound }
        let summaries = try environment.moodHistory.summaries(member, from: first, through: last)
        let byDay = Dictionary(uniqueKeysWithValues: summaries.map { ($0.day, $0) })
        let months = (1...12).map { month in
            ["name": Day.monthNames[month - 1], "path": Paths.calendarMonth(year: year, month: month),
             "weeks": MonthGrid.weeks(year: year, month: month, weekStartsOnSunday: account.weekStartsOnSunday).map { week in
                 ["days": week.map { cell($0, byDay, today: today) }]
             }] as [String: Any]
        }
        return try environment.render("calendar/year", title: "\(year) – Calendar", [
            "year": year, "months": months, "previousPath": Paths.calendarYear(year - 1), "nextPath": Paths.calendarYear(year + 1),
            "previousYear": year - 1, "nextYear": year + 1, "runs": summaries.reduce(0) { $0 + $1.runs },
            "legend": (1...5).map { ["level": $0, "label": ["1–2", "3–4", "5–6", "7–8", "9–10"][$0 - 1]] },
        ], context: context)
    }

    static func setWeekStart(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let choice = try context.form()["week_starts_on"]
        guard choice == "monday" || choice == "sunday" else { throw WebError.badRequest("Choose Monday or Sunday.") }
        try environment.accountSettings.setWeekStart(member, sunday: choice == "sunday")
        return .redirect(to: Paths.accountAppearance + "?notice=week-start-saved")
    }

    /// One row per run: local date and time, emotion, reset id and name, completed, mood after, duration.
    static func exportCSV(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        var rows = [["date", "time", "emotion", "reset_id", "reset_name", "completed", "mood_after", "duration_seconds"]]
        for run in try environment.moodHistory.allRuns(member) {
            rows.append([run.localDay, run.localTime, run.emotion, run.resetID,
                         environment.library.reset(id: run.resetID)?.name ?? "", run.outcome == .completed ? "yes" : "no",
                         run.mood.map(String.init) ?? "", run.durationSeconds.map(String.init) ?? ""])
        }
        var response = Response(status: .ok, headers: ["Content-Type": "text/csv; charset=utf-8"], body: Array(CSV.encode(rows).utf8))
        response.headers.set("Content-Disposition", "attachment; filename=\"resett-history.csv\"")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    private static func cell(_ day: Day?, _ byDay: [Day: DaySummary], today: Day) -> [String: Any] {
        guard let day else { return ["blank": true] }
        var values: [String: Any] = ["number": day.day, "isToday": day == today, "path": Paths.calendarDay(day)]
        var label = "\(day.day) \(Day.monthNames[day.month - 1])"
        if let summary = byDay[day] {
            // Not "runs": Mustache would find the page's own "runs" for days without any.
            values["dayRuns"] = summary.runs
            label += ": \(summary.runs) reset\(summary.runs == 1 ? "" : "s")"
            if let tint = summary.tint, let mood = summary.averageMood {
                values["tint"] = tint
                label += ", average mood \(String(format: "%.1f", mood))"
            }
        } else {
            label += ": no resets"
        }
        if day == today { label += " (today)" }
        values["label"] = label
        return values
    }

    /// The last 30 days as an SVG line drawn here, with words for those who do not see it.
    static func trend(_ member: MemberScope, today: Day, _ environment: AppEnvironment) throws -> [String: Any] {
        let start = today.adding(days: -29)
        let summaries = try environment.moodHistory.summaries(member, from: start, through: today)
        let rated = summaries.filter { $0.averageMood != nil }
        guard !rated.isEmpty else { return ["trendSummary": "There are no mood ratings in the last 30 days yet."] }
        let width = 300.0, height = 120.0, pad = 10.0
        let points = rated.map { summary -> (x: Double, y: Double) in
            let x = pad + Double(summary.day.ordinal - start.ordinal) / 29 * (width - 2 * pad)
            let y = pad + (1 - ((summary.averageMood ?? 1) - 1) / 9) * (height - 2 * pad)
            return (x, y)
        }
        let polyline = points.map { String(format: "%.1f,%.1f", $0.x, $0.y) }.joined(separator: " ")
        let average = Double(rated.reduce(0) { $0 + $1.moodTotal }) / Double(rated.reduce(0) { $0 + $1.rated })
        guard let best = rated.max(by: { ($0.averageMood ?? 0) < ($1.averageMood ?? 0) }),
              let first = rated.first?.averageMood, let lastMood = rated.last?.averageMood
        else { return ["trendSummary": "There are no mood ratings in the last 30 days yet."] }
        let direction = lastMood > first + 0.5 ? "higher than" : lastMood < first - 0.5 ? "lower than" : "about the same as"
        return [
            "trendPoints": polyline,
            "trendDots": points.map { ["x": String(format: "%.1f", $0.x), "y": String(format: "%.1f", $0.y)] },
            "trendSummary": "In the last 30 days you rated your mood on \(rated.count) day\(rated.count == 1 ? "" : "s"), "
                + "averaging \(String(format: "%.1f", average)) out of 10. Your best day was \(best.day.longText) "
                + "(\(String(format: "%.1f", best.averageMood ?? 0)))."
                + (rated.count > 1 ? " Your most recent rating was \(direction) your first." : ""),
        ]
    }
}

/// RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled; lines end in CRLF.
enum CSV {
    static func encode(_ rows: [[String]]) -> String {
        rows.map { row in
            row.map { field in
                let needsQuotes = field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                return needsQuotes ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
            }.joined(separator: ",")
        }.joined(separator: "\r\n") + "\r\n"
    }
}
