import Domain
import Foundation
import HTTPServer
import UseCases

/// A person's messages from the moderation team, and the admin pages for crisis contacts and watched words (rules in
/// `Safeguarding`; for anyone but admins the admin pages do not exist).
enum SafeguardingHandler {
    static func markSeen(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: TeamMessageID) throws -> Response {
        try environment.safeguarding.markSeen(member, message: id)
        return .redirect(to: Route.home.path + "?notice=message-read")
    }

    // MARK: Crisis contacts

    static func contacts(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try contactsPage(context, environment, member: member, typed: .init(), errors: FormErrors())
    }

    private static func contactsPage(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope,
                                     typed: CrisisContactsPage.NewContact, errors: FormErrors, refused: CrisisContact? = nil,
                                     status: HTTPStatus = .ok) throws -> Response {
        guard member.account.role == .admin else { throw WebError.notFound }
        let rows = CrisisContactsPage.Row.rows(try environment.safeguarding.contacts(context.scope),
                                               refused: refused.flatMap { typed in errors["contact_" + typed.id].map { (typed, $0) } })
        let page = CrisisContactsPage(contacts: rows, typed: typed, errors: errors)
        return try environment.render(page, title: "Crisis contacts", errors: errors, context: context, status: status)
    }

    static func contact(from form: FormData, id: String) -> CrisisContact {
        func text(_ name: String) -> String? {
            let value = String((form[name] ?? "").prefix(400)).trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? nil : value
        }
        return CrisisContact(id: id, name: text("name") ?? "", purpose: text("purpose") ?? "", phone: text("phone"),
                             textNumber: text("text_number"), textMessage: text("text_message"), url: text("url"), hours: text("hours"))
    }

    static func addContact(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let contact = contact(from: form, id: "")
        var errors = FormErrors()
        if try errors.attempt("new_contact", { try environment.safeguarding.saveContact(member, contact) }) == nil {
            func typed(_ name: String) -> String { String((form[name] ?? "").prefix(400)) }
            let typed = CrisisContactsPage.NewContact(new_name: typed("name"), new_purpose: typed("purpose"), new_phone: typed("phone"),
                                                      new_text_number: typed("text_number"), new_text_message: typed("text_message"),
                                                      new_url: typed("url"), new_hours: typed("hours"))
            return try contactsPage(context, environment, member: member, typed: typed, errors: errors, status: .unprocessableContent)
        }
        return .redirect(to: Route.crisisContacts.path + "?notice=contact-saved")
    }

    static func changeContact(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: CrisisContactID, _ action: CrisisContactAction) throws -> Response {
        let safeguarding = environment.safeguarding
        switch action {
        case .save:
            let changed = contact(from: try context.form(), id: id.rawValue)
            var errors = FormErrors()
            if try errors.attempt("contact_" + id.rawValue, { try safeguarding.saveContact(member, changed) }) == nil {
                return try contactsPage(context, environment, member: member, typed: .init(), errors: errors, refused: changed,
                                        status: .unprocessableContent)
            }
        case .up, .down: try safeguarding.moveContact(member, id: id, up: action == .up)
        case .remove: try safeguarding.deleteContact(member, id: id)
        }
        return .redirect(to: Route.crisisContacts.path + "?notice=contact-saved")
    }

    // MARK: Watched words

    static func watchedWords(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try wordsPage(context, environment, member: member, typed: "", errors: FormErrors())
    }

    private static func wordsPage(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, typed: String,
                                  errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let words = try environment.safeguarding.watchedWords(member).map {
            WatchedWordsPage.Word(phrase: $0.phrase, refuses: $0.action == .refuse, removePath: Route.watchedWordRemove(WatchedWordID(stored: $0.id)).path)
        }
        return try environment.render(WatchedWordsPage(words: words, phrase: typed, errors: errors), title: "Watched words", errors: errors,
                                      context: context, status: status)
    }

    static func addWatchedWord(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let phrase = String((form["phrase"] ?? "").prefix(200)).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let action = WatchedWord.Action(rawValue: form["action"] ?? "") else { throw WebError.badRequest("Choose hold or refuse.") }
        var errors = FormErrors()
        if try errors.attempt("phrase", { try environment.safeguarding.addWatchedWord(member, phrase: phrase, action: action) }) == nil {
            return try wordsPage(context, environment, member: member, typed: phrase, errors: errors, status: .unprocessableContent)
        }
        return .redirect(to: Route.watchedWords.path + "?notice=words-saved")
    }

    static func removeWatchedWord(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: WatchedWordID) throws -> Response {
        try environment.safeguarding.removeWatchedWord(member, id: id)
        return .redirect(to: Route.watchedWords.path + "?notice=words-saved")
    }
}
