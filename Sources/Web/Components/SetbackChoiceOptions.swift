import Domain

/// `components/setback-kinds`: the six kinds of setback as large choices.
struct SetbackKindsView: CompiledView {
    let kinds: [SetbackKindChoice]
}

/// `components/hurt-scale`: how much it hurt, 1 to 10, with the words of the one chosen said beside it.
struct HurtScaleView: CompiledView {
    let hurts: [SetbackHurtChoice]
}

/// The setback form's two choices, written once for each way they can be chosen (as `MoodScaleOptions` is): the ten
/// faces and the six kinds' examples are most of the form's markup and the same for everyone, and drawn on every
/// visit they were the larger part of the page's time. A form starts with no kind and the middle of the scale; sent
/// back or opened to change a setback, it shows the choice made, which is one of these too.
enum SetbackChoiceOptions {
    /// No kind chosen, then each kind chosen, in `SetbackKind.allCases`' order.
    private static let kinds: [HTMLFragment] = ([nil] + SetbackKind.allCases.map(Optional.some)).map { selected in
        SetbackKindsView(kinds: SetbackKindChoice.all(selected: selected)).fragment(capacity: 4096)
    }
    /// Nothing chosen, then 1 to 10.
    private static let hurts: [HTMLFragment] = ([nil] + SetbackHurt.range.map(SetbackHurt.init)).map { selected in
        HurtScaleView(hurts: SetbackHurtChoice.all(selected: selected)).fragment(capacity: 16_384)
    }

    static func kinds(selecting kind: SetbackKind?) -> HTMLFragment {
        guard let kind, let index = SetbackKind.allCases.firstIndex(of: kind) else { return kinds[0] }
        return kinds[index + 1]
    }

    static func hurtScale(selecting hurt: SetbackHurt?) -> HTMLFragment {
        hurts[hurt.map(\.value) ?? 0]
    }
}
