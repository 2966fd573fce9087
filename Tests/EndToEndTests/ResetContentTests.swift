import Domain
import Foundation
import Testing

@Suite("The reset library against the GetResett brief")
struct ResetContentTests {
    let library: ResetLibrary

    init() throws {
        library = try ResetLibrary(path: projectRoot + "/Content/resets.json")
    }

    @Test func allTwentyResetsFourPerEmotion() {
        #expect(library.resets.count == 20)
        #expect(library.emotions.map(\.id) == ["stressed", "anxious", "restless", "tired", "scattered"])
        for emotion in library.emotions { #expect(library.resets(for: emotion.id).count == 4, "\(emotion.id)") }
        #expect(library.emotions.map(\.label) == ["Stressed", "Anxious", "Restless", "Tired", "Scattered"])
        #expect(library.emotion(id: "anxious")?.description == "Worried thoughts and racing mind")
    }

    @Test func stepCountsMatchTheBrief() {
        let expected: [String: Int] = [
            "stressed-tense-release": 6, "stressed-grounding-walk": 8, "stressed-safety-scan": 8, "stressed-mental-triage": 8,
            "anxiety-calm-corridor": 8, "anxiety-anchor-body": 8, "anxiety-control-controllable": 8, "anxiety-bubble-calm": 1,
            "restless-pulse-reset": 8, "restless-focus-path": 9, "restless-tension-outflow": 8, "restless-stillness-curve": 9,
            "tired-posture-ladder": 8, "tired-blink-track": 8, "tired-circulation-primer": 8, "tired-sensory-switchboard": 8,
            "scattered-focus-funnel": 8, "scattered-finger-ladder": 8, "scattered-grid-focus": 8, "scattered-single-channel": 8,
        ]
        #expect(Dictionary(uniqueKeysWithValues: library.resets.map { ($0.id, $0.steps.count) }) == expected)
    }

    @Test func textIsExactlyTheBriefs() throws {
        let tense = try #require(library.reset(id: "stressed-tense-release"))
        #expect(tense.name == "Full-Body Tense & Release")
        #expect(tense.durationSeconds == 75)
        #expect(tense.steps[1].title == "Hands")
        #expect(tense.steps[1].lines == [
            "Clench both fists tight. Hold for 5 seconds... now release.",
            "Spread your fingers wide until you feel tension. Hold for 5 seconds.",
            "Let your hands go soft and feel the tension melt away.",
        ])
        let walk = try #require(library.reset(id: "stressed-grounding-walk"))
        #expect(walk.steps[0].lines[1] == "Keep your eyes open and imagine it vividly—no need to move.")
        #expect(walk.steps[3].lines[1] == "The colour of the sky, the texture of the path, something at the edge.")
        let pulse = try #require(library.reset(id: "restless-pulse-reset"))
        #expect(pulse.safetyNote == "ease or skip any movement that isn’t comfortable for you.")
        #expect(pulse.scienceBenefit.hasPrefix("Bilateral rhythm + longer exhales"))
        let bubbles = try #require(library.reset(id: "anxiety-bubble-calm"))
        #expect(bubbles.interactive)
        #expect(bubbles.steps[0].lines == ["Tap the bubbles as they float across the screen. Watch them gently pop and fade away. Take your time, there’s no rush."])
        #expect(library.resets.filter { $0.safetyNote != nil }.count == 6)
        #expect(library.resets.allSatisfy { (60...150).contains($0.durationSeconds) })
    }

    @Test func aBrokenLibraryIsRefusedAtStart() {
        let emotion = Emotion(id: "tired", label: "Tired", description: "Low energy")
        let step = ResetStep(title: "One", lines: ["Breathe."])
        func reset(_ id: String, emotion: String = "tired", steps: [ResetStep]) -> Reset {
            Reset(id: id, emotion: emotion, name: "N", description: "D", scienceBenefit: "S", durationSeconds: 60,
                  safetyNote: nil, interactive: false, steps: steps)
        }
        #expect(throws: ResetLibrary.Problem.duplicateID("a")) {
            try ResetLibrary(emotions: [emotion], resets: [reset("a", steps: [step]), reset("a", steps: [step])])
        }
        #expect(throws: ResetLibrary.Problem.emptyStep(reset: "a", step: 2)) {
            try ResetLibrary(emotions: [emotion], resets: [reset("a", steps: [step, ResetStep(title: "Two", lines: [""])])])
        }
        #expect(throws: ResetLibrary.Problem.unknownEmotion(reset: "a", emotion: "sad")) {
            try ResetLibrary(emotions: [emotion], resets: [reset("a", emotion: "sad", steps: [step])])
        }
        #expect(throws: ResetLibrary.Problem.emotionWithoutResets("calm")) {
            try ResetLibrary(emotions: [emotion, Emotion(id: "calm", label: "Calm", description: "x")], resets: [reset("a", steps: [step])])
        }
        #expect(throws: ResetLibrary.Problem.self) { try ResetLibrary(json: Data("{".utf8)) }
    }
}
