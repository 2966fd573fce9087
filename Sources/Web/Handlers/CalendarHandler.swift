import Domain
import Foundation
import HTTPServer
import UseCases

/// The mood calendar: a month, a day, a year, a 30-day trend and the CSV export. Only the signed-in
/// person's runs in this tenant; days are their local days.
enum CalendarHandler {
    static func month(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
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
        if (year, month) > (today.year, today.month) { return .redirect(to: Route.calendar.path) }
        guard let first = Day(year: year, month: month, day: 1),
              let last = Day(year: year, month: month, day: Day.daysIn(year: year, month: month))
        else { throw WebError.badRequest("Months look like 2026-11.") }
        // Drawn once for the account's history as it is (see CalendarGrid): a change to its runs or check-ins, through
        // any node, moves the version on.
        let key = CalendarGrid.Key(tenantID: account.tenantID, accountID: account.id, historyVersion: account.historyVersion,
                                   year: year, month: month, today: today, weekday: nil, weekStartsOnSunday: account.weekStartsOnSunday,
                                   followCheckIns: account.calendarFollowsCheckIns)
        let page = try environment.calendarMonths.value(key) {
            try monthPage(member, environment, first: first, last: last, today: today)
        }
        return try environment.render(page, title: "\(Day.monthNames[month - 1]) \(year) – Calendar", context: context)
    }

    /// A month's page, all of it from the account's history.
    private static func monthPage(_ member: MemberScope, _ environment: AppEnvironment, first: Day, last: Day, today: Day) throws
        -> CalendarMonthPage
    {
        let account = member.account
        let year = first.year, month = first.month
        // One read for the month and the last 30 days' trend, which overlap on the current month.
        let trendStart = today.adding(days: -29)
        let span = try environment.moodHistory.summaries(member, from: min(first, trendStart), through: max(last, today))
        let summaries = span.filter { $0.day >= first && $0.day <= last }
        let colours = DayColours(checkIns: try environment.checkIns.ratings(member, from: first, through: last),
                                 followCheckIns: account.calendarFollowsCheckIns)
        let weeks = CalendarWeek.rows(MonthGrid.weeks(year: year, month: month, weekStartsOnSunday: account.weekStartsOnSunday),
                                      summaries) { day, summary in
            // Each day with resets or a check-in links to its page, with its count and its words.
            let checkIn = colours.checkIn(day), runs = summary?.runs ?? 0
            return CalendarCell(blank: false, filteredOut: false, tint: colours.tint(day, summary), today: day == today,
                                path: runs > 0 || checkIn != nil ? Route.calendarDay(day).path : nil, number: day.day, runs: runs > 0 ? runs : nil,
                                label: CalendarCell.label(day, summary, checkIn: checkIn, today: today))
        }
        // The month's own facts, as facts: today's streak means nothing on a past month, so it isn't shown there.
        let longest = Streaks.of(days: summaries.map(\.day), today: last).longest
        let previous = first.adding(days: -1), next = last.adding(days: 1)
        let isCurrent = year == today.year && month == today.month
        return CalendarMonthPage(
            monthName: "\(Day.monthNames[month - 1]) \(year)",
            weekdays: MonthGrid.weekdays(weekStartsOnSunday: account.weekStartsOnSunday).map(CalendarMonthPage.Weekday.init),
            weeksHTML: MonthWeeks(weeks: weeks).fragment(capacity: 16_384), runs: summaries.runs, activeDays: summaries.count,
            averageMood: summaries.averageMood.map(MoodNumber.text),
            longestStreak: longest == 1 ? "1 day" : "\(longest) days",
            previousPath: Route.calendarMonth(year: previous.year, month: previous.month),
            previousName: "\(Day.monthNames[previous.month - 1]) \(previous.year)",
            nextPath: isCurrent ? nil : Route.calendarMonth(year: next.year, month: next.month),
            nextName: isCurrent ? nil : "\(Day.monthNames[next.month - 1]) \(next.year)",
            yearPath: Route.calendarYear(year), isCurrent: isCurrent, colours: colours,
            coloursReturnTo: Route.calendarMonth(year: year, month: month),
            trend: TrendChart(span.filter { $0.day >= trendStart && $0.day <= today }, start: trendStart))
    }

    static func day(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ day: Day) throws -> Response {
        let account = member.account, tenant = context.scope.tenant
        let today = Day.of(environment.clock(), in: account.timeZone)
        // The day's resets, setbacks and practices are read once for the account's history as it is (each moves the
        // version on by trigger), and which resets are offered moves the tenant's. The person's own words (the
        // check-in's note, the glimmers) are read on each visit and never kept, so no one's words outlive the page.
        let key = CalendarGrid.DayKey(tenantID: tenant.id, configVersion: tenant.configVersion, accountID: account.id,
                                      historyVersion: account.historyVersion, timeZone: account.timeZone, day: day)
        let kept = try environment.calendarDays.value(key) { try keptDay(context, environment, member, day) }
        var checkIn: CalendarDayPage.CheckInPart?
        if let found = try environment.checkIns.checkIns(member, from: day, through: day).first {
            // A reflection on any day with a check-in, begun here or after the check-in.
            let reflection = try environment.reflections.reflection(member, on: day)
            checkIn = .init(checkInRating: found.rating.label, checkInNote: found.note.isEmpty ? nil : found.note,
                            checkInTags: found.tags.isEmpty ? nil : found.tags.map(\.label).joined(separator: ", "),
                            changePath: day == today ? Route.checkIn.path : nil, reflectPath: ReflectionHandler.path(day, member, environment),
                            reflectLabel: reflection == nil ? (day == today ? "Reflect on today" : "Reflect on this day")
                                : reflection?.isComplete == true ? "See your reflection" : "Carry on reflecting")
        }
        let page = CalendarDayPage(dayName: day.longText, monthPath: Route.calendarMonth(year: day.year, month: day.month),
                                   monthName: "\(Day.monthNames[day.month - 1]) \(day.year)", isToday: day == today, runs: kept.runs,
                                   checkIn: checkIn, setbacks: kept.setbacks, practices: kept.practices,
                                   glimmers: try environment.glimmers.between(member, day, day).map(GlimmersHandler.item))
        return try environment.render(page, title: "\(day.longText) – Calendar", context: context)
    }

    /// What a day's page keeps: its resets, setbacks and practices, none of which holds words a person wrote.
    private static func keptDay(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ day: Day) throws
        -> CalendarGrid.KeptDay
    {
        let names = try environment.resetChoices.names(context.scope.tenant)
        let runs = try environment.moodHistory.runs(member, on: day).map { run in
            let name = names[run.resetID] ?? run.resetID
            return CalendarDayPage.RunCard(
                time: run.localTime, name: name, feeling: environment.library.emotion(id: run.emotion)?.label ?? run.emotion,
                outcome: run.outcome == .completed ? "Completed" : run.outcome == .finishedEarly ? "Finished early" : "Not finished",
                mood: run.mood, face: run.mood.map { TrustedHTML(markup: MoodView.face($0)) }, moodBefore: run.moodBefore,
                duration: run.durationSeconds.map { DurationWords.of(seconds: $0) },
                againPath: try environment.resetChoices.reset(context.scope, id: run.resetID) != nil ? Route.reset(run.resetID).path : nil)
        }
        return CalendarGrid.KeptDay(
            runs: runs, setbacks: try environment.setbacks.between(member, day, day).map { SetbacksHandler.item($0, member.account.timeZone) },
            practices: try environment.practices.between(member, day, day).map {
                PracticesHandler.line($0, environment.practiceLibrary, zone: member.account.timeZone)
            })
    }

    static func year(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let account = member.account
        let today = Day.of(environment.clock(), in: account.timeZone)
        var year = today.year
        if let text = try context.query()["year"] {
            guard let y = WholeNumber.parse(text, in: 1970...9999, digits: 4...4)
            else { throw WebError.badRequest("Years look like 2026.") }
            year = y
        }
        if year > today.year { return .redirect(to: Route.calendarYear(today.year)) }
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
            // Filtered to one weekday ("only Mondays"): the others keep their place in the grid, empty, and the
            // month's figures count only the days shown.
            let shown = { (day: Day) in weekday == nil || day.weekdayFromMonday == weekday }
            let months = (1...(year == today.year ? today.month : 12)).map { month in
                let weeks = CalendarWeek.rows(MonthGrid.weeks(year: year, month: month, weekStartsOnSunday: account.weekStartsOnSunday),
                                              summaries) { day, summary in
                    shown(day) ? CalendarCell(blank: false, filteredOut: false, tint: colours.tint(day, summary), today: day == today,
                                              path: nil, number: day.day, runs: nil, label: "") : .filtered
                }
                let figures = YearMonths.Month.summary(summaries.filter { $0.day.month == month && shown($0.day) },
                                                       checkIns: colours.checkIns.keys.count { $0.month == month && shown($0) })
                return YearMonths.Month(name: Day.monthNames[month - 1], path: Route.calendarMonth(year: year, month: month),
                                        weeks: weeks, summary: figures)
            }
            return CalendarGrid.Grid(months: YearMonths(months: months, weekdays: MonthGrid.weekdays(weekStartsOnSunday: account.weekStartsOnSunday).map(YearMonths.Weekday.init))
                .fragment(capacity: 65_536), runs: summaries.runs)
        }
        let colours = DayColours(checkIns: [:], followCheckIns: account.calendarFollowsCheckIns)
        let links = ([nil] + Day.weekdayNames.indices.map { Optional($0) }).map { index in
            CalendarYearPage.WeekdayLink(path: Route.calendarYear(year) + (index.map { "&weekday=" + Day.weekdayNames[$0].lowercased() } ?? ""),
                                         name: index.map { Day.weekdayNames[$0] + "s" } ?? "Every day", current: index == weekday)
        }
        // No link to a year that hasn't happened.
        let page = CalendarYearPage(year: year, monthsHTML: grid.months, runs: grid.runs, previousPath: Route.calendarYear(year - 1),
                                    previousYear: year - 1, nextPath: year < today.year ? Route.calendarYear(year + 1) : nil,
                                    nextYear: year < today.year ? year + 1 : nil, weekdayLinks: links, colours: colours,
                                    coloursReturnTo: Route.calendarYear(year))
        return try environment.render(page, title: "\(year) – Calendar", context: context)
    }

    /// What the calendar's colours follow: resets (their moods) or check-ins; back to the page the choice was made on.
    static func setColours(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        guard let choice = form["colours"], choice == "resets" || choice == "check-ins" else {
            throw WebError.badRequest("Choose resets or check-ins.")
        }
        try environment.accountSettings.setCalendarColours(member, followCheckIns: choice == "check-ins")
        // Back to the calendar page the choice was made on: only one of ours, so the form can never send anyone elsewhere.
        let back = form["return_to"].flatMap { path in
            path.wholeMatch(of: /\/calendar(\?month=[0-9]{4}-[0-9]{2}|\/year\?year=[0-9]{4})?/) != nil ? path : nil
        }
        return .redirect(to: back ?? Route.calendar.path)
    }

    static func setWeekStart(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let choice = try context.form()["week_starts_on"]
        guard choice == "monday" || choice == "sunday" else { throw WebError.badRequest("Choose Monday or Sunday.") }
        try environment.accountSettings.setWeekStart(member, sunday: choice == "sunday")
        return .redirect(to: Route.accountAppearance.path + "?notice=week-start-saved")
    }

    /// One row per run: local date and time, emotion, reset id and name, completed, mood before and after, duration.
    static func exportCSV(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        var rows = [["date", "time", "emotion", "reset_id", "reset_name", "completed", "mood_before", "mood_after", "duration_seconds"]]
        let names = try environment.resetChoices.names(context.scope.tenant)
        for run in try environment.moodHistory.allRuns(member) {
            rows.append([run.localDay, run.localTime, run.emotion, run.resetID, names[run.resetID] ?? "", run.outcome == .completed ? "yes" : "no",
                         run.moodBefore.map(String.init) ?? "", run.mood.map(String.init) ?? "", run.durationSeconds.map(String.init) ?? ""])
        }
        return CSV.download(rows, filename: "resett-history.csv")
    }
}

/// A mood average as people say it: "7" for a whole number, else one decimal place ("6.5").
enum MoodNumber {
    static func text(_ value: Double) -> String { Digits.oneDecimalOrWhole(value) }
}
