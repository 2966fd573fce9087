import Domain

// The mood calendar (CalendarHandler), one view model per template in Views/calendar/.

/// `calendar/month`: a month's grid and figures, and the last 30 days' trend. Everything here comes from the
/// account's history, so a month is kept whole (`CalendarGrid`) until that history changes.
struct CalendarMonthPage: CompiledView, Sendable {
    struct Weekday: Sendable {
        let name: String
        var short: String { String(name.prefix(3)) }
    }

    let monthName: String
    let weekdays: [Weekday]
    /// `calendar/month-weeks`, drawn once with the page and kept with it.
    let weeksHTML: HTMLFragment
    let runs: Int
    let activeDays: Int
    let averageMood: String?
    let longestStreak: String
    let previousPath: String
    let previousName: String
    let nextPath: String?
    let nextName: String?
    let yearPath: String
    let isCurrent: Bool
    let colours: DayColours
    let coloursReturnTo: String
    let trend: TrendChart
    var isEmpty: Bool { runs == 0 }
    var coloursFollowCheckIns: Bool { colours.followCheckIns }
    var legendTitle: String { colours.legend.legendTitle }
    var legend: [CalendarLegend.Item] { colours.legend.legend }
    var legendNone: String { colours.legend.legendNone }
}

/// `calendar/month-weeks`: a month's rows of days, drawn once with its kept page (the month's days are most of its
/// markup, and the same on every visit until the account's history moves on).
struct MonthWeeks: CompiledView {
    let weeks: [CalendarWeek]
}

/// `calendar/year-months`: the year's small months, drawn once per version of the account's history and kept.
struct YearMonths: CompiledView {
    struct Month {
        let name: String
        /// The month's page, which the whole small month links to.
        let path: String
        let weeks: [CalendarWeek]
        /// The month's figures for screen readers (the squares are hidden from them): "3 resets, average mood 6.5".
        let summary: String

        /// A small month's figures as a screen reader hears them in its link: "3 resets, average mood 6.5, 2 check-ins",
        /// from the days it shows (`days`, and how many of them had a check-in).
        static func summary(_ days: [DaySummary], checkIns: Int) -> String {
            let runs = days.runs
            var text = runs == 0 ? "no resets" : runs == 1 ? "1 reset" : "\(runs) resets"
            if let mood = days.averageMood { text += ", average mood " + MoodNumber.text(mood) }
            if checkIns > 0 { text += checkIns == 1 ? ", 1 check-in" : ", \(checkIns) check-ins" }
            return text
        }
    }

    /// A column's weekday: its initial, shown (the squares and their columns are only a picture).
    struct Weekday {
        let name: String
        var initial: String { String(name.prefix(1)) }
    }

    let months: [Month]
    let weekdays: [Weekday]
}

/// `calendar/year`: the whole year at a glance, optionally one weekday only.
struct CalendarYearPage: CompiledView {
    struct WeekdayLink {
        let path: String
        /// "Mondays" (read out), "Mon" (shown, so the eight fit two rows on a phone).
        let name: String
        let current: Bool
        var short: String { name == "Every day" ? name : String(name.prefix(3)) }
    }

    let year: Int
    /// `calendar/year-months`, as kept.
    let monthsHTML: HTMLFragment
    let runs: Int
    let previousPath: String
    let previousYear: Int
    let nextPath: String?
    let nextYear: Int?
    let weekdayLinks: [WeekdayLink]
    let colours: DayColours
    let coloursReturnTo: String
    var runsWord: String { runs == 1 ? "reset" : "resets" }
    var coloursFollowCheckIns: Bool { colours.followCheckIns }
    var legendTitle: String { colours.legend.legendTitle }
    var legend: [CalendarLegend.Item] { colours.legend.legend }
    var legendNone: String { colours.legend.legendNone }
}

/// `calendar/day`: a day's resets and its check-in.
struct CalendarDayPage: CompiledView {
    struct RunCard {
        let time: String
        let name: String
        let feeling: String
        let outcome: String
        let mood: Int?
        let face: TrustedHTML?
        let moodBefore: Int?
        let duration: String?
        /// Only a reset still offered can be done again (an organisation may have hidden or unpublished it).
        let againPath: String?
    }

    struct CheckInPart {
        let checkInRating: String
        let checkInNote: String?
        let checkInTags: String?
        /// Today's check-in can still be changed.
        let changePath: String?
        let reflectPath: String
        let reflectLabel: String
    }

    let dayName: String
    let monthPath: String
    let monthName: String
    let isToday: Bool
    let runs: [RunCard]
    let checkIn: CheckInPart?
    /// The setbacks the member logged as happening that day, each a link to its own page.
    let setbacks: [SetbacksPage.Item]
    /// The practices finished that day ("10:15 · Humming, 2 minutes").
    let practices: [String]
    /// The glimmers kept that day, each a link to its own page.
    let glimmers: [GlimmerItem]
    var isEmpty: Bool { runs.isEmpty }
    var hasSetbacks: Bool { !setbacks.isEmpty }
    var hasPractices: Bool { !practices.isEmpty }
    var hasGlimmers: Bool { !glimmers.isEmpty }
}
