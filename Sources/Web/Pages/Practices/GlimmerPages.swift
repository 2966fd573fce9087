import Domain

/// A glimmer as a line of a list (here and on the calendar's day).
struct GlimmerItem: Sendable {
    let text: String
    let kind: String?
    let day: String
    let path: String
}

/// One month with glimmers in it, as a link.
struct GlimmerMonth: Sendable {
    let label: String
    let path: String
    let count: Int
    let current: Bool
}

/// `glimmers/index`: keeping a glimmer in seconds, and the member's glimmers month by month.
struct GlimmersPage: FormPage {
    let text: String
    let textLimit: Int
    let kinds: [FormChoice]
    let monthHeading: String
    let items: [GlimmerItem]
    let months: [GlimmerMonth]
    let errors: FormErrors

    var hasItems: Bool { !items.isEmpty }
    var hasMonths: Bool { months.count > 1 }
    var error_text: String? { errors["text"] }
}

/// `glimmers/show`: one's own glimmer, to read, change or delete.
struct GlimmerPage: FormPage {
    let text: String
    let textLimit: Int
    let kinds: [FormChoice]
    let day: String
    let savePath: String
    let deletePath: String
    let wordsUnreadable: String?
    let errors: FormErrors

    var error_text: String? { errors["text"] }
}

extension FormChoice {
    /// The kinds of glimmer as radios, "none" first (a kind is optional).
    static func glimmerKinds(selected: GlimmerKind?) -> [FormChoice] {
        [FormChoice(value: "", label: "Just a moment", checked: selected == nil)]
            + GlimmerKind.allCases.map { FormChoice(value: $0.rawValue, label: $0.label, checked: $0 == selected) }
    }
}
