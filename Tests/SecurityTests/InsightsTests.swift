import Testing
@testable import Domain

/// Insights are arithmetic on the person's own data, said only with enough behind them.
@Suite("Insights")
struct InsightsTests {
    let today = Day("2026-11-22")!  // a Sunday

    func checkIns(_ ratings: [Int], tags: (Int) -> [CheckInTag] = { _ in [] }) -> [CheckIn] {
        ratings.enumerated().map { index, rating in
            CheckIn(day: today.adding(days: -index), rating: CheckInRating(rawValue: rating)!, note: "", tags: tags(index))
        }
    }

    func run(_ reset: String, before: Int?, after: Int?) -> Run {
        Run(id: "r", accountID: AccountID(stored: "a"), resetID: reset, emotion: "stressed", startedAt: 0, localDay: "2026-11-20", localTime: "09:00",
            stepCount: 5, stepsReached: 5, outcome: .completed, finishedAt: 60, mood: after, durationSeconds: 60, moodBefore: before)
    }

    @Test func theDistributionNeedsAWeekOfCheckIns() {
        let few = Insights.distribution(checkIns([5, 4, 3, 2, 1, 5]))
        #expect(few.lines.isEmpty && few.notEnough == "Not enough yet: this needs 7 check-ins, and there are 6 so far.")
        let week = Insights.distribution(checkIns([5, 5, 4, 3, 3, 3, 1]))
        #expect(week.notEnough == nil)
        #expect(week.lines == ["From 7 check-ins.", "Great: 2 days (29%)", "Good: 1 day (14%)", "Average: 3 days (43%)",
                               "Bad: 0 days (0%)", "Horrible: 1 day (14%)"])
    }

    @Test func weekdaysNeedThreeCheckInsOnTwoOfThem() {
        // 21 days back from a Sunday: three of every weekday; Sundays Great, Mondays Horrible, the rest Average.
        let ratings = (0..<21).map { index -> Int in
            switch today.adding(days: -index).weekdayFromMonday { case 6: 5; case 0: 1; default: 3 }
        }
        let section = Insights.weekdays(checkIns(ratings))
        #expect(section.lines == ["Sundays have been your best days on average (5 out of 5, from 3 check-ins).",
                                  "Mondays have been harder (1 out of 5, from 3 check-ins)."])
        #expect(Insights.weekdays(checkIns([5, 4, 3, 2, 1, 5, 4])).notEnough != nil, "one of each weekday is not a pattern")
    }

    @Test func aResetNeedsThreeRatedRunsBeforeAndAfter() {
        let runs = [run("walk", before: 3, after: 6), run("walk", before: 4, after: 6), run("breath", before: 5, after: 6),
                    run("breath", before: 5, after: nil), run("breath", before: nil, after: 9)]
        #expect(Insights.resets(Insights.ResetLift.of(runs), names: ["walk": "Grounding walk"]).notEnough
                == "Not enough yet: this needs 3 rated resets (before and after) of one kind, and there are 2 so far.")
        let more = runs + [run("walk", before: 2, after: 4), run("breath", before: 6, after: 5)]
        #expect(Insights.resets(Insights.ResetLift.of(more), names: ["walk": "Grounding walk"]).lines == ["Grounding walk: mood up 2.3 on average, from 3 times."])
    }

    @Test func tagsAreComparedOnlyWithEnoughDaysEitherSide() {
        // Sleep on four Great days, none on four Bad ones: worth saying; work on every day: nothing to compare.
        let days = checkIns([5, 5, 5, 5, 2, 2, 2, 2], tags: { $0 < 4 ? [.sleep, .work] : [.work] })
        #expect(Insights.tags(days).lines == ["Days about sleep averaged 5 out of 5 (4 days), other days 2 (4 days)."])
        #expect(Insights.tags(Array(days.prefix(7))).notEnough != nil, "three days without sleep is too few")
    }

    @Test func streaksAreFactsNotPressure() {
        let section = Insights.streaks(checkIns([3, 3, 3]), today: today)
        #expect(section.lines == ["You’ve checked in on 3 days.", "Your longest run of days in a row: 3.", "You’ve checked in 3 days in a row now."])
        let lapsed = Insights.streaks([CheckIn(day: today.adding(days: -10), rating: .good, note: "", tags: [])], today: today)
        #expect(lapsed.lines.joined().contains("in a row now") == false && !lapsed.lines.joined().lowercased().contains("miss"))
    }
}

/// The weekly digest: sentences a person would say, and the seven days its chart draws.
struct WeekDigestTests {
    @Test func theWeekReadsNaturallyAndCountsEachDay() throws {
        let today = try #require(Day(year: 2026, month: 11, day: 26))  // a Thursday
        let checkIns = [CheckIn(day: today, rating: .good, note: "", tags: []),
                        CheckIn(day: today.adding(days: -2), rating: .bad, note: "", tags: [])]
        let runs = [Run(id: "r", accountID: AccountID(stored: "a"), resetID: "box", emotion: "stressed", startedAt: 0, localDay: today.description,
                        stepCount: 5, stepsReached: 5, outcome: .completed, finishedAt: 60, mood: 7, durationSeconds: 60, moodBefore: 4)]
        let digest = WeekDigest.of(checkIns: checkIns, runs: runs, resetNames: ["box": "Box Breathing"], today: today)
        #expect(digest.helped.contains("Your mood lifted by 3 points after 1 reset of Box Breathing."))
        #expect(digest.days.map(\.label) == ["Fri", "Sat", "Sun", "Mon", "Tue", "Wed", "Thu"])
        #expect(digest.days.map(\.value) == [0, 0, 0, 0, 2, 0, 4])
    }
}
