import Domain
import UseCases

/// Template values for crisis help, shared by every page that offers it.
enum SafeguardingViews {
    /// The tenant's crisis contacts for a page that is not compiled yet (`partials/crisis-contacts`).
    static func contacts(_ context: RequestContext, _ environment: AppEnvironment) throws -> [String: Any] {
        ["crisisContacts": try environment.safeguarding.contacts(context.scope).map(templateValues)]
    }

    /// One contact as the crisis-contacts partial names its parts, for pages that are not compiled yet.
    static func templateValues(_ contact: CrisisContact) -> [String: Any] {
        var values: [String: Any] = ["name": contact.name, "purpose": contact.purpose]
        if let hours = contact.hours { values["hours"] = hours }
        if let phone = contact.phone, let link = contact.telephoneLink { values["phone"] = phone; values["telephoneLink"] = link }
        if let number = contact.textNumber, let link = contact.textLink { values["textNumber"] = number; values["textLink"] = link }
        if let message = contact.textMessage { values["textMessage"] = message }
        if let url = contact.url { values["url"] = url }
        return values
    }

    /// The safety phrases as one attribute value: phrases joined by "|" (they hold only letters, digits, apostrophes
    /// and spaces once normalised, so no separator can appear inside one). The template escapes it.
    static func phraseList(_ phrases: [String]) -> String { phrases.joined(separator: "|") }

    /// Unread messages from the moderation team, for a page that is not compiled yet.
    static func teamMessages(_ context: RequestContext, _ environment: AppEnvironment) throws -> [String: Any] {
        let box = try TeamMessages.unseen(context, environment)
        guard !box.teamMessages.isEmpty else { return [:] }
        return ["teamMessages": box.teamMessages.map { ["id": $0.id, "body": $0.body, "seenPath": $0.seenPath] as [String: Any] },
                "crisisContacts": box.crisisContacts.map(templateValues)]
    }
}
