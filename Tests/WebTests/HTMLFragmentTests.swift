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

    /// A fragment is a value: a copy that writes takes its own bytes first, with room to spare or without, so two
    /// copies never write over each other (kept fragments are copied into every page that shows them).
    @Test func copiesKeepTheirOwnBytes() {
        // With room to spare for both, and with one of them growing past the first allocation.
        for (capacity, shared, first, second) in [(64, "ab", "cd", "ef"), (16, "shared ", "and then well past the sixteen bytes", "<")] {
            var one = HTMLFragment(capacity: capacity)
            one.raw(shared)
            var other = one
            one.raw(first)
            other.escaped(second)
            #expect(one.text == shared + first && other.text == shared + HTMLEscaper().escapeText(second))
        }
        var small = HTMLFragment(capacity: 16)
        small.escaped("shared <")
        let grown = small
        var doubled = small
        doubled.raw(small)
        doubled.raw(grown, bytes: 0..<6)
        #expect(doubled.text == "shared &lt;shared &lt;shared" && small.text == "shared &lt;")
        #expect(Array(doubled.bytes) == Array(doubled.text.utf8) && doubled.byteCount == doubled.text.utf8.count)
    }

    @Test func escapingAtTheEdgesOfARun() {
        for text in ["", "<", "a<", "<a", "a<b", "<<>>", "plain", "ends with &", "&starts", "é<ü>&\"'🫂"] {
            var html = HTMLFragment()
            html.escaped(text)
            #expect(html.text == HTMLEscaper().escapeText(text))
            #expect(html.text == Self.escapedByReplacing(text), "\(text)")
        }
    }

    /// The five replaced one after another, ampersands first: slow and plainly right.
    static func escapedByReplacing(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// Eight bytes are checked at a time: the five at every place of a word, next to bytes that differ from them
    /// by one bit (the high bit most of all: "¼" is C2 BC, "¾" C2 BE, "¦" C2 A6), in texts of every length across
    /// the words' edges.
    @Test func escapingEightBytesAtATimeMissesNothing() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["<", ">", "&", "\"", "'", "a", " ", "=", ";", "?", "¼", "¾", "¦", "¢", "🫂", "\u{7F}", "=", "6", "7"]
        for length in 0...40 {
            for _ in 0..<60 {
                let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
                var html = HTMLFragment()
                html.escaped(text)
                #expect(html.text == Self.escapedByReplacing(text), "\(text)")
            }
        }
    }

    /// A list's short times ("Thu 26 Nov 2026, 09:30"), written into one buffer, read as the interpolation they replaced.
    @Test func aListsShortTimesReadAsTheyDid() {
        var generator = SystemRandomNumberGenerator()
        for zone in ["Europe/London", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "UTC"] {
            for epoch in [0, 86_399, 1_798_761_599] + (0..<300).map({ _ in Int.random(in: 0...4_102_444_800, using: &generator) }) {
                let moment = LocalMoment(epoch, in: zone), day = moment.day
                let expected = "\(Day.weekdayNames[day.weekdayFromMonday].prefix(3)) \(day.day) \(Day.monthNames[day.month - 1].prefix(3)) "
                    + "\(day.year), \(moment.clockText)"
                #expect(SetbacksHandler.when(epoch, zone, short: true) == expected, "\(epoch) \(zone)")
            }
        }
    }

    /// The kept options with one selected are exactly each option written on its own, that one selected.
    @Test func timeZoneOptionsSelectOneAmongTheKept() {
        let names = ["Africa/Abidjan", "A<b&\"c'", "Europe/London", "Pacific/Zulu"]
        let options = TimeZoneOptions(names: names)
        for chosen in names + ["Mars/Olympus", ""] {
            let expected = names.map { (name: String) -> String in
                let value = HTMLEscaper().escapeText(name)
                return "<option value=\"\(value)\"\(name == chosen ? " selected" : "")>\(value)</option>"
            }.joined()
            #expect(options.selecting(chosen).text == expected, "\(chosen)")
        }
        let every = TimeZoneOptions()
        #expect(every.selecting("Europe/London").text.components(separatedBy: " selected").count == 2)
        #expect(every.selecting("Europe/London").text.components(separatedBy: "<option").count == TimeZoneName.all.count + 1)
    }
}
