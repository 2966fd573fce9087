import Domain
import UseCases

/// Template values for crisis help, shared by every page that offers it.
enum SafeguardingViews {
    /// The tenant's crisis contacts, as `partials/crisis-contacts` shows them (`{{{crisisContactsHTML}}}`): written once
    /// per version of the tenant's configuration (the feed and every help page show them).
    static func contacts(_ context: RequestContext, _ environment: AppEnvironment) throws -> [String: Any] {
        let tenant = context.scope.tenant, kept = environment.crisisContactLists
        if let html = kept.value(tenantID: tenant.id, version: tenant.configVersion) { return ["crisisContactsHTML": html] }
        // Stored under the version read with the tenant: the contacts are read after it, so never older.
        let html = contactsHTML(try environment.safeguarding.contacts(context.scope))
        kept.store(html, tenantID: tenant.id, version: tenant.configVersion)
        return ["crisisContactsHTML": html]
    }

    /// The contacts written in Swift (the list sits inside forms and sections where each of its keys cost a walk up the
    /// template's context stack). A contact without a text number shows no text button; every value is escaped.
    static func contactsHTML(_ contacts: [CrisisContact]) -> String {
        var html = HTMLFragment(capacity: 2048)
        html.raw("<ul class=\"crisis-contacts\">\n")
        for contact in contacts {
            html.raw("  <li class=\"crisis-contact\">\n    <p class=\"crisis-contact-name\">"); html.escaped(contact.name)
            html.raw("</p>\n    <p class=\"crisis-contact-purpose\">"); html.escaped(contact.purpose)
            if let hours = contact.hours { html.raw(" · "); html.escaped(hours) }
            html.raw("</p>\n    <p class=\"crisis-contact-actions\">\n")
            if let phone = contact.phone, let link = contact.telephoneLink {
                html.raw("      <a class=\"button button-crisis button-large\" href=\""); html.escaped(link); html.raw("\">Call ")
                html.escaped(phone); html.raw("</a>\n")
            }
            if let number = contact.textNumber, let link = contact.textLink {
                html.raw("      <a class=\"button button-crisis button-large\" href=\""); html.escaped(link); html.raw("\">Text ")
                if let message = contact.textMessage { html.escaped(message); html.raw(" to ") }
                html.escaped(number); html.raw("</a>\n")
            }
            if let url = contact.url {
                html.raw("      <a class=\"button button-secondary button-large\" href=\""); html.escaped(url)
                html.raw("\" rel=\"noopener noreferrer\">Visit the "); html.escaped(contact.name); html.raw(" website</a>\n")
            }
            html.raw("    </p>\n  </li>\n")
        }
        html.raw("</ul>")
        return html.text
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
