/// `checkin/reflection`: a guided reflection, one step at a time: how strong the feeling is, its questions, the
/// feeling again, then what the person wrote.
struct ReflectionPage: FormPage {
    /// The first and last steps: how strong the feeling is, 0 to 10.
    struct Intensity {
        struct Option {
            let value: Int
            let selected: Bool
            /// The scale's ends say what they mean.
            var ends: String? { value == 0 ? "not at all" : value == 10 ? "as strong as it gets" : nil }
        }

        let heading: String
        let button: String
        let intensities: [Option]
    }

    /// A question step.
    struct Asking {
        let question: String
        /// The earlier answer the question builds on, shown above it ("You wrote: …").
        let reminder: String?
        let answer: String
        let answerLimit: Int
    }

    /// The summary after the last step.
    struct Done {
        struct Answer {
            let question: String
            let answer: String
            var hasAnswer: Bool { !answer.isEmpty }
        }

        let change: String?
        let answers: [Answer]
    }

    let kindName: String
    let step: Int
    let stepCount: Int
    /// An earlier day's reflection says which day it is.
    let dayName: String?
    let dayValue: String?
    let wordsUnreadable: String?
    let previousPath: String?
    let leavePath: String
    let leaveLabel: String
    let intensity: Intensity?
    let asking: Asking?
    let done: Done?
    let errors: FormErrors
    var error_intensity: String? { errors["intensity"] }
    var error_answer: String? { errors["answer"] }
}
