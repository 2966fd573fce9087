import Domain

// "Need help now?" (HelpHandler), one view model per template in Views/help/.

/// A page of the help flow: where the person came from travels with them, so "I'm safe for now" takes them back.
protocol HelpFlowPage: CompiledView {
    /// A path on this site (`Route.safeReturn.path`).
    var from: String { get }
}

extension HelpFlowPage {
    var nowPath: String { Route.help(.helpNow, from: from) }
    var talkPath: String { Route.help(.helpTalk, from: from) }
    var breathePath: String { Route.help(.helpBreathe, from: from) }
    var groundPath: String { Route.help(.helpGround, from: from) }
    var safePath: String { Route.help(.helpSafe, from: from) }
}

/// `help/index`: a breathing moment first, with any message from the moderation team.
struct HelpIndexPage: HelpFlowPage {
    let from: String
    let messages: TeamMessages
    var teamMessages: [TeamMessages.Message] { messages.teamMessages }
    var crisisContacts: [CrisisContact] { messages.crisisContacts }
}

/// `help/now`: at most four large choices.
struct HelpNowPage: HelpFlowPage {
    let from: String
}

/// `help/talk`: the organisation's crisis contacts as buttons that call, text or open.
struct HelpTalkPage: HelpFlowPage {
    let from: String
    let crisisContacts: [CrisisContact]
    /// The organisation's own words under the buttons; nil when it has only the original default.
    let crisisSupportText: String?
}

/// `help/breathe`: two minutes of paced breathing.
struct HelpBreathePage: HelpFlowPage {
    let from: String
}

/// `help/ground`: a grounding reset.
struct HelpGroundPage: HelpFlowPage {
    let from: String
}
