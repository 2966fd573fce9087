import Domain
import Foundation
import Testing

/// The player's pacing is read from a step's own words; these are the seed's phrasings and the near misses.
struct StepCueTests {
    @Test(arguments: [
        (["Clench both fists tight. Hold for 5 seconds... now release."], StepCue.hold(seconds: 5)),
        (["Make soft fists with both hands—about 40% effort. Hold for 3... 2... 1..."], .hold(seconds: 3)),
        (["Pick one word. Hold it clearly for 3 seconds, then soften your gaze."], .hold(seconds: 3)),
        (["Breathe in through the nose for 3... out through the mouth for 5.", "Repeat twice more: in for 3, out for 5."],
         .breathe(inSeconds: 3, outSeconds: 5)),
        (["Match breathing to steps: inhale over 2 steps, exhale over 3."], .breathe(inSeconds: 2, outSeconds: 3)),
        (["Repeat once more: breathe in for 4... tense as you breathe out for 5."], .breathe(inSeconds: 4, outSeconds: 5)),
        (["Easy breath in, longer breath out. Relax jaw, shoulders, and grip 5%."], .breathe(inSeconds: 4, outSeconds: 4)),
    ])
    func readsTheCue(lines: [String], cue: StepCue) {
        #expect(StepCue.read(lines) == cue)
    }

    @Test(arguments: [
        ["Notice: breathing steadier, shoulders softer, head clearer.", "Reset complete."],
        ["Hold your phone comfortably and let your shoulders drop."],
        ["Hold for one calm breath, then tap Continue."].map { $0.replacingOccurrences(of: "breath", with: "moment") },
        ["Hold for 90 seconds."],
        ["Hold for 99999999999999999999 seconds."],
    ])
    func asksNothingInTime(lines: [String]) {
        #expect(StepCue.read(lines) == nil)
    }

    /// Every reset in the library that asks for breath with a count gets that count, not the default.
    @Test func theLibraryCountsItsBreaths() throws {
        let library = try ResetLibrary(path: RulesFixture.root + "/Content/resets.json")
        let corridor = try #require(library.resets.first { $0.id == "anxiety-anchor-body" })
        #expect(StepCue.read(corridor.steps[2].lines) == .breathe(inSeconds: 3, outSeconds: 5))
        let release = try #require(library.resets.first { $0.id == "stressed-tense-release" })
        #expect(StepCue.read(release.steps[1].lines) == .hold(seconds: 5))
    }
}
