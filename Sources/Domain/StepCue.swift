import Foundation

/// What a reset's step asks the body to do in time, read from its own words, so the player can pace it: the orb
/// breathes with a step that asks for breath ("in for 3, out for 5"), and a step that says "Hold for 5 seconds" can
/// show a ring the person starts with a tap. Read from the text rather than stored, so an organisation's own resets
/// get the same pacing without anyone marking it up. Nothing here moves on its own: Continue stays the person's.
public enum StepCue: Sendable, Equatable {
    /// Breathe in for `inSeconds`, out for `outSeconds`; 4 and 4 (the seed's 4-second ease-in-out) when the step
    /// asks for breath without counting it.
    case breathe(inSeconds: Int, outSeconds: Int)
    /// Hold (a squeeze, a gaze) for this many seconds.
    case hold(seconds: Int)

    /// Counts outside this are not a breath or a hold a person is asked to time (and keep the animation sane).
    static let countRange = 1...15

    /// The cue the step's lines ask for, if any: "hold for 5" first (it is the thing to time), then a counted breath,
    /// then a held squeeze or gaze, then breath asked for without a count.
    public static func read(_ lines: [String]) -> StepCue? {
        let text = lines.joined(separator: " ").lowercased()
        if let seconds = count(after: ["hold for ", "hold "], in: text) { return .hold(seconds: seconds) }
        let inhale = count(after: ["in for ", "inhale for ", "inhale over "], in: text)
        let exhale = count(after: ["out for ", "exhale for ", "exhale over "], in: text)
        if let inhale, let exhale { return .breathe(inSeconds: inhale, outSeconds: exhale) }
        if let seconds = heldSeconds(in: text) { return .hold(seconds: seconds) }
        let asksForBreath = ["breathe in", "breath in", "breathe out", "breath out", "breathe slowly", "breathe deeply",
                             "breathe with", "breathe naturally", "in-breath", "out-breath", "inhale", "exhale",
                             "breathe softly", "calm breath", "slow breath", "long breath", "easy breath", "one breath"]
        if asksForBreath.contains(where: text.contains) {
            return .breathe(inSeconds: inhale ?? 4, outSeconds: exhale ?? inhale ?? 4)
        }
        return nil
    }

    /// "Hold it clearly for 3 seconds", "tighten stomach lightly for 3 seconds": a verb, then its seconds.
    private static func heldSeconds(in text: String) -> Int? {
        for verb in ["hold", "tighten", "tense", "press", "squeeze"] {
            var searchFrom = text.startIndex
            while let verbRange = text.range(of: verb, range: searchFrom..<text.endIndex) {
                // Within the same sentence, a short way on: "hold it clearly for 3 seconds".
                let rest = text[verbRange.upperBound...].prefix(40).prefix { $0 != "." && $0 != "|" }
                if let forRange = rest.range(of: "for "),
                   let seconds = leadingCount(rest[forRange.upperBound...]),
                   rest[forRange.upperBound...].drop(while: \.isNumber).hasPrefix(" second") {
                    return seconds
                }
                searchFrom = verbRange.upperBound
            }
        }
        return nil
    }

    /// The first count that follows any of the phrases.
    private static func count(after phrases: [String], in text: String) -> Int? {
        for phrase in phrases {
            var searchFrom = text.startIndex
            while let range = text.range(of: phrase, range: searchFrom..<text.endIndex) {
                if let number = leadingCount(text[range.upperBound...]) { return number }
                searchFrom = range.upperBound
            }
        }
        return nil
    }

    /// A whole number of one or two digits at the start, within `countRange`.
    private static func leadingCount(_ text: Substring) -> Int? {
        let digits = text.prefix(while: \.isASCIINumber)
        guard (1...2).contains(digits.count), let value = Int(digits), countRange.contains(value) else { return nil }
        return value
    }
}

private extension Character {
    var isASCIINumber: Bool { isASCII && isNumber }
}
