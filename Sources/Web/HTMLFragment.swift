import Domain
import HTTPServer

/// HTML built in Swift for the few fragments a page repeats hundreds of times (a year's days, a feed's posts):
/// through the templates each would cost dozens of dynamic lookups (a profile of the year view put 70% of its time
/// there). The page around them stays a template; every value is escaped as the templates escape (`< > & " '`).
///
/// The fragment is bytes, not a String: a year's grid is thousands of small appends, and a profile showed String's
/// append bookkeeping (small-string checks, capacity growth) costing more than the bytes themselves. Nor an Array:
/// a page is a thousand or so appends of a few bytes each, and Array's generic `append(contentsOf:)` (not inlined,
/// with its sequence checks) took a third of a feed's posts. Here an append is a capacity check and a `memcpy`.
///
/// A value: copies share their bytes until one of them writes, which first takes its own copy (as Array does), so no
/// two values ever write the same memory. That is why it can be `@unchecked Sendable` (kept fragments are shared
/// between threads, only read).
struct HTMLFragment: @unchecked Sendable {
    /// The allocation, bytes inline after the object's header (one allocation, not an object and a buffer): freed
    /// when the last value sharing it goes. Its bytes stay where they are while it lives, so `base` is kept.
    private typealias Owner = ManagedBuffer<Void, UInt8>

    private var owner: Owner
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var byteCount = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        (owner, base, self.capacity) = Self.allocate(max(capacity, 16))
    }

    private static func allocate(_ capacity: Int) -> (Owner, UnsafeMutablePointer<UInt8>, Int) {
        let owner = Owner.create(minimumCapacity: capacity) { _ in }
        return (owner, owner.withUnsafeMutablePointerToElements { $0 }, owner.capacity)
    }

    /// Bytes already written as HTML (a rendered page, for the layout around it).
    init(bytes: [UInt8]) {
        self.init(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Markup already made as text (the kept header).
    init(text: String) {
        var text = text
        self.init(capacity: text.utf8.count)
        text.withUTF8 { append($0) }
    }

    /// The bytes, as an Array (a copy); a page is sent as it is (`SharedBytes`).
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: byteCount)) }
    var text: String { String(decoding: UnsafeBufferPointer(start: base, count: byteCount), as: UTF8.self) }
    var isEmpty: Bool { byteCount == 0 }
    /// The memory it holds, written or not: what a store of kept fragments counts against its budget.
    var allocatedBytes: Int { capacity }

    /// The bytes added to `body` as they are.
    func append(to body: inout [UInt8]) { body.append(contentsOf: UnsafeBufferPointer(start: base, count: byteCount)) }

    /// `source` appended as it is: the one place bytes are written.
    @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress else { return }
        append(start, count: source.count)
    }

    @inline(__always)
    mutating func append(_ start: UnsafePointer<UInt8>, count: Int) {
        if capacity - byteCount < count || !isKnownUniquelyReferenced(&owner) { reserve(count) }
        (base + byteCount).update(from: start, count: count)
        byteCount += count
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if capacity == byteCount || !isKnownUniquelyReferenced(&owner) { reserve(1) }
        base[byteCount] = byte
        byteCount += 1
    }

    /// Room for `more` bytes, in memory this value alone writes: at least double, so a page grows a few times.
    @inline(never)
    private mutating func reserve(_ more: Int) {
        let needed = byteCount + more
        let grown = needed > capacity ? max(needed, capacity * 2) : capacity
        let (replacement, start, size) = Self.allocate(grown)
        start.update(from: base, count: byteCount)
        (owner, base, capacity) = (replacement, start, size)
    }

    /// Markup written here, never from data.
    mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { append($0) }
    }

    /// Markup built here from our own pieces (cached fragments, icons), never from data. Disfavoured, so a literal
    /// takes the StaticString path above (a straight copy); a profile of the year view found the literals coming here
    /// and Array's generic append over a UTF8View taking 40% of its grid.
    @_disfavoredOverload
    mutating func raw(_ markup: String) {
        var markup = markup
        markup.withUTF8 { append($0) }
    }

    /// Another fragment, as it is (markup this page built once and repeats).
    mutating func raw(_ fragment: HTMLFragment) { append(fragment.base, count: fragment.byteCount) }

    /// Part of another fragment, as it is (a kept component around what this page changes in it).
    mutating func raw(_ fragment: HTMLFragment, bytes range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= fragment.byteCount)
        append(fragment.base + range.lowerBound, count: range.count)
    }

    /// A value: escaped (`< > & " '`).
    mutating func escaped(_ value: String) {
        var value = value
        value.withUTF8 { HTMLEscaper.append($0, escapedTo: &self) }
    }

    /// A whole number in decimal, written without an intermediate String.
    mutating func number(_ value: Int) {
        guard value != 0 else { append(UInt8(ascii: "0")); return }
        if value < 0 { append(UInt8(ascii: "-")) }
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
            for index in stride(from: count - 1, through: 0, by: -1) { append(buffer[index]) }
        }
    }

    /// A number with at least two digits ("07"), as dates are written.
    mutating func twoDigits(_ value: Int) {
        if (0..<10).contains(value) { append(UInt8(ascii: "0")) }
        number(value)
    }

    /// A day as "2026-01-05", as `Day.description` writes it, without making the String.
    mutating func day(_ day: Day) {
        if (0..<1000).contains(day.year) { raw(day.year < 10 ? "000" : day.year < 100 ? "00" : "0") }
        number(day.year); append(UInt8(ascii: "-")); twoDigits(day.month); append(UInt8(ascii: "-")); twoDigits(day.day)
    }

    /// A number to one decimal place without a trailing ".0" ("7", "6.5"), as `MoodNumber.text` writes it.
    mutating func oneDecimalOrWhole(_ value: Double) {
        let tenths = Int((value * 10).rounded())
        if tenths < 0 { append(UInt8(ascii: "-")) }
        number(Int(tenths.magnitude / 10))
        if tenths % 10 != 0 { append(UInt8(ascii: ".")); number(Int(tenths.magnitude % 10)) }
    }
}

/// A drawn page is a response's body as it is: the response shares the buffer (a writer would take its own copy first,
/// as above), and the server sends from it.
extension HTMLFragment: SharedBytes {
    var count: Int { byteCount }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: byteCount))
    }
}
