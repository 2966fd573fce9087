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
        // There is nothing to see in a month that hasn't happened yet.
        if (year, month) > (today.year, today.month) { return .redirect(to: Paths.calendar) }
        guard let first = Day(year: year, month: month, day: 1),
              let last = Day(year: year, month: month, day: Day.daysIn(year: year, month: month))
        else { throw WebError.badRequest("Months look like 2026-11.") }
        // Drawn once for the account's history as it is (see CalendarGrid): a change to its runs or check-ins, through
        // any node, moves the version on.
        let key = CalendarGrid.Key(tenantID: account.tenantID, accountID: account.id, historyVersion: account.historyVersion,
                                   year: year, month: month, today: today, weekday: nil, weekStartsOnSunday: account.weekStartsOnSunday,
                                   followCheckIns: account.calendarFollowsCheckIns)
        var values = try environment.calendarMonths.value(key) {
            try monthValues(member, environment, first: first, last: last, today: today)
        }.values
        values["legendHTML"] = account.calendarFollowsCheckIns ? checkInLegendHTML : legendHTML(environment)
        return try environment.render("calendar/month", title: "\(Day.monthNames[month - 1]) \(year) – Calendar", values,
                                      context: context)
    }

    /// Everything on a month's page that comes from the account's history (all but the legend).
    private static func monthValues(_ member: MemberScope, _ environment: AppEnvironment, first: Day, last: Day, today: Day) throws
        -> CalendarGrid.Month
    {
        let account = member.account
        let year = first.year, month = first.month
        // One read for the month and the last 30 days' trend, which overlap on the current month.
        let trendStart = today.adding(days: -29)
        let span = try environment.moodHistory.summaries(member, from: min(first, trendStart), through: max(last, today))
        let summaries = span.filter { $0.day >= first && $0.day <= last }
        let colours = DayColours(checkIns: try environment.checkIns.ratings(member, from: first, through: last),
                                 followCheckIns: account.calendarFollowsCheckIns)
        let weeks = monthRows(MonthGrid.weeks(year: year, month: month, weekStartsOnSunday: account.weekStartsOnSunday), summaries,
                              today: today, colours: colours)
        let runs = summaries.reduce(0) { $0 + $1.runs }
        let rated = summaries.reduce(0) { $0 + $1.rated }, total = summaries.reduce(0) { $0 + $1.moodTotal }
        // The month's own facts, as facts: today's streak means nothing on a past month, so it isn't shown there.
        let longest = Streaks.of(days: summaries.map(\.day), today: last).longest
        let previous = first.adding(days: -1), next = last.adding(days: 1)
        let isCurrent = year == today.year && month == today.month
        var values: [String: Any] = [
            "monthName": "\(Day.monthNames[month - 1]) \(year)",
            "weekdaysHTML": account.weekStartsOnSunday ? weekdaysFromSunday : weekdaysFromMonday,
            "weeks": weeks, "runs": runs, "activeDays": summaries.count,
            "longestStreak": longest == 1 ? "1 day" : "\(longest) days",
            "previousPath": Paths.calendarMonth(year: previous.year, month: previous.month),
            "previousName": "\(Day.monthNames[previous.month - 1]) \(previous.year)",
            "yearPath": Paths.calendarYear(year), "isEmpty": runs == 0, "isCurrent": isCurrent,
            "coloursFollowCheckIns": colours.followCheckIns, "coloursReturnTo": Paths.calendarMonth(year: year, month: month),
        ]
        if !isCurrent {
            values["nextPath"] = Paths.calendarMonth(year: next.year, month: next.month)
            values["nextName"] = "\(Day.monthNames[next.month - 1]) \(next.year)"
        }
        if rated > 0 { values["averageMood"] = MoodNumber.text(Double(total) / Double(rated)) }
        values.merge(trend(span.filter { $0.day >= trendStart && $0.day <= today }, start: trendStart)) { $1 }
        return CalendarGrid.Month(values: values, byteCount: weeks.byteCount + 8192)
    }

    static func day(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        guard let day = Day(try context.parameter("day")) else { throw WebError.notFound }
        let names = try environment.resetChoices.names(context.scope.tenant)
        // The runs written here, not as a template section over a list (which sends the whole page through
        // swift-mustache: a quarter of this page's time). Every value is escaped; the face is our own SVG.
        let runs = try environment.moodHistory.runs(member, on: day)
        var runsHTML = HTMLFragment(capacity: 1024 * max(1, runs.count))
        for run in runs {
            let name = names[run.resetID] ?? run.resetID
            runsHTML.raw("<li class=\"card\">\n    <h2>"); runsHTML.escaped(run.localTime); runsHTML.raw(" · "); runsHTML.escaped(name)
            runsHTML.raw("</h2>\n    <ul class=\"run-facts\">\n      <li><span class=\"fact-label\">Feeling</span> <span class=\"fact-value\">")
            runsHTML.escaped(environment.library.emotion(id: run.emotion)?.label ?? run.emotion)
            runsHTML.raw("</span></li>\n      <li><span class=\"fact-label\">How it went</span> <span class=\"fact-value\">")
            runsHTML.raw(run.outcome == .completed ? "Completed" : run.outcome == .finishedEarly ? "Finished early" : "Not finished")
            runsHTML.raw("</span></li>\n")
            if let mood = run.mood {
                runsHTML.raw("      <li class=\"mood-"); runsHTML.number(mood)
                runsHTML.raw("\"><span class=\"fact-label\">Mood</span> <span class=\"fact-value fact-mood\">"); runsHTML.raw(MoodView.face(mood))
                runsHTML.raw(" ")
                if let before = run.moodBefore { runsHTML.number(before); runsHTML.raw(" to ") }
                runsHTML.number(mood); runsHTML.raw("</span></li>\n")
            }
            if let seconds = run.durationSeconds {
                runsHTML.raw("      <li><span class=\"fact-label\">Time taken</span> <span class=\"fact-value\">")
                runsHTML.escaped(DurationWords.of(seconds: seconds)); runsHTML.raw("</span></li>\n")
            }
            runsHTML.raw("    </ul>\n")
            // Only a reset still offered can be done again (an organisation may have hidden or unpublished it).
            if try environment.resetChoices.reset(context.scope, id: run.resetID) != nil {
                runsHTML.raw("    <p><a href=\""); runsHTML.escaped(Paths.reset(run.resetID)); runsHTML.raw("\">Do "); runsHTML.escaped(name)
                runsHTML.raw(" again</a></p>\n")
            }
            runsHTML.raw("  </li>\n")
        }
        let today = Day.of(environment.clock(), in: member.account.timeZone)
        // The check-in as flat names: a section over a dictionary would send the page through swift-mustache too.
        var checkIn: [String: Any]?
        if let found = try environment.checkIns.checkIns(member, from: day, through: day).first {
            var values: [String: Any] = ["checkInRating": found.rating.label]
            if !found.note.isEmpty { values["checkInNote"] = found.note }
            if !found.tags.isEmpty { values["checkInTags"] = found.tags.map(\.label).joined(separator: ", ") }
            if day == today { values["changePath"] = Paths.checkIn }
            // A reflection on any day with a check-in, begun here or after the check-in.
            let reflection = try environment.reflections.reflection(member, on: day)
            values["reflectPath"] = ReflectionHandler.path(day, member, environment)
            values["reflectLabel"] = reflection == nil ? (day == today ? "Reflect on today" : "Reflect on this day")
                : reflection?.isComplete == true ? "See your reflection" : "Carry on reflecting"
            checkIn = values
        }
        var pageValues: [String: Any] = [
            "dayName": day.longText, "runsHTML": runsHTML, "isEmpty": runs.isEmpty, "isToday": day == today,
            "monthPath": Paths.calendarMonth(year: day.year, month: day.month),
            "monthName": "\(Day.monthNames[day.month - 1]) \(day.year)",
        ]
        if let checkIn { pageValues.merge(checkIn) { $1 } }
        return try environment.render("calendar/day", title: "\(day.longText) – Calendar", pageValues, context: context)
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
        if year > today.year { return .redirect(to: Paths.calendarYear(today.year)) }
        guard let first = Day(year: year, month: 1, day: 1), let last = Day(year: year, month: 12, day: 31) else { throw WebError.notFound }
        // Only one weekday, if asked ("only Mondays"), to see a pattern across the weeks.
        var weekday: Int?
        if let text = try context.query()["weekday"] {
            guard let index = Day.weekdayNames.firstIndex(where: { $0.lowercased() == text }) else {
                throw WebError.badRequest("Weekdays are monday to sunday.")
            }
            weekday = index
        }
        let key = CalendarGrid.Key(tenantID: account.tenantID, accountID: account.id, historyVersion: account.historyVersion,
                                        year: year, month: 0, today: today, weekday: weekday, weekStartsOnSunday: account.weekStartsOnSunday,
                                        followCheckIns: account.calendarFollowsCheckIns)
        let grid = try environment.calendarGrids.value(key) {
            let summaries = try environment.moodHistory.summaries(member, from: first, through: last)
            let colours = DayColours(checkIns: try environment.checkIns.ratings(member, from: first, through: last),
                                     followCheckIns: account.calendarFollowsCheckIns)
            var months = HTMLFragment(capacity: 65_536)
            for month in 1...(year == today.year ? today.month : 12) {
                let name = Day.monthNames[month - 1]
                months.raw("<section class=\"mini-month\" aria-label=\""); months.raw(name); months.raw("\">\n<h2><a href=\"")
                months.raw(Paths.calendarMonth(year: year, month: month)); months.raw("\">"); months.raw(name)
                months.raw("</a></h2>\n<table class=\"mini-grid\"><tbody>\n")
                yearRows(MonthGrid.weeks(year: year, month: month, weekStartsOnSunday: account.weekStartsOnSunday), summaries,
                         today: today, colours: colours, weekday: weekday, into: &months)
                months.raw("</tbody></table>\n</section>\n")
            }
            return CalendarGrid.Grid(months: months, runs: summaries.reduce(0) { $0 + $1.runs })
        }
        let runs = grid.runs, followCheckIns = account.calendarFollowsCheckIns
        var values: [String: Any] = [
            "year": year, "monthsHTML": grid.months, "previousPath": Paths.calendarYear(year - 1), "previousYear": year - 1,
            "runs": runs, "runsWord": runs == 1 ? "reset" : "resets",
            "legendHTML": followCheckIns ? checkInLegendHTML : legendHTML(environment),
            "coloursFollowCheckIns": followCheckIns, "coloursReturnTo": Paths.calendarYear(year),
            "weekdayLinksHTML": weekdayLinks(year: year, current: weekday),
        ]
        // No link to a year that hasn't happened (an empty string would still count as present in a template).
        if year < today.year { values["nextPath"] = Paths.calendarYear(year + 1); values["nextYear"] = year + 1 }
        return try environment.render("calendar/year", title: "\(year) – Calendar", values, context: context)
    }

    /// "Every day", "Mondays" … "Sundays": built here rather than as a template section, whose eight items cost more
    /// lookups than the rest of the page.
    private static func weekdayLinks(year: Int, current: Int?) -> HTMLFragment {
        var html = HTMLFragment(capacity: 1024)
        for index in [nil] + Day.weekdayNames.indices.map({ Optional($0) }) {
            html.raw("<a href=\"")
            html.escaped(Paths.calendarYear(year) + (index.map { "&weekday=" + Day.weekdayNames[$0].lowercased() } ?? ""))
            html.raw(index == current ? "\" aria-current=\"page\">" : "\">")
            html.escaped(index.map { Day.weekdayNames[$0] + "s" } ?? "Every day")
            html.raw("</a>")
        }
        return html
    }

    /// What the calendar's colours follow: resets (their moods) or check-ins; back to the page the choice was made on.
    static func setColours(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let form = try context.form()
        guard let choice = form["colours"], choice == "resets" || choice == "check-ins" else {
            throw WebError.badRequest("Choose resets or check-ins.")
        }
        try environment.accountSettings.setCalendarColours(member, followCheckIns: choice == "check-ins")
        // Back to the calendar page the choice was made on: only one of ours, so the form can never send anyone elsewhere.
        let back = form["return_to"].flatMap { path in
            path.wholeMatch(of: /\/calendar(\?month=[0-9]{4}-[0-9]{2}|\/year\?year=[0-9]{4})?/) != nil ? path : nil
        }
        return .redirect(to: back ?? Paths.calendar)
    }

    static func setWeekStart(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        let choice = try context.form()["week_starts_on"]
        guard choice == "monday" || choice == "sunday" else { throw WebError.badRequest("Choose Monday or Sunday.") }
        try environment.accountSettings.setWeekStart(member, sunday: choice == "sunday")
        return .redirect(to: Paths.accountAppearance + "?notice=week-start-saved")
    }

    /// One row per run: local date and time, emotion, reset id and name, completed, mood before and after, duration.
    static func exportCSV(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.member()
        var rows = [["date", "time", "emotion", "reset_id", "reset_name", "completed", "mood_before", "mood_after", "duration_seconds"]]
        let names = try environment.resetChoices.names(context.scope.tenant)
        for run in try environment.moodHistory.allRuns(member) {
            rows.append([run.localDay, run.localTime, run.emotion, run.resetID, names[run.resetID] ?? "", run.outcome == .completed ? "yes" : "no",
                         run.moodBefore.map(String.init) ?? "", run.mood.map(String.init) ?? "", run.durationSeconds.map(String.init) ?? ""])
        }
        return CSV.download(rows, filename: "resett-history.csv")
    }

    /// The colour key, the same on every calendar page: rendered from its partial once and kept.
    private static func legendHTML(_ environment: AppEnvironment) -> String {
        environment.fragments.fragment("partials/calendar-legend", renderer: environment.renderer) {
            ["legend": (1...5).map { ["level": String($0), "label": ["1–2", "3–4", "5–6", "7–8", "9–10"][$0 - 1]] }]
        }
    }

    /// The month grid's head row for either first day of the week: the same for everyone, so written once.
    private static let weekdaysFromMonday = weekdayCells(MonthGrid.weekdays(weekStartsOnSunday: false))
    private static let weekdaysFromSunday = weekdayCells(MonthGrid.weekdays(weekStartsOnSunday: true))
    private static func weekdayCells(_ names: [String]) -> String {
        var html = HTMLFragment()
        for name in names {
            html.raw("<th scope=\"col\" abbr=\""); html.escaped(name); html.raw("\">"); html.escaped(String(name.prefix(3))); html.raw("</th>")
        }
        return html.text
    }

    /// A day's words for screen readers, the same for the month and the year, written straight into the grid:
    /// "3 November: 2 resets, average mood 6.5 (today)".
    private static func label(_ day: Day, _ summary: DaySummary?, checkIn: CheckInRating?, today: Day, into html: inout HTMLFragment) {
        html.number(day.day); html.raw(" "); html.raw(Day.monthNames[day.month - 1])
        if let summary {
            html.raw(": "); html.number(summary.runs); html.raw(summary.runs == 1 ? " reset" : " resets")
            if let mood = summary.averageMood { html.raw(", average mood "); html.oneDecimalOrWhole(mood) }
        } else {
            html.raw(": no resets")
        }
        if let checkIn { html.raw(", checked in: "); html.raw(checkIn.label) }
        if day == today { html.raw(" (today)") }
    }

    /// What a day's colour follows: the resets' average mood, or the check-in's rating (Horrible to Great, five tints).
    struct DayColours {
        let checkIns: [Day: CheckInRating]
        let followCheckIns: Bool

        func tint(_ day: Day, _ summary: DaySummary?) -> Int? {
            followCheckIns ? checkIns[day]?.rawValue : summary?.tint
        }

        func checkIn(_ day: Day) -> CheckInRating? { checkIns.isEmpty ? nil : checkIns[day] }
    }

    /// The colour key when colours follow check-ins.
    static let checkInLegendHTML: String = {
        var html = HTMLFragment(capacity: 1024)
        html.raw("<div class=\"legend\" aria-label=\"Colour key\">\n  <span class=\"legend-title\">Check-in:</span>\n  ")
        for rating in CheckInRating.allCases {
            html.raw("<span class=\"legend-item\"><span class=\"swatch tint-"); html.number(rating.rawValue)
            html.raw("\" aria-hidden=\"true\"></span>"); html.raw(rating.label); html.raw("</span>")
        }
        html.raw("\n  <span class=\"legend-item\"><span class=\"swatch\" aria-hidden=\"true\"></span>no check-in</span>\n</div>")
        return html.text
    }()

    /// A grid's rows, a week a row: `blank` for the days outside the month, `cell` writes each day's cell with the
    /// day's summary (nil on a day without resets).
    private static func rows(_ weeks: [[Day?]], _ summaries: [DaySummary], blank: StaticString, into html: inout HTMLFragment,
                             cell: (inout HTMLFragment, Day, DaySummary?) -> Void) {
        // Summaries come ordered by day, as the grid walks them: one pass, no dictionary.
        var next = 0
        for week in weeks {
            html.raw("<tr>")
            for day in week {
                guard let day else { html.raw(blank); continue }
                while next < summaries.count, summaries[next].day < day { next += 1 }
                cell(&html, day, next < summaries.count && summaries[next].day == day ? summaries[next] : nil)
            }
            html.raw("</tr>\n")
        }
    }

    /// The month's grid rows: each day with resets links to its page, with its count and its words.
    static func monthRows(_ weeks: [[Day?]], _ summaries: [DaySummary], today: Day, colours: DayColours) -> HTMLFragment {
        var html = HTMLFragment(capacity: 8192)
        rows(weeks, summaries, blank: "<td class=\"blank\"></td>", into: &html) { html, day, summary in
            let checkIn = colours.checkIn(day)
            let runs = summary?.runs ?? 0
            let linked = runs > 0 || checkIn != nil
            html.raw("<td class=\"day")
            if let tint = colours.tint(day, summary) { html.raw(" tint-"); html.number(tint) }
            if day == today { html.raw(" today") }
            html.raw("\">")
            if linked { html.raw("<a href=\""); html.raw(Paths.calendarDay(day)); html.raw("\">") }
            html.raw("<span aria-hidden=\"true\" class=\"day-number\">"); html.number(day.day); html.raw("</span>")
            if runs > 0 { html.raw("<span aria-hidden=\"true\" class=\"day-count\">"); html.number(runs); html.raw("</span>") }
            html.raw("<span class=\"visually-hidden\">"); label(day, summary, checkIn: checkIn, today: today, into: &html); html.raw("</span>")
            if linked { html.raw("</a>") }
            html.raw("</td>")
        }
        return html
    }

    /// A month of the year view: small squares in the mood's colour; each past day a link to its page.
    static func yearRows(_ weeks: [[Day?]], _ summaries: [DaySummary], today: Day, colours: DayColours, weekday: Int?,
                         into html: inout HTMLFragment) {
        rows(weeks, summaries, blank: "<td></td>", into: &html) { html, day, summary in
            // Filtered to one weekday: the others keep their place in the grid, empty.
            if let weekday, day.weekdayFromMonday != weekday { html.raw("<td class=\"mini-day filtered-out\"></td>"); return }
            html.raw("<td class=\"mini-day")
            if let tint = colours.tint(day, summary) { html.raw(" tint-"); html.number(tint) }
            if day == today { html.raw(" today") }
            html.raw("\">")
            // The link's name as its label, not as hidden text inside it: a year is 365 of these, and the shorter
            // markup is a quarter of the page's bytes. The label is digits and our own words, nothing to escape.
            if day <= today {
                html.raw("<a href=\""); html.raw(Paths.calendarDayPrefix); html.day(day); html.raw("\" aria-label=\"")
                label(day, summary, checkIn: colours.checkIn(day), today: today, into: &html); html.raw("\"></a>")
            }
            html.raw("</td>")
        }
    }

    /// The last 30 days (from `start`, ordered by day) as an SVG line drawn here, with words for those who do not see it.
    static func trend(_ summaries: [DaySummary], start: Day) -> [String: Any] {
        let rated = summaries.filter { $0.averageMood != nil }
        guard !rated.isEmpty else { return ["trendSummary": "There are no mood ratings in the last 30 days yet."] }
        // The plot area sits inside room for the axes' labels: moods 1, 5 and 10 up the left, dates along the bottom.
        let left = 30.0, right = 310.0, top = 10.0, bottom = 120.0
        func y(_ mood: Double) -> Double { top + (1 - (mood - 1) / 9) * (bottom - top) }
        let points = rated.map { summary -> (x: Double, y: Double) in
            (left + Double(summary.day.ordinal - start.ordinal) / 29 * (right - left), y(summary.averageMood ?? 1))
        }
        let polyline = points.map { Digits.oneDecimal($0.x) + "," + Digits.oneDecimal($0.y) }.joined(separator: " ")
        let average = Double(rated.reduce(0) { $0 + $1.moodTotal }) / Double(rated.reduce(0) { $0 + $1.rated })
        guard let best = rated.max(by: { ($0.averageMood ?? 0) < ($1.averageMood ?? 0) }) else {
            return ["trendSummary": "There are no mood ratings in the last 30 days yet."]
        }
        // The gridlines with their labels and a dot per rated day, written here rather than as 30 template sections.
        var marks = HTMLFragment(capacity: 4096)
        for mood in [1, 5, 10] {
            let lineY = Digits.oneDecimal(y(Double(mood)))
            marks.raw("<line class=\"trend-grid\" x1=\"30\" y1=\""); marks.raw(lineY); marks.raw("\" x2=\"310\" y2=\""); marks.raw(lineY)
            marks.raw("\"></line><text class=\"trend-label\" x=\"22\" y=\""); marks.raw(Digits.oneDecimal(y(Double(mood)) + 4))
            marks.raw("\" text-anchor=\"end\">"); marks.number(mood); marks.raw("</text>")
        }
        var dots = HTMLFragment(capacity: 2048)
        for point in points {
            dots.raw("<circle class=\"trend-dot\" cx=\""); dots.raw(Digits.oneDecimal(point.x)); dots.raw("\" cy=\"")
            dots.raw(Digits.oneDecimal(point.y)); dots.raw("\" r=\"3\"></circle>")
        }
        return [
            "trendPoints": polyline, "trendTicksHTML": marks.text, "trendDotsHTML": dots.text,
            "trendStart": "\(start.day) \(Day.monthNames[start.month - 1].prefix(3))", "trendEnd": "Today",
            // Facts, never a verdict: how often, the average, the highest.
            "trendSummary": "In the last 30 days you rated your mood on \(rated.count) day\(rated.count == 1 ? "" : "s"), "
                + "\(MoodNumber.text(average)) out of 10 on average. Your highest was \(MoodNumber.text(best.averageMood ?? 0)), "
                + "on \(best.day.longText).",
        ]
    }
}

/// A mood average as people say it: "7" for a whole number, else one decimal place ("6.5").
enum MoodNumber {
    static func text(_ value: Double) -> String { Digits.oneDecimalOrWhole(value) }
}
