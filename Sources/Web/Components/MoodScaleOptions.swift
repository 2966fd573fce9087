import Domain

/// `components/mood-scale`: the ten choices of the 1–10 mood scale, a face, number and words each.
struct MoodScaleView: CompiledView {
    let choices: [MoodChoice]
}

/// The mood scale of a form field, written once: its ten faces are most of a rating page's markup and the same for
/// everyone, so a page copies them rather than drawing the scale again (drawn per request, the scale was a tenth of
/// the rating page's time). Only a form sent back with a choice made draws it anew, with that choice checked.
struct MoodScaleOptions: Sendable {
    /// After a reset (`runs/mood`).
    static let mood = MoodScaleOptions(name: "mood")
    /// Before a reset or a practice (`resets/intro`, `practices/show`).
    static let moodBefore = MoodScaleOptions(name: "mood_before")
    /// After a practice (`practices/done`).
    static let moodAfter = MoodScaleOptions(name: "mood_after")

    let name: String
    /// The scale with nothing chosen.
    let unselected: HTMLFragment

    private init(name: String) {
        self.name = name
        unselected = Self.draw(name: name, selected: nil)
    }

    /// The scale with `mood` chosen (nothing when it is nil or off the scale).
    func selecting(_ mood: Int?) -> HTMLFragment {
        guard let mood, MoodScale.range.contains(mood) else { return unselected }
        return Self.draw(name: name, selected: mood)
    }

    private static func draw(name: String, selected: Int?) -> HTMLFragment {
        let view = MoodScaleView(choices: MoodChoice.scale(name: name, selected: selected))
        var out = HTMLFragment(capacity: 8192)
        view.write(layout: .none, into: &out)
        return out
    }
}
