import Domain

/// `admin/reset-editor`: an organisation writing its own reset, step by step, with a preview in the player.
struct ResetEditorPage: FormPage {
    struct Feeling {
        let id: String
        let label: String
        let selected: Bool
    }

    struct Step {
        let number: Int
        let title: String
        /// The step's lines, one to a line of the text area.
        let lines: String
        let titleError: String?
        let linesError: String?
    }

    /// A reset already saved: where it stands and what can be done with it.
    struct Saved {
        let savedName: String
        let status: String
        let isPublished: Bool
        let previewPath: String
        let publishPath: String
        /// Only a reset never published can be deleted.
        let deletePath: String?
    }

    let heading: String
    let emotions: [Feeling]
    let name: String
    let description: String
    let science: String
    let duration: String
    let safety: String
    let steps: [Step]
    let formPath: String
    let saved: Saved?
    let errors: FormErrors

    var isSaved: Bool { saved != nil }
    var savedName: String? { saved?.savedName }
    var status: String? { saved?.status }
    var isPublished: Bool { saved?.isPublished ?? false }
    var previewPath: String? { saved?.previewPath }
    var publishPath: String? { saved?.publishPath }
    var deletePath: String? { saved?.deletePath }
    var canAddStep: Bool { steps.count < ResetDraft.stepLimit }
    var nameLimit: Int { ResetDraft.nameLimit }
    var descriptionLimit: Int { ResetDraft.descriptionLimit }
    var scienceLimit: Int { ResetDraft.scienceLimit }
    var safetyLimit: Int { ResetDraft.safetyLimit }
    var titleLimit: Int { ResetDraft.titleLimit }
    var linesLimit: Int { ResetDraft.linesPerStepLimit }
    var lineLimit: Int { ResetDraft.lineLimit }
    var stepLimit: Int { ResetDraft.stepLimit }
    var shortest: Int { ResetDraft.durations.lowerBound }
    var longest: Int { ResetDraft.durations.upperBound }
    var error_emotion: String? { errors["emotion"] }
    var error_name: String? { errors["name"] }
    var error_description: String? { errors["description"] }
    var error_science: String? { errors["science"] }
    var error_duration: String? { errors["duration"] }
    var error_safety: String? { errors["safety"] }
}
