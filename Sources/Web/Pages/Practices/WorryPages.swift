import Domain

/// A worry as a line of a list.
struct WorryItem {
    let text: String
    let detail: String
    let path: String
}

/// The "make it an action" form's fields, kept as typed when something needs another look.
struct WorryStepFields {
    let step: String
    let due: String
    let stepLimit: Int
    let today: String
    /// The page's errors, so the step's and the date's are found on the fields themselves rather than through every
    /// scope out to the page (a key path built at run time for each look-up).
    let errors: FormErrors
    var error_step: String? { errors["step"] }
    var error_due: String? { errors["due"] }
}

/// `worries/index`: worry time (the window, and in it the parked worries one by one), writing a worry down, and the
/// worries waiting.
struct WorriesPage: FormPage {
    /// In the window: the worry to revisit now, and how many wait.
    struct Revisit {
        let text: String
        let position: String
        let letGoPath: String
        let keepPath: String
        let canPath: String
        let fields: WorryStepFields
    }

    let inWindow: Bool
    let windowText: String?
    let windowEnds: String?
    let revisit: Revisit?
    let startTime: String
    let lengths: [FormChoice]
    let hasTime: Bool
    let text: String
    let textLimit: Int
    let answers: [FormChoice]
    let fields: WorryStepFields
    let unsorted: [WorryItem]
    let parked: [WorryItem]
    let actionCount: Int
    let errors: FormErrors

    var hasUnsorted: Bool { !unsorted.isEmpty }
    var hasParked: Bool { !parked.isEmpty }
    var actionsLink: String { actionCount == 0 ? "Nothing to do yet" : actionCount == 1 ? "1 action to do" : "\(actionCount) actions to do" }
    var error_text: String? { errors["text"] }
    var error_answer: String? { errors["answer"] }
    var error_start: String? { errors["start"] }
}

/// `worries/show`: one's own worry, sorted or not, and what can be done with it now.
struct WorryPage: FormPage {
    let text: String
    let written: String
    let stateText: String
    let isOpen: Bool
    let canMakeAction: Bool
    let isAction: Bool
    let isParked: Bool
    let step: String
    let due: String?
    let done: Bool
    let fields: WorryStepFields
    let canPath: String
    let cannotPath: String
    let letGoPath: String
    let keepPath: String
    let donePath: String
    let notDonePath: String
    let deletePath: String
    let wordsUnreadable: String?
    let errors: FormErrors

}

/// `worries/actions`: the worries something can be done about, each with its small first step. Never red, never
/// "overdue": a day that has passed is just its date.
struct ActionsPage: CompiledView, Sendable {
    struct Item: Sendable {
        let step: String
        let worry: String
        let due: String?
        let path: String
        let togglePath: String
        let done: Bool
    }

    let toDo: [Item]
    let done: [Item]

    var hasToDo: Bool { !toDo.isEmpty }
    var hasDone: Bool { !done.isEmpty }
    /// Roughly what it holds, for `AppEnvironment.actionPages`' budget.
    var size: Int { (toDo + done).reduce(512) { $0 + $1.step.utf8.count + $1.worry.utf8.count + 256 } }
}
