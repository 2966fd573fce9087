import Cryptography
@testable import Domain
import Foundation
@testable import Storage
import Testing
@testable import UseCases

/// Setbacks' rules in process: the pattern rules (each with the case that says it and the near misses that do not),
/// the small brave step's rule table, recovery time across time zones and clock changes, the log form's moments, and
/// the guide as read from `Content/setbacks.json`.
struct SetbackRules {
    static let guide = try! SetbackGuide(path: RulesFixture.root + "/Content/setbacks.json")
    static let now = 1_795_253_400  // Saturday 21 November 2026, 09:30 UTC
    static let day = 86_400

    /// A setback `daysAgo` days before `now` (plus `hours`), its own day in London.
    static func setback(_ kind: SetbackKind, daysAgo: Int, hours: Int = 0, note: String = "", movedOnAfter: Int? = nil, hurt: Int = 5,
                        zone: String = "Europe/London") -> Setback {
        let happened = now - daysAgo * day + hours * 3600
        return Setback(id: SetbackID(stored: SecureRandom.hex(16)), kind: kind, hurt: SetbackHurt(hurt)!, note: note, happenedAt: happened,
                       day: Day.of(happened, in: zone), loggedAt: happened, movedOnAt: movedOnAfter.map { happened + $0 })
    }

    func patterns(_ setbacks: [Setback]) -> [SetbackPattern] {
        SetbackPatterns.of(setbacks, rules: Self.guide.patterns, now: Self.now, timeZone: "Europe/London")
    }

    // MARK: The repeated kind

    @Test func threeOfTheLastFiveOfOneKindIsSaid() {
        let setbacks = [Self.setback(.job, daysAgo: 1), Self.setback(.job, daysAgo: 3), Self.setback(.social, daysAgo: 4),
                        Self.setback(.job, daysAgo: 6), Self.setback(.dating, daysAgo: 8), Self.setback(.work, daysAgo: 40)]
        #expect(patterns(setbacks).map(\.statement).contains("3 of your last 5 setbacks were about job applications."))
    }

    @Test func twoOfFiveOrFewerThanFiveOrOtherSaysNothing() {
        let twoOfFive = [Self.setback(.job, daysAgo: 1), Self.setback(.job, daysAgo: 2), Self.setback(.social, daysAgo: 3),
                         Self.setback(.work, daysAgo: 4), Self.setback(.dating, daysAgo: 5), Self.setback(.job, daysAgo: 9)]
        #expect(SetbackPatterns.repeatedKind(twoOfFive.sorted { $0.happenedAt > $1.happenedAt }, Self.guide.patterns.repeatedKind) == nil,
                "the third job setback is sixth newest: not in the window")
        let four = (1...4).map { Self.setback(.job, daysAgo: $0) }
        #expect(patterns(four).isEmpty)
        let other = (1...5).map { Self.setback(.other, daysAgo: $0) }
        #expect(patterns(other).allSatisfy { !$0.statement.contains("of your last") }, "\"other\" is not a pattern")
    }

    // MARK: Ghosting

    @Test func notesThatMentionBeingGhostedMoreThanHalfOfAKindAreSaid() {
        let setbacks = [Self.setback(.dating, daysAgo: 1, note: "Ghosted after the second date"),
                        Self.setback(.dating, daysAgo: 5, note: "He just GHOSTED me"),
                        Self.setback(.dating, daysAgo: 9, note: "ｇｈｏｓｔｅｄ again, no reply"),  // fullwidth letters fold
                        Self.setback(.dating, daysAgo: 12, note: "She said no kindly")]
        let found = patterns(setbacks).first { $0.title == "Being ghosted" }
        #expect(found?.statement == "Your notes mention being ghosted 3 times in the last 30 days: 3 of your 4 setbacks about dating.")
        #expect(found?.insight == "This is about their way of communicating, not your worth.")
    }

    @Test(arguments: [
        // Only two mention it.
        [("Ghosted", 1), ("ghosted", 2), ("a kind no", 3)],
        // Three of six is not more than half.
        [("ghosted", 1), ("ghosted", 2), ("ghosted", 3), ("no", 4), ("no", 5), ("no", 6)],
        // The third was more than 30 days ago.
        [("ghosted", 1), ("ghosted", 2), ("ghosted", 31)],
    ])
    func fewerOrNotMostOrTooLongAgoSaysNothing(notes: [(String, Int)]) {
        let setbacks = notes.map { Self.setback(.dating, daysAgo: $0.1, note: $0.0) }
        #expect(!patterns(setbacks).contains { $0.title == "Being ghosted" })
    }

    // MARK: The day of the week

    @Test func oneWeekdayHoldingMostOfTheLastThreeMonthsIsSaid() {
        // Saturday 21 November: 7, 14, 21 and 28 days ago were Saturdays too.
        let setbacks = [7, 14, 21, 28].map { Self.setback(.work, daysAgo: $0) } + [2, 10].map { Self.setback(.job, daysAgo: $0) }
        let found = patterns(setbacks).first { $0.title == "Saturdays" }
        #expect(found?.statement == "4 of your 6 setbacks in the last 91 days happened on a Saturday.")
    }

    @Test func aTieOrTooFewOrTooSpreadSaysNothing() {
        let tie = [7, 14, 21].map { Self.setback(.work, daysAgo: $0) } + [2, 9, 16].map { Self.setback(.job, daysAgo: $0) }
        #expect(SetbackPatterns.weekday(tie, Self.guide.patterns.weekday, now: Self.now) == nil, "three Saturdays, three Thursdays")
        let tooFew = [7, 14, 21, 28].map { Self.setback(.work, daysAgo: $0) } + [Self.setback(.job, daysAgo: 2)]
        #expect(SetbackPatterns.weekday(tooFew, Self.guide.patterns.weekday, now: Self.now) == nil)
        let spread = (1...10).map { Self.setback(.work, daysAgo: $0) }
        #expect(SetbackPatterns.weekday(spread, Self.guide.patterns.weekday, now: Self.now) == nil)
    }

    // MARK: Recovery getting quicker

    @Test func quickerRecoveryThisQuarterIsSaidAndSlowerIsNot() {
        let quicker = [Self.setback(.job, daysAgo: 10, movedOnAfter: 2 * Self.day), Self.setback(.job, daysAgo: 30, movedOnAfter: 1 * Self.day),
                       Self.setback(.job, daysAgo: 120, movedOnAfter: 5 * Self.day), Self.setback(.job, daysAgo: 150, movedOnAfter: 7 * Self.day)]
        let found = patterns(quicker).first { $0.title == "Bouncing back sooner" }
        #expect(found?.statement == "Moving on took a median of 1.5 days in the last 91 days, against 6 days in the 91 days before.")
        let slower = [Self.setback(.job, daysAgo: 10, movedOnAfter: 6 * Self.day), Self.setback(.job, daysAgo: 30, movedOnAfter: 8 * Self.day),
                      Self.setback(.job, daysAgo: 120, movedOnAfter: 1 * Self.day), Self.setback(.job, daysAgo: 150, movedOnAfter: 2 * Self.day)]
        #expect(!patterns(slower).contains { $0.title == "Bouncing back sooner" })
        let onlyOneBefore = Array(quicker.prefix(3))
        #expect(!patterns(onlyOneBefore).contains { $0.title == "Bouncing back sooner" })
    }

    // MARK: Small brave steps

    @Test func theStepFollowsTheMostCommonKindAndHowManyWereDone() throws {
        let today = Day(year: 2026, month: 11, day: 21)!
        func pick(_ recent: [Setback], done: Int, swaps: Int = 0) -> SetbackGuide.Challenge {
            SmallBraveStep.pick(guide: Self.guide, recent: recent, doneBefore: done, day: today, swaps: swaps)
        }
        let jobs = [Self.setback(.job, daysAgo: 1), Self.setback(.job, daysAgo: 2), Self.setback(.dating, daysAgo: 0)]
        #expect(pick(jobs, done: 0).kind == .job && pick(jobs, done: 0).difficulty == .easy)
        #expect(pick(jobs, done: 2).difficulty == .easy)
        #expect(pick(jobs, done: 3).difficulty == .medium && pick(jobs, done: 3).id == "network-expansion", "the seed's medium job step")
        // Nothing this week: the self-care list ("other"); the seed's own easy step is among its easy ones.
        #expect(pick([], done: 0).kind == .other && pick([], done: 0).difficulty == .easy)
        // A tie goes to the kind of the most recent.
        let tie = [Self.setback(.social, daysAgo: 1), Self.setback(.work, daysAgo: 2)]
        #expect(SmallBraveStep.kind(recent: tie) == .social)
        // Against the rule as first written (group, then the newest of a tied kind by a sort), over random lists with
        // many ties and shared moments: the one-pass count must choose the same kind every time.
        func byGrouping(_ recent: [Setback]) -> SetbackKind {
            let counts = Dictionary(grouping: recent, by: \.kind).mapValues(\.count)
            guard let most = counts.values.max() else { return .other }
            let tied = Set(counts.filter { $0.value == most }.keys)
            return recent.sorted { ($0.happenedAt, $0.id.rawValue) > ($1.happenedAt, $1.id.rawValue) }.first { tied.contains($0.kind) }?.kind ?? .other
        }
        for _ in 0..<500 {
            let recent = (0..<Int.random(in: 0...12)).map { _ in
                Self.setback(SetbackKind.allCases.randomElement()!, daysAgo: Int.random(in: 0...3), hours: Int.random(in: 0...1))
            }
            #expect(SmallBraveStep.kind(recent: recent) == byGrouping(recent))
        }
        // The same all day; each swap moves on, through the whole list and round again.
        #expect(pick(jobs, done: 0) == pick(jobs, done: 0))
        let list = Self.guide.challenges[.job]!
        let swapped = (0..<list.count).map { pick(jobs, done: 0, swaps: $0).id }
        #expect(Set(swapped).count == list.count)
        #expect(pick(jobs, done: 0, swaps: list.count) == pick(jobs, done: 0))
        #expect(pick(jobs, done: 0, swaps: Int.max).kind == .job, "a huge swap count is bounded, not a crash")
    }

    @Test func everyKindHasAPlanAndThreeStepsEasyAndMedium() {
        for kind in SetbackKind.allCases {
            #expect(!Self.guide.plan(kind).steps.isEmpty)
            let steps = Self.guide.challenges[kind] ?? []
            #expect(steps.count >= 3 && Set(steps.map(\.difficulty)) == [.easy, .medium], "\(kind)")
        }
        #expect(Self.guide.plan(.dating).steps.first == "Take 3 deep breaths: this is about them, not you")
        #expect(Self.guide.plan(.job).title == "Another ‘no’? Let’s rebuild your confidence")
        #expect(Self.guide.templates.count >= 8)
        #expect(Set(Self.guide.templates.map(\.kind)).isSuperset(of: [.dating, .job, .work]))
    }

    @Test func aBrokenGuideIsRefused() throws {
        var file = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: RulesFixture.root + "/Content/setbacks.json"))) as! [String: Any]
        file["plans"] = (file["plans"] as! [[String: Any]]).filter { $0["kind"] as? String != "work" }
        #expect(throws: SetbackGuide.Problem.invalid("no recovery plan for work")) {
            try SetbackGuide(json: JSONSerialization.data(withJSONObject: file))
        }
        #expect(throws: SetbackGuide.Problem.self) { try SetbackGuide(json: Data("{}".utf8)) }
    }

    @Test func aTemplateIsFilledBlankByBlank() throws {
        let template = try #require(Self.guide.template("following-up-after-silence"))
        #expect(template.placeholders == ["Name", "Position", "Company"])
        let filled = template.filled(["Name": "Sam", "Position": "Analyst", "Company": ""])
        #expect(filled.hasPrefix("Hi Sam, I wanted to follow up on my application for Analyst."))
        #expect(filled.contains("contribute to [Company]."), "a blank left empty stays, so what is left to fill shows")
        // A value that looks like a blank is not filled again.
        #expect(template.filled(["Name": "[Position]", "Position": "X"]).hasPrefix("Hi [Position], I wanted to follow up on my application for X."))
    }

    // MARK: Time

    @Test func recoveryTimeCountsTheMembersOwnDaysAcrossAClockChange() {
        // Saturday 28 March 2026, 12:00 in London (GMT); the clocks go forward on the Sunday; moved on Monday 11:30 (BST):
        // 46½ hours, two of their days.
        let happened = 1_774_699_200, movedOn = happened + 46 * 3600 + 1800
        #expect(RecoveryTime(from: happened, to: movedOn, in: "Europe/London").days == 2)
        #expect(RecoveryTime(from: happened, to: movedOn, in: "Europe/London").words == "2 days")
        // The same moments in Tokyo are 21:00 Saturday and 19:30 Monday: two of their days too. In Auckland they are
        // 01:00 Sunday and 23:30 Monday: one day later, as a person there would say it.
        #expect(RecoveryTime(from: happened, to: movedOn, in: "Asia/Tokyo").days == 2)
        #expect(RecoveryTime(from: happened, to: movedOn, in: "Pacific/Auckland").days == 1)
        // Under a day is hours; a moment before the setback is no time; decades are bounded.
        #expect(RecoveryTime(from: happened, to: happened + 5 * 3600 + 59 * 60, in: "Europe/London").words == "5 hours")
        #expect(RecoveryTime(from: happened, to: happened + 600, in: "Europe/London").words == "less than an hour")
        #expect(RecoveryTime(from: happened, to: happened - 600, in: "Europe/London").seconds == 0)
        #expect(RecoveryTime(from: Int.min / 2, to: Int.max / 2, in: "Europe/London").days > 0)
        // A day and an hour across midnight into the next-but-one local day is two days; 25 hours within is one.
        let lateNight = 1_795_302_000  // Saturday 21 November 2026, 23:00 in London
        #expect(RecoveryTime(from: lateNight, to: lateNight + 25 * 3600 + 1800, in: "Europe/London").days == 2)
        #expect(RecoveryTime(from: lateNight - 20 * 3600, to: lateNight - 20 * 3600 + 25 * 3600, in: "Europe/London").days == 1)
    }

    @Test func theLogFormsMomentIsTheMembersWallClock() throws {
        let moment = try #require(LocalMoment("2026-03-29T01:30"))  // skipped in London: the clocks go 01:00 → 02:00
        #expect(LocalDay.time(moment.epoch(in: "Europe/London"), in: "Europe/London") == "02:30")
        let autumn = try #require(LocalMoment("2026-10-25T01:30"))  // repeated in London: the first (BST) is taken
        #expect(autumn.epoch(in: "Europe/London") == 1_792_888_200)
        #expect(LocalMoment("2026-11-21T09:30")?.epoch(in: "Europe/London") == Self.now)
        #expect(LocalMoment("2026-11-21T09:30")?.epoch(in: "America/New_York") == Self.now + 5 * 3600)
        #expect(LocalMoment(Self.now, in: "Asia/Kolkata").text == "2026-11-21T15:00")
        #expect(LocalMoment("2026-11-21T09:30:15")?.text == "2026-11-21T09:30")
        for bad in ["", "2026-11-21", "2026-11-21T24:00", "2026-11-21T9:30", "2026-02-30T10:00", "2026-11-21 09:30", "x026-11-21T09:30",
                    "2026-11-21T09:60", "2026-11-21T09:30:15:00", String(repeating: "9", count: 400)] {
            #expect(LocalMoment(bad) == nil, "\(bad)")
        }
    }

    // MARK: The use case, on a real database

    @Test func aNoteIsSealedToItsSetbackAndOnlyItsOwnerFindsIt() throws {
        let fixture = try RulesFixture()
        let setbacks = try fixture.setbacks()
        let ana = try fixture.member("ana@example.com"), ben = try fixture.member("ben@example.com")
        let other = try fixture.member("cai@example.com", tenant: "acme")
        let id = try setbacks.log(ana, .init(kind: .work, hurt: SetbackHurt(7)!, note: "Pitch turned down", happenedAt: fixture.clock() - 3600))
        #expect(try setbacks.setback(ana, id)?.note == "Pitch turned down")
        #expect(try setbacks.setback(ben, id) == nil && setbacks.setback(other, id) == nil)
        #expect(try !setbacks.delete(ben, id) && !setbacks.setMovedOn(other, id, true))
        #expect(throws: Setbacks.Problem.notFound) {
            try setbacks.update(ben, id, .init(kind: .job, hurt: .usual, note: "", happenedAt: fixture.clock()))
        }
        let sealed = try fixture.database.read { try $0.string(sql: "SELECT note FROM setbacks") }
        #expect(sealed?.contains("Pitch") == false)
        // Moved into another setback's row, the note does not open.
        let second = try setbacks.log(ana, .init(kind: .job, hurt: .usual, note: "", happenedAt: fixture.clock()))
        try fixture.database.write { try $0.execute(sql: "UPDATE setbacks SET note = ?, key_id = (SELECT key_id FROM setbacks WHERE id = ?) WHERE id = ?",
                                                    arguments: [sealed, id, second]) }
        #expect(try setbacks.setback(ana, second)?.wordsUnreadable == true)
        // Bounds: the future, more than a year ago, a note too long.
        for (entry, problem) in [(Setbacks.Entry(kind: .job, hurt: .usual, note: "", happenedAt: fixture.clock() + 3600), Setbacks.Problem.inTheFuture),
                                 (.init(kind: .job, hurt: .usual, note: "", happenedAt: fixture.clock() - 400 * Self.day), .tooLongAgo),
                                 (.init(kind: .job, hurt: .usual, note: String(repeating: "a", count: 1001), happenedAt: fixture.clock()), .noteTooLong)] {
            #expect(throws: problem) { try setbacks.log(ana, entry) }
        }
    }
}
