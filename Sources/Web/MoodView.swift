import Domain
import Foundation

/// The mood scale as people see it: ten faces on a calm colour ramp (never red), each with its number in the
/// body font and its words, so no point depends on colour or an emoji alone.
enum MoodView {
    /// A face whose mouth turns from down (1) to up (10); drawn once per point.
    static func face(_ mood: Int) -> String { faces[min(max(mood, 1), 10) - 1] }

    private static let faces: [String] = MoodScale.range.map { mood in
        // The mouth's curve: from -3.5 (a frown) through flat at 5–6 to +3.5 (a wide smile).
        let bend = (Double(mood) - 5.5) * 0.78
        let mouth = "M8 15.5Q12 \(String(format: "%.1f", 15.5 + bend)) 16 15.5"
        // The eyes are two dots drawn as strokes of no length with round ends (the stylesheet gives them their width):
        // lists show a face per line, so each face is as short as it can be.
        return "<svg class=\"mood-face\" viewBox=\"0 0 24 24\" width=\"40\" height=\"40\" aria-hidden=\"true\">"
            + "<circle cx=\"12\" cy=\"12\" r=\"11\" class=\"mood-face-fill\"/>"
            + "<path d=\"M8.5 10h0m7 0h0\" class=\"mood-face-eyes\"/><path d=\"\(mouth)\" class=\"mood-face-line\"/></svg>"
    }
}
