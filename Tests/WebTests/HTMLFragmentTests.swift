import Domain
import Testing
@testable import Web

/// The byte writers that pages with hundreds of values use instead of Strings must write what the Strings would.
@Suite("HTML fragments")
struct HTMLFragmentTests {
    @Test func daysAreWrittenAsTheirDescription() {
        for ordinal in stride(from: -719_000, through: 2_900_000, by: 3_331) {
            let day = Day(ordinal: ordinal)
            var html = HTMLFragment()
            html.day(day)
            #expect(html.text == day.description)
        }
    }

    @Test func moodsAreWrittenAsMoodNumberWritesThem() {
        for tenths in 0...1000 {
            for value in [Double(tenths) / 100, Double(tenths) / 10 + 0.04, Double(tenths) / 10 + 0.05, 10.0 / 3, 26.0 / 3] {
                var html = HTMLFragment()
                html.oneDecimalOrWhole(value)
                #expect(html.text == MoodNumber.text(value), "\(value)")
            }
        }
    }

    @Test func escapingAtTheEdgesOfARun() {
        for text in ["", "<", "a<", "<a", "a<b", "<<>>", "plain", "ends with &", "&starts", "é<ü>&\"'🫂"] {
            var html = HTMLFragment()
            html.escaped(text)
            #expect(html.text == HTMLEscaper().escapeText(text))
            let expected = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "'", with: "&#39;")
            #expect(html.text == expected, "\(text)")
        }
    }
}
