import Domain
import Foundation
import Testing

/// Issue 36's rules in process: worry time's window (across midnight, over both clock changes), the glimmer of the
/// day's choice, and the practice library refused when broken.
@Suite("Practice rules")
struct PracticeRules {
    static let london = "Europe/London"

    func at(_ text: String) -> Int { LocalMoment(text)!.epoch(in: Self.london) }

    @Test func theWindowRunsAcrossMidnightAndClosesOnTime() throws {
        let time = try #require(WorryTime(startMinute: 23 * 60 + 50, minutes: 20))
        #expect(time.openWindow(at: at("2026-11-26T23:49"), in: Self.london) == nil)
        #expect(time.openWindow(at: at("2026-11-26T23:50"), in: Self.london)?.start == at("2026-11-26T23:50"))
        #expect(time.openWindow(at: at("2026-11-27T00:09"), in: Self.london)?.start == at("2026-11-26T23:50"), "yesterday's, still running")
        #expect(time.openWindow(at: at("2026-11-27T00:10"), in: Self.london) == nil)
        #expect(time.nextStart(after: at("2026-11-27T00:10"), in: Self.london) == at("2026-11-27T23:50"))
        #expect(time.nextStart(after: at("2026-11-26T12:00"), in: Self.london) == at("2026-11-26T23:50"))
    }

    @Test func aWindowTheClocksSkipStartsAfterTheGapAndLastsItsLength() throws {
        // 29 March 2026: London's clocks go from 01:00 to 02:00. A 01:30 window is moved on by the gap, as the clocks
        // are (02:30 BST, as the setback form reads the same time), and lasts 15 real minutes.
        let time = try #require(WorryTime(startMinute: 90, minutes: 15))
        let window = try #require(time.openWindow(at: LocalMoment("2026-03-29T02:31")!.epoch(in: Self.london), in: Self.london))
        #expect(LocalDay.time(window.start, in: Self.london) == "02:30" && window.end - window.start == 15 * 60)
        #expect(time.openWindow(at: LocalMoment("2026-03-29T02:29")!.epoch(in: Self.london), in: Self.london) == nil)
        // 25 October 2026: 01:30 happens twice; the window is the first, and still fifteen minutes.
        let autumn = try #require(time.openWindow(at: LocalMoment("2026-10-25T01:31")!.epoch(in: Self.london), in: Self.london))
        #expect(autumn.end - autumn.start == 15 * 60)
        // A window in the evening on either day is the wall-clock time people expect.
        let evening = try #require(WorryTime(startMinute: 18 * 60, minutes: 10))
        #expect(evening.start(on: Day("2026-03-29")!, in: Self.london) == LocalMoment("2026-03-29T18:00")!.epoch(in: Self.london))
        #expect(evening.start(on: Day("2026-03-29")!, in: Self.london) - evening.start(on: Day("2026-03-28")!, in: Self.london) == 23 * 3600)
    }

    @Test func onlyRealTimesAndLengthsAreAWindow() {
        #expect(WorryTime(startMinute: 1440, minutes: 15) == nil && WorryTime(startMinute: -1, minutes: 15) == nil)
        #expect(WorryTime(startMinute: 60, minutes: 9) == nil && WorryTime(startMinute: 60, minutes: 31) == nil)
        for text in ["24:00", "7:30", "07:3", "ab:cd", "", "07:30:00:00", "+7:30", "07:60"] { #expect(WorryTime.minute(of: text) == nil, "\(text)") }
        #expect(WorryTime.minute(of: "07:30") == 450 && WorryTime.minute(of: "23:59:00") == 1439)
    }

    @Test func theGlimmerOfTheDayIsStableForADayAndVariesOverDays() throws {
        let account = AccountID(stored: String(repeating: "a", count: 32))
        let day = try #require(Day("2026-11-26"))
        #expect(GlimmerOfTheDay.index(count: 0, day: day, accountID: account) == nil)
        let today = GlimmerOfTheDay.index(count: 5, day: day, accountID: account)
        #expect(today == GlimmerOfTheDay.index(count: 5, day: day, accountID: account))
        let week = (0..<14).compactMap { GlimmerOfTheDay.index(count: 5, day: day.adding(days: $0), accountID: account) }
        #expect(week.allSatisfy { (0..<5).contains($0) } && Set(week).count >= 3)
        // Two people on the same day need not see the same position.
        let others = (0..<20).compactMap { GlimmerOfTheDay.index(count: 5, day: day, accountID: AccountID(stored: String(format: "%032x", $0))) }
        #expect(Set(others).count > 1)
    }

    @Test func worryFactsAreCountsOnlyAndOnlyWithEnough() {
        #expect(WorryFacts.sentence([.action: 2, .letGo: 2], actionsDone: 1) == nil)
        #expect(WorryFacts.sentence([.action: 3, .letGo: 1, .parked: 1, .open: 9], actionsDone: 2)
                == "Of the 5 worries you’ve sorted, 3 became actions (2 done) and you let go of 1; 1 is parked for worry time.")
        #expect(WorryFacts.sentence([.letGo: 5], actionsDone: 0) == "Of the 5 worries you’ve sorted, 0 became actions and you let go of 5.")
    }

    @Test func thePracticeLibraryIsReadWholeOrRefused() throws {
        let library = try PracticeLibrary(path: RulesFixture.root + "/Content/practices.json")
        #expect(library.practices.filter { $0.kind == .body }.count >= 4 && library.practice("container")?.safety != nil)
        #expect(library.timer?.steps.isEmpty == true && library.pace("4-6")?.outSeconds == 6)
        var file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: RulesFixture.root + "/Content/practices.json")))
            as? [String: Any])
        var practices = try #require(file["practices"] as? [[String: Any]])
        practices.removeAll { $0["kind"] as? String == "containment" }
        file["practices"] = practices
        #expect(throws: PracticeLibrary.Problem.self) { try PracticeLibrary(json: JSONSerialization.data(withJSONObject: file)) }
        #expect(throws: PracticeLibrary.Problem.self) { try PracticeLibrary(json: Data("{}".utf8)) }
    }
}

/// The quick exit's neutral page, as an organisation may set it.
@Suite("Exit page rules")
struct ExitPageRules {
    @Test func onlyAnOrdinaryHTTPSAddressOfANamedHost() {
        for good in ["https://www.bbc.co.uk/weather", "https://example.org", "https://news.example.co.uk/a?b=c#d", "https://example.org:443/",
                     "  https://example.org/  "] {
            #expect(ExitPage.validated(good) != nil, "\(good)")
        }
        for bad in ["http://example.org", "https://", "https://example", "https://10.0.0.1/", "https://[::1]/", "https://user:pw@example.org/",
                    "https://example.org:8080/", "https://-bad.example.org/", "https://exa_mple.org/", "https://example.org/a b",
                    "https://example.org/\u{7f}", "https://ex\u{e9}mple.org/", "javascript:alert(1)", "https://example.org/<script>",
                    "https://" + String(repeating: "a", count: 300) + ".org"] {
            #expect(ExitPage.validated(bad) == nil, "\(bad)")
        }
    }
}
