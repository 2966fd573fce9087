import Domain

// Playing a run (RunHandler): its steps in the player layout, and the mood rating after it.

/// What every step in the player shows around the step itself (`partials/progress`): how far along, the way out
/// ("Finish early"), and help.
protocol PlayerPage: CompiledView {
    var number: Int { get }
    var count: Int { get }
    var finishPath: String { get }
    /// The reset's feeling, for the player's colours.
    var emotion: String { get }
}

extension PlayerPage {
    var isLast: Bool { number == count }
}

/// A step whose words ask the body to keep time (`StepCue`): the orb paced to a breath, or a hold's ring. The reset
/// player's steps and the practices' share it.
protocol CuedStep {
    var cue: StepCue? { get }
}

extension CuedStep {
    var breath: StepPage.Breath? {
        guard case .breathe(let inSeconds, let outSeconds) = cue else { return nil }
        return StepPage.Breath(inSeconds: inSeconds, outSeconds: outSeconds)
    }

    var hold: StepPage.Hold? {
        guard case .hold(let seconds) = cue else { return nil }
        return StepPage.Hold(seconds: seconds)
    }
}

/// `runs/step`: one step of a reset, for a run or for an admin's preview of a reset they wrote.
struct StepPage: PlayerPage, CuedStep {
    let resetName: String
    let emotion: String
    let stepTitle: String
    /// The step's short lines, each its own paragraph.
    let lines: [String]
    /// What the step asks the body to do in time, read from its lines.
    let cue: StepCue?
    let number: Int
    let count: Int
    let finishPath: String
    let backPath: String?
    let continuePath: String?
    /// In an admin's preview: what it is, and the way back to the editor.
    let previewNote: String?
    let previewBackPath: String?

    struct Breath { let inSeconds: Int; let outSeconds: Int }
    struct Hold { let seconds: Int }
}

/// `runs/bubbles`: Bubble Pop Calm, whose one step is a field of bubbles to pop.
struct BubblesPage: PlayerPage {
    struct Bubble {
        let number: Int
        let colour: String
        let size: String
    }

    let emotion: String
    let stepTitle: String
    let lines: [String]
    let number: Int
    let count: Int
    let finishPath: String

    /// Sizes and colours in a fixed, gentle order (the field lays them out, so none is ever clipped).
    var bubbles: [Bubble] { Self.field }

    private static let field: [Bubble] = (1...12).map { number in
        Bubble(number: number, colour: ["pink", "purple", "blue"][number % 3], size: ["small", "medium", "large"][(number * 7) % 3])
    }
}

/// `runs/mood`: "How do you feel now?", 1 to 10.
struct RateMoodPage: FormPage {
    let emotion: String
    let moodPath: String
    let moodScale: HTMLFragment
    let errors: FormErrors
    /// Its anchor is the middle choice, so the summary's link lands on the scale.
    var moodError: String? { errors["mood-5"] }
}

/// `runs/result`: after the rating. A low rating offers another reset; a very low one puts help a person can act on
/// first (never the paywall).
struct RunResultPage: CompiledView, ShowsAllowance {
    let mood: Int
    /// The reset's feeling, for its gradient.
    let emotion: String
    let face: TrustedHTML
    let resetName: String
    let emotionPath: String
    /// What the person did, truthfully: every step or how many, and how long it took.
    let whatWasDone: String
    /// "You went from 4, a little low, to 7, quite good.", when they rated how they felt before.
    let change: String?
    let dayPath: String
    let low: Bool
    let veryLow: Bool
    /// With a very low rating: the crisis contacts and the help flow's ways on.
    let crisisContacts: [CrisisContact]
    let breathePath: String?
    let groundPath: String?
    let mayTryAnother: Bool
    let allowanceLine: AllowanceLine
}
