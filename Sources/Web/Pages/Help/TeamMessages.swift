import Domain
import UseCases

/// `partials/team-messages`: unread messages from the moderation team to the signed-in person, each with the crisis
/// contacts. Shown on the home page and the first help page.
struct TeamMessages {
    struct Message {
        let id: String
        let body: String
        /// "Thank you, I’ve read this".
        let seenPath: String
    }

    let teamMessages: [Message]
    /// Only read when there are messages.
    let crisisContacts: [CrisisContact]

    static let none = TeamMessages(teamMessages: [], crisisContacts: [])

    static func unseen(_ context: RequestContext, _ environment: AppEnvironment) throws -> TeamMessages {
        guard let member = context.scope.member else { return .none }
        let messages = try environment.safeguarding.unseenMessages(member)
        guard !messages.isEmpty else { return .none }
        return TeamMessages(teamMessages: messages.map {
            Message(id: $0.id, body: $0.body, seenPath: Route.teamMessageSeen(TeamMessageID(stored: $0.id)).path)
        }, crisisContacts: try environment.safeguarding.contacts(context.scope))
    }
}
