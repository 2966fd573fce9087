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
        let mouth = "M8 15.5 Q12 \(String(format: "%.1f", 15.5 + bend)) 16 15.5"
        return "<svg class=\"mood-face\" viewBox=\"0 0 24 24\" width=\"40\" height=\"40\" aria-hidden=\"true\" focusable=\"false\">"
            + "<circle cx=\"12\" cy=\"12\" r=\"11\" class=\"mood-face-fill\"/>"
            + "<circle cx=\"8.5\" cy=\"10\" r=\"1.2\" class=\"mood-face-feature\"/><circle cx=\"15.5\" cy=\"10\" r=\"1.2\" class=\"mood-face-feature\"/>"
            + "<path d=\"\(mouth)\" fill=\"none\" stroke-width=\"1.6\" stroke-linecap=\"round\" class=\"mood-face-line\"/></svg>"
    }
}
