import Domain

// The practices beside the resets (PracticesHandler): the list, a practice's own page, its steps in the player, the
// timer, and the page after Done.

/// A practice as a card on the list.
struct PracticeCard {
    let title: String
    let summary: String
    let why: String
    let duration: String
    let path: String
    let emotion: String
}

/// `practices/index`: the containment practice, the body practices and the timer.
struct PracticesPage: CompiledView {
    let containment: [PracticeCard]
    let body: [PracticeCard]
    let timer: [PracticeCard]
}

/// `practices/show`: what a practice is and why it helps, a word of care where one is needed, and Start (with the
/// mood before, if the member likes; for the timer, its minutes and pace).
struct PracticePage: FormPage {
    let title: String
    let summary: String
    let why: String
    let duration: String
    let emotion: String
    let stepCount: Int
    let safety: String?
    let startPath: String
    let moodScale: HTMLFragment
    let isTimer: Bool
    let minuteChoices: [FormChoice]
    let paces: [PaceChoice]
    let errors: FormErrors

    var error_minutes: String? { errors["minutes"] }
    var error_pace: String? { errors["pace"] }
}

/// One breathing pace the timer offers.
struct PaceChoice {
    let id: String
    let value: String
    let label: String
    let hint: String
    let checked: Bool
}

/// `practices/step`: one step of a guided practice, in the player.
struct PracticeStepPage: PlayerPage, CuedStep {
    let practiceName: String
    let emotion: String
    let stepTitle: String
    let lines: [String]
    let cue: StepCue?
    let number: Int
    let count: Int
    let finishPath: String
    let backPath: String?
    let continuePath: String?
}

/// `practices/timer`: the practice timer running: the pace as an orb and as words, the minutes, and Done. With
/// script, a quiet count down and a soft end; without, the person presses Done when they are ready.
struct PracticeTimerPage: PlayerPage {
    let emotion: String
    let minutes: Int
    let inSeconds: Int
    let outSeconds: Int
    let paceLabel: String
    let finishPath: String

    var number: Int { 1 }
    var count: Int { 1 }
    var seconds: Int { minutes * 60 }
    var minutesText: String { minutes == 1 ? "1 minute" : "\(minutes) minutes" }
}

/// `practices/done`: after Done: what was done, the mood before and after if given, and the way on.
struct PracticeDonePage: CompiledView {
    let title: String
    let minutesText: String
    let emotion: String
    let moodBefore: Int?
    let moodAfter: Int?
    let moodPath: String
    let moodScale: HTMLFragment
    let again: String

    var askMoodAfter: Bool { moodAfter == nil }
    var change: String? {
        guard let moodBefore, let moodAfter else { return nil }
        if moodAfter > moodBefore { return "From \(moodBefore) to \(moodAfter): a little lighter." }
        if moodAfter == moodBefore { return "\(moodBefore) before and after. Steady is good too." }
        return "From \(moodBefore) to \(moodAfter). Some days are like that; you still showed up for yourself."
    }
}
