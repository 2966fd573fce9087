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

    @Test func fragmentsGoWhereTheirMarkersAreAndNowhereElse() {
        var first = HTMLFragment(), second = HTMLFragment()
        first.raw("<li>one</li>")
        // A fragment's own bytes are never read for markers, even one that looks like the start of one.
        second.escaped("two \u{1}0\u{1}")
        var splice = FragmentSplice()
        let values = splice.markers(in: ["a": first, "b": second, "empty": HTMLFragment(), "plain": "text"])
        #expect(values["empty"] as? String == "")
        #expect(values["plain"] as? String == "text")
        let a = values["a"] as? String ?? "", b = values["b"] as? String ?? ""
        #expect(a.hasPrefix("\u{1}") && a.hasSuffix("\u{1}") && a.count > 16)
        // Text that only looks like a marker (no token, or a number with no fragment) stays as it is.
        let rendered = "<ul>\(a)</ul>\u{1}0\u{1}<p>\(b)</p>\(a)\u{1}"
        let body = String(decoding: splice.body(rendered), as: UTF8.self)
        #expect(body == "<ul><li>one</li></ul>\u{1}0\u{1}<p>two \u{1}0\u{1}</p><li>one</li>\u{1}")
        let unknown = String(a.dropLast().dropLast()) + "9\u{1}"
        #expect(String(decoding: splice.body(unknown), as: UTF8.self) == unknown)
        // With no fragments the text is the body.
        #expect(FragmentSplice().body("plain é") == Array("plain é".utf8))
    }
}
