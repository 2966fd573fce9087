import Testing
@testable import Domain

@Suite("Durations in words")
struct DurationWordsTests {
    /// What "75 seconds", "1¾ minutes" and the like mean, in seconds, to check each against the length it describes.
    func meaning(_ words: String) -> Double? {
        let parts = words.split(separator: " ")
        guard parts.count == 2 else { return nil }
        if parts[1] == "seconds" { return Double(parts[0]) }
        var number = String(parts[0]), extra = 0.0
        for (mark, value) in [("¼", 0.25), ("½", 0.5), ("¾", 0.75)] where number.hasSuffix(mark) {
            number.removeLast()
            extra = value
        }
        guard let whole = Double(number), parts[1].hasPrefix("minute") else { return nil }
        return (whole + extra) * 60
    }

    @Test func everyLengthAResetMayHaveIsSaidWithinTenSeconds() {
        for seconds in 30...600 {
            let words = DurationWords.approximately(seconds: seconds)
            guard let meant = meaning(words) else { Issue.record("\(seconds): \(words) is not a length"); continue }
            #expect(abs(meant - Double(seconds)) <= 10, "\(seconds) s said as \(words)")
        }
    }

    @Test func theLibrarysLengthsReadAsAPersonWouldSayThem() {
        #expect(DurationWords.approximately(seconds: 75) == "75 seconds")
        #expect(DurationWords.approximately(seconds: 90) == "90 seconds")
        #expect(DurationWords.approximately(seconds: 105) == "1¾ minutes")
        #expect(DurationWords.approximately(seconds: 120) == "2 minutes")
        #expect(DurationWords.approximately(seconds: 135) == "2¼ minutes")
        #expect(DurationWords.approximately(seconds: 150) == "2½ minutes")
        #expect(DurationWords.approximately(seconds: 60) == "60 seconds")
        #expect(DurationWords.approximately(seconds: -5) == "5 seconds")
        #expect(DurationWords.approximately(seconds: Int.max) == "1440 minutes")
    }
}

/// The result page's change, in words with the numbers beside them; a fall is said kindly.
struct MoodChangeWordsTests {
    @Test func theChangeIsSaidAsAPersonWouldSayIt() {
        #expect(MoodScale.change(from: 4, to: 7) == "You went from 4, a little low, to 7, quite good.")
        #expect(MoodScale.change(from: 6, to: 6) == "You felt 6, okay, before and after.")
        #expect(MoodScale.change(from: 6, to: 4) == "You felt 6 before and 4 now. That’s all right: some resets settle in later.")
    }
}
