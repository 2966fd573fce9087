import Domain

/// HTML built in Swift for the few fragments a page repeats hundreds of times (a year's days, a feed's posts):
/// through the templates each would cost dozens of dynamic lookups (a profile of the year view put 70% of its time
/// there). The page around them stays a template; every value is escaped as the templates escape (`< > & " '`).
///
/// The fragment is bytes, not a String: a year's grid is thousands of small appends, and a profile showed String's
/// append bookkeeping (small-string checks, capacity growth) costing more than the bytes themselves.
struct HTMLFragment {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    /// Bytes already written as HTML (a rendered page, for the layout around it).
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Markup already made as text (the kept header).
    init(text: String) { bytes = Array(text.utf8) }

    var text: String { String(decoding: bytes, as: UTF8.self) }
    var isEmpty: Bool { bytes.isEmpty }
    var byteCount: Int { bytes.count }

    /// The bytes added to `body` as they are (see `FragmentSplice`).
    func append(to body: inout [UInt8]) { body.append(contentsOf: bytes) }

    /// Markup written here, never from data.
    mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Markup built here from our own pieces (cached fragments, icons), never from data. Disfavoured, so a literal
    /// takes the StaticString path above (a straight copy); a profile of the year view found the literals coming here
    /// and Array's generic append over a UTF8View taking 40% of its grid.
    @_disfavoredOverload
    mutating func raw(_ markup: String) {
        var markup = markup
        markup.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Another fragment, as it is (markup this page built once and repeats).
    mutating func raw(_ fragment: HTMLFragment) { bytes.append(contentsOf: fragment.bytes) }

    /// Part of another fragment, as it is (a kept component around what this page changes in it).
    mutating func raw(_ fragment: HTMLFragment, bytes range: Range<Int>) { bytes.append(contentsOf: fragment.bytes[range]) }

    /// A value: escaped (`< > & " '`).
    mutating func escaped(_ value: String) {
        var value = value
        value.withUTF8 { HTMLEscaper.append($0, escapedTo: &bytes) }
    }

    /// A whole number in decimal, written without an intermediate String.
    mutating func number(_ value: Int) {
        guard value != 0 else { bytes.append(UInt8(ascii: "0")); return }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude, digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                                                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// A number with at least two digits ("07"), as dates are written.
    mutating func twoDigits(_ value: Int) {
        if (0..<10).contains(value) { bytes.append(UInt8(ascii: "0")) }
        number(value)
    }

    /// A day as "2026-01-05", as `Day.description` writes it, without making the String.
    mutating func day(_ day: Day) {
        if (0..<1000).contains(day.year) { bytes.append(contentsOf: day.year < 10 ? [48, 48, 48] : day.year < 100 ? [48, 48] : [48]) }
        number(day.year); bytes.append(UInt8(ascii: "-")); twoDigits(day.month); bytes.append(UInt8(ascii: "-")); twoDigits(day.day)
    }

    /// A number to one decimal place without a trailing ".0" ("7", "6.5"), as `MoodNumber.text` writes it.
    mutating func oneDecimalOrWhole(_ value: Double) {
        let tenths = Int((value * 10).rounded())
        if tenths < 0 { bytes.append(UInt8(ascii: "-")) }
        number(Int(tenths.magnitude / 10))
        if tenths % 10 != 0 { bytes.append(UInt8(ascii: ".")); number(Int(tenths.magnitude % 10)) }
    }
}
