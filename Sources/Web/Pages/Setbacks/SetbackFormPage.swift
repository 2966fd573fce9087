/// `setbacks/form`: the thirty-second log, and the same form to change one. Two choices are needed (the kind, and
/// how much it hurt, which starts in the middle); the note and the time are there if wanted.
struct SetbackFormPage: FormPage {
    let editing: Bool
    let action: String
    let cancelPath: String
    /// `SetbackChoiceOptions`: the kinds, and how much it hurt, with what was chosen.
    let kindOptions: HTMLFragment
    let hurtScale: HTMLFragment
    let note: String
    let noteLimit: Int
    let happened: String
    /// The latest a browser's picker offers: now, on the member's clock.
    let happenedMax: String
    let wordsUnreadable: String?
    let errors: FormErrors

    var heading: String { editing ? "Change this setback" : "Log a setback" }
    var lead: String {
        editing ? "Change anything that isn’t right. Only you see it." : "Thirty seconds, just for you. Naming what happened is a first step in letting it go."
    }
    var button: String { editing ? "Save changes" : "Log it" }
    var error_kind: String? { errors["kind"] }
    var error_hurt: String? { errors["hurt"] }
    var error_note: String? { errors["note"] }
    var error_happened: String? { errors["happened"] }
}
