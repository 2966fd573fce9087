import Foundation
import Testing
@testable import Domain

/// The thought record's distortion table and the Socratic quoting, on the rules the server loads.
@Suite("Guided reflection: thinking traps and quoting")
struct GuidedReflectionTests {
    static let detector: DistortionDetector = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        return try! DistortionDetector(path: root + "/Content/distortions.json")
    }()

    /// Each trap with thoughts that are it, and thoughts that are not (negations among them).
    static let table: [(Distortion, yes: [String], no: [String])] = [
        (.catastrophising, ["I always ruin everything", "This is a disaster", "I can’t cope with any of this", "My life is falling apart",
                            "I've ruined it for good"],
         ["It's not a disaster", "It wasn't the end of the world", "It didn't ruin the day"]),
        (.mindReading, ["They think I'm boring", "She hates me now", "Everyone was judging me", "He doesn't like me",
                        "They must think I am useless"],
         ["She doesn't hate me", "I don't think they were judging me", "I asked and they said they loved it"]),
        (.personalisation, ["It's all my fault", "The project failed because of me", "I let everyone down"],
         ["It's not my fault", "It wasn't because of me", "My friend let me down"]),
        (.labelling, ["I'm such an idiot", "I am a failure", "I’m not cut out for this job", "I'm not good enough", "Im useless"],
         ["I'm not a failure", "I am not stupid", "I'm tired today", "I failed the test"]),
        (.shouldStatement, ["I should have known better", "I must not make mistakes", "I have to be perfect", "I shouldn't feel like this"],
         ["I made a mistake", "I wanted to do better"]),
        (.overgeneralisation, ["Nobody ever listens", "I never get anything right", "Everyone else manages", "Every time I try it goes wrong"],
         ["It's not always like this", "Sometimes it goes wrong", "I got one thing wrong"]),
    ]

    @Test func eachTrapIsFoundAndOnlyWhereItIs() {
        for (distortion, yes, no) in Self.table {
            for thought in yes { #expect(Self.detector.classify(thought) == distortion, "\(thought)") }
            for thought in no { #expect(Self.detector.classify(thought) != distortion, "\(thought)") }
        }
        for thought in ["", "A quiet day", "Work was busy and I was tired", "12345 !!!", String(repeating: "word ", count: 5000)] {
            #expect(Self.detector.classify(thought) == .none, "\(thought.prefix(20))")
        }
    }

    @Test func specificTrapsComeBeforeGeneralOnes() {
        // Catastrophising before overgeneralising, labelling before a should, and so on down the file's order.
        #expect(Self.detector.classify("I always ruin everything") == .catastrophising)
        #expect(Self.detector.classify("I should be better, I'm useless") == .labelling)
        #expect(Self.detector.classify("Everyone thinks I'm weird") == .mindReading)
        // A negation cancels only within its own clause.
        #expect(Self.detector.classify("It's not that bad, but she hates me") == .mindReading)
    }

    @Test func theThirdQuestionIsTheOneForTheTrap() {
        let answers = ["My boss criticised my presentation in front of the team", "I'm not cut out for this job"]
        let distortion = Self.detector.classify(answers[1])
        #expect(distortion == .labelling)
        #expect(ReflectionKind.thoughtRecord.question(3, distortion: distortion) == "Is that something you are, or something you did?")
        #expect(ReflectionKind.thoughtRecord.question(3, distortion: .catastrophising)
                == "What’s the worst that could happen? And what’s most likely to happen?")
        #expect(ReflectionKind.thoughtRecord.question(3, distortion: .none) == "How might someone who cares about you see that thought?")
        // The answer a question builds on is shown above it, never pasted into it.
        #expect(ReflectionKind.thoughtRecord.reminder(2, answers: answers, distortion: distortion)
                == "My boss criticised my presentation in front of the team")
        #expect(ReflectionKind.thoughtRecord.reminder(3, answers: answers, distortion: distortion) == "I'm not cut out for this job")
        #expect(ReflectionKind.thoughtRecord.reminder(2, answers: [""], distortion: .none) == nil)
        #expect(ReflectionKind.thoughtRecord.reminder(1, answers: answers, distortion: .none) == nil)
        for kind in ReflectionKind.allCases {
            for number in 1...kind.questionCount {
                for trap in [Distortion.none, .labelling, .personalisation, .overgeneralisation] {
                    #expect(!kind.question(number, distortion: trap).contains(answers[0]) && !kind.question(number, distortion: trap).contains(answers[1]))
                    #expect(!kind.question(number, distortion: trap).contains("%@"))
                }
            }
        }
        #expect(ReflectionKind.behaviouralActivation.questionCount == 3 && ReflectionKind.defusion.questionCount == 4
                && ReflectionKind.thoughtRecord.questionCount == 5)
        #expect(ReflectionKind(rating: .great) == .behaviouralActivation && ReflectionKind(rating: .good) == .behaviouralActivation)
        #expect(ReflectionKind(rating: .average) == .defusion)
        #expect(ReflectionKind(rating: .bad) == .thoughtRecord && ReflectionKind(rating: .horrible) == .thoughtRecord)
    }

    @Test func quotesStopAtASentenceOrSixtyCharacters() {
        #expect(Quote.shortened("I went for a walk. Then I had lunch with Sam.") == "I went for a walk")
        #expect(Quote.shortened("  Short one  ") == "Short one")
        let long = "I spent the whole afternoon sorting through the spreadsheets that nobody else wanted to touch"
        let quoted = Quote.shortened(long)
        #expect(quoted == "I spent the whole afternoon sorting through the…")
        #expect(quoted.count <= Quote.limit)
        #expect(Quote.shortened(String(repeating: "a", count: 200)).count == Quote.limit)
        #expect(Quote.shortened("line one\nline two") == "line one line two")
        #expect(Quote.shortened("") == "" && Quote.shortened("   ") == "")
    }
}
