/// Components drawn for one session and kept (`KeptPages`) until their key changes or the clock reaches the moment
/// they would first read differently (a "minutes ago", an overdue mark). Per session because their forms carry its
/// CSRF token, which templates take from the layout: they are drawn with `LayoutView.forms(csrf:)`.
final class KeptComponents<Key: Hashable & Sendable>: Sendable {
    struct SessionKey: Hashable, Sendable {
        let key: Key
        let csrf: String
    }

    struct Drawn: Sendable {
        let markup: HTMLFragment
        /// The first moment the markup no longer holds.
        let holdsUntil: Int
    }

    private let kept: KeptPages<SessionKey, Drawn>

    init(budget: Int) {
        kept = KeptPages(budget: budget) { 256 + $0.markup.allocatedBytes }
    }

    /// The markup kept for `key` and this session, or what `draw` makes (with the moment it stops holding) as of `now`.
    func markup(_ key: Key, csrf: String, now: Int, draw: () -> Drawn) -> HTMLFragment {
        kept.value(SessionKey(key: key, csrf: csrf), current: { now < $0.holdsUntil }, draw: draw).markup
    }

    /// How many are kept (for tests).
    var count: Int { kept.count }
}
