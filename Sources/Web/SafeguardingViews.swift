import Domain
import UseCases

/// Template values for crisis help, shared by every page that offers it.
enum SafeguardingViews {
    /// The tenant's crisis contacts as the `partials/crisis-contacts` template reads them: only present keys, so a
    /// contact without a text number shows no text button.
    static func contacts(_ context: RequestContext, _ environment: AppEnvironment) throws -> [String: Any] {
        ["crisisContacts": try environment.safeguarding.contacts(context.scope).map(values)]
    }

    static func values(_ contact: CrisisContact) -> [String: Any] {
        var values: [String: Any] = ["name": contact.name, "purpose": contact.purpose]
        if let hours = contact.hours { values["hours"] = hours }
        if let phone = contact.phone, let link = contact.telephoneLink { values["phone"] = phone; values["telephoneLink"] = link }
        if let number = contact.textNumber, let link = contact.textLink {
            values["textNumber"] = number
            values["textLink"] = link
            if let message = contact.textMessage { values["textMessage"] = message }
        }
        if let url = contact.url { values["url"] = url }
        return values
    }

    /// The safety phrases as one attribute value: phrases joined by "|" (they hold only letters, digits, apostrophes
    /// and spaces once normalised, so no separator can appear inside one). The template escapes it.
    static func phraseList(_ phrases: [String]) -> String { phrases.joined(separator: "|") }

    /// Unread messages from the moderation team, with the contacts, for the signed-in person.
    static func teamMessages(_ context: RequestContext, _ environment: AppEnvironment) throws -> [String: Any] {
        guard let member = context.scope.member else { return [:] }
        let messages = try environment.safeguarding.unseenMessages(member)
        guard !messages.isEmpty else { return [:] }
        var values = try contacts(context, environment)
        values["teamMessages"] = messages.map {
            ["id": $0.id, "body": $0.body, "seenPath": Paths.teamMessageSeen(TeamMessageID(stored: $0.id))] as [String: Any]
        }
        return values
    }
}
