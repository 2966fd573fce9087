import Domain

/// One of the six kinds as a large choice on the log form.
struct SetbackKindChoice {
    let value: String
    let label: String
    let examples: String
    let checked: Bool

    static func all(selected: SetbackKind?) -> [SetbackKindChoice] {
        SetbackKind.allCases.map { SetbackKindChoice(value: $0.rawValue, label: $0.label, examples: $0.examples, checked: $0 == selected) }
    }
}

/// One step of how much it hurt, 1 to 10, with its own face and words (the seed's slider, as radios that work
/// without script). The face is the mood scale's, read the other way: the more it hurt, the lower the mood it wears.
struct SetbackHurtChoice {
    let value: Int
    let mood: Int
    let words: String
    let face: TrustedHTML
    let checked: Bool

    static func all(selected: SetbackHurt?) -> [SetbackHurtChoice] {
        SetbackHurt.range.compactMap(SetbackHurt.init).map { hurt in
            SetbackHurtChoice(value: hurt.value, mood: mood(hurt), words: hurt.words, face: TrustedHTML(markup: MoodView.face(mood(hurt))),
                              checked: hurt == selected)
        }
    }

    static func mood(_ hurt: SetbackHurt) -> Int { 11 - hurt.value }
}
