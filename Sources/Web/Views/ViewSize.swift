import Synchronization

/// How big a page's body came out last time, so that the next one is written into a buffer of about that size.
///
/// A body starts small and doubles as it fills: the feed (some 37 KB) was written into 8, then 16, 32 and 64 KB, each
/// step copying everything so far, with the copies a tenth of its time. Each compiled page has one (`viewSize`, made by
/// the plugin). Kept to a whole number of KB within bounds, so one odd page cannot make every later one allocate a lot.
final class ViewSize: Sendable {
    private let last = Atomic<Int>(0)

    /// Bounds on the buffer first allocated: anything bigger grows as before.
    static let smallest = 4096, largest = 256 << 10

    /// What to allocate for the next body: the last size seen with an eighth more, or the smallest.
    var expected: Int {
        let seen = last.load(ordering: .relaxed)
        return min(max(seen + seen / 8, Self.smallest), Self.largest)
    }

    /// A body just written, `bytes` long.
    func saw(_ bytes: Int) {
        // Racing writers may each store their own size: any one of them is a good guess.
        let rounded = (min(max(bytes, 0), Self.largest) + 1023) & ~1023
        if last.load(ordering: .relaxed) != rounded { last.store(rounded, ordering: .relaxed) }
    }
}
