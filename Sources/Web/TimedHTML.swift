/// Markup that stays the same for a while except for words that follow the clock: how long ago something was
/// ("5 minutes ago") and a note that appears once a moment has passed ("Waiting longer than it should"). Pages kept
/// between requests (`KeptPages`) hold it, and each request writes the clock's words in as of its own time, so a kept
/// page never shows yesterday's "just now".
struct TimedHTML: Sendable {
    private enum Hole: Sendable {
        /// `CommunityHandler.timeAgo` of the time since this moment.
        case ago(Int)
        /// This markup, once the moment has passed.
        case after(Int, StaticString)
    }

    /// What is being written now, after the last hole.
    var current: HTMLFragment
    private var finished: [(piece: HTMLFragment, hole: Hole)] = []

    init(capacity: Int = 1024) { current = HTMLFragment(capacity: capacity) }

    var byteCount: Int { finished.reduce(current.byteCount) { $0 + $1.piece.byteCount + 32 } }

    mutating func raw(_ markup: StaticString) { current.raw(markup) }
    @_disfavoredOverload
    mutating func raw(_ markup: String) { current.raw(markup) }
    mutating func raw(_ fragment: HTMLFragment) { current.raw(fragment) }
    mutating func escaped(_ value: String) { current.escaped(value) }
    mutating func number(_ value: Int) { current.number(value) }

    /// "5 minutes ago" for `moment`, as of whenever this is written.
    mutating func ago(_ moment: Int) { cut(.ago(moment)) }

    /// `markup`, when this is written after `moment`.
    mutating func after(_ moment: Int, _ markup: StaticString) { cut(.after(moment, markup)) }

    private mutating func cut(_ hole: Hole) {
        finished.append((current, hole))
        current = HTMLFragment(capacity: 1024)
    }

    /// The markup as of `now`.
    func written(now: Int) -> HTMLFragment {
        var html = HTMLFragment(capacity: byteCount)
        for (piece, hole) in finished {
            html.raw(piece)
            switch hole {
            case .ago(let moment): html.escaped(CommunityHandler.timeAgo(now - moment))
            case .after(let moment, let markup): if now > moment { html.raw(markup) }
            }
        }
        html.raw(current)
        return html
    }
}
