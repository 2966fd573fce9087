import Domain

// Choosing a reset (ResetsHandler): the home page's emotions, a feeling's list of resets and a reset's introduction.

/// "2 free resets left today", said plainly and only to people with a limit.
struct AllowanceLine {
    let text: String?
    let noneLeft: Bool

    static let unlimited = AllowanceLine(text: nil, noneLeft: false)

    init(text: String?, noneLeft: Bool) {
        self.text = text
        self.noneLeft = noneLeft
    }

    init(_ allowance: Allowance?) {
        guard case .remaining(let left, _)? = allowance else { self = .unlimited; return }
        self.init(text: left == 0 ? "No free resets left today" : "\(left) free reset\(left == 1 ? "" : "s") left today", noneLeft: left == 0)
    }
}

/// A page that says how many free resets are left (`{{#allowance}}`, `{{#noneLeft}}`).
protocol ShowsAllowance {
    var allowanceLine: AllowanceLine { get }
}

extension ShowsAllowance {
    var allowance: String? { allowanceLine.text }
    var noneLeft: Bool { allowanceLine.noneLeft }
}

/// One of the five feelings, as a large card on the home page (`partials/emotion-grid`).
struct EmotionCard {
    let id: String
    let label: String
    let description: String
    let path: String
    let icon: TrustedHTML

    static func all(_ library: ResetLibrary) -> [EmotionCard] {
        library.emotions.map { emotion in
            EmotionCard(id: emotion.id, label: emotion.label, description: emotion.description, path: Route.emotion(emotion.id).path,
                        icon: TrustedHTML(markup: Icon(rawValue: emotion.id)?.svg ?? ""))
        }
    }
}

/// `home/index`: "How are you feeling?"
struct HomePage: CompiledView, ShowsAllowance {
    struct Unfinished {
        let name: String
        let step: Int
        let count: Int
        let path: String
    }

    /// A signed-in member's day at a glance, under the feelings.
    struct Today {
        /// "Good morning".
        let greeting: String
        /// Today's check-in's word ("Good"), once given; until then the five faces, one tap each.
        let checkedIn: String?
        let checkInFaces: [CheckInFace]
        /// "7 of 10, calm": the mood after the latest rated reset.
        let lastMood: String?
        /// One of the member's own glimmers from at least a week ago, the same all day.
        let glimmer: GlimmerItem?
        /// The page's "2 free resets left today", carried here so the day's list finds it on the day rather than
        /// out through the page (see docs/architecture.md).
        let allowance: String?
        /// The app lock has closed the member's private pages: nothing of their day is shown (no check-in, mood or
        /// glimmer), only the way to unlock it (issue 65).
        let unlockPath: String?
        var locked: Bool { unlockPath != nil }
    }

    let messages: TeamMessages
    let emotions: [EmotionCard]
    let unfinished: [Unfinished]
    let allowanceLine: AllowanceLine
    let today: Today?
    var hasUnfinished: Bool { !unfinished.isEmpty }
    var teamMessages: [TeamMessages.Message] { messages.teamMessages }
    var crisisContacts: [CrisisContact] { messages.crisisContacts }
}

/// `resets/list`: a feeling's resets.
struct ResetListPage: CompiledView, ShowsAllowance {
    struct Card {
        let path: String
        let name: String
        /// "About 2 min".
        let duration: String
        /// The organisation's name, on a reset it wrote itself.
        let fromOrganisation: String?
        let description: String
        let scienceBenefit: String
    }

    let emotion: String
    let label: String
    let description: String
    let icon: TrustedHTML
    let resets: [Card]
    let allowanceLine: AllowanceLine
}

/// One point of the 1–10 mood scale as a radio choice (`components/mood-scale`): a face, its number and its words.
struct MoodChoice: Sendable {
    let value: Int
    let id: String
    let name: String
    let words: String
    let face: TrustedHTML
    let checked: Bool

    /// The ten choices for the form field `name`.
    static func scale(name: String, selected: Int? = nil) -> [MoodChoice] {
        MoodScale.range.map { mood in
            MoodChoice(value: mood, id: "\(name)-\(mood)", name: name, words: MoodScale.words(for: mood),
                       face: TrustedHTML(markup: MoodView.face(mood)), checked: mood == selected)
        }
    }
}

/// `resets/intro`: what a reset is and why it helps, and the button that starts it (or carries on, or explains the limit).
struct ResetIntroPage: CompiledView, ShowsAllowance {
    let name: String
    let description: String
    let scienceBenefit: String
    let duration: String
    let stepCount: Int
    let emotion: String
    let emotionLabel: String
    let emotionPath: String
    let icon: TrustedHTML
    let startPath: String
    let signUpPath: String
    let logInPath: String
    let safetyNote: String?
    let allowanceLine: AllowanceLine
    /// The step an unfinished run of this reset carries on from.
    let resumeStep: Int?
    let askMoodBefore: Bool
    /// Today's free resets are used and there is nothing to carry on.
    let blocked: Bool
    /// The scale before the reset (`MoodScaleOptions.moodBefore`); empty for a visitor.
    let moodScale: HTMLFragment
}
