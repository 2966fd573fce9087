import Domain
import HTTPServer
import UseCases

/// A person's messages from the moderation team, and the admin pages for crisis contacts and watched words (rules in
/// `Safeguarding`; for anyone but admins the admin pages do not exist).
enum SafeguardingHandler {
    static func markSeen(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.safeguarding.markSeen(try context.member(), message: try context.id("id", TeamMessageEntity.self))
        return .redirect(to: Paths.home + "?notice=message-read")
    }

    // MARK: Crisis contacts

    static func contacts(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try contactsPage(context, environment, member: try context.staffMember(), typed: [:], errors: FormErrors())
    }

    private static func contactsPage(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope,
                                     typed: [String: String], errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        guard member.account.role == .admin else { throw WebError.notFound }
        let contacts = try environment.safeguarding.contacts(context.scope)
        var values: [String: Any] = typed
        values["contacts"] = contacts.enumerated().map { index, contact in
            let id = CrisisContactID(stored: contact.id)
            var row: [String: Any] = ["id": contact.id, "name": contact.name, "purpose": contact.purpose]
            row["savePath"] = Paths.crisisContact(id, "save")
            row["upPath"] = Paths.crisisContact(id, "up")
            row["downPath"] = Paths.crisisContact(id, "down")
            row["removePath"] = Paths.crisisContact(id, "remove")
            row["canMoveUp"] = index > 0
            row["canMoveDown"] = index < contacts.count - 1
            for (key, value) in [("phoneValue", contact.phone), ("textNumberValue", contact.textNumber),
                                 ("textMessageValue", contact.textMessage), ("urlValue", contact.url), ("hoursValue", contact.hours)] {
                row[key] = value ?? ""
            }
            return row
        }
        values.merge(Notice.values(context)) { $1 }
        return try environment.renderForm("admin/crisis-contacts", title: "Crisis contacts", values, errors: errors, context: context,
                                          status: status)
    }

    static func contact(from form: FormData, id: String) -> CrisisContact {
        func text(_ name: String) -> String? {
            let value = String((form[name] ?? "").prefix(400)).trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? nil : value
        }
        return CrisisContact(id: id, name: text("name") ?? "", purpose: text("purpose") ?? "", phone: text("phone"),
                             textNumber: text("text_number"), textMessage: text("text_message"), url: text("url"), hours: text("hours"))
    }

    static func addContact(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        let form = try context.form()
        let contact = contact(from: form, id: "")
        do {
            try environment.safeguarding.saveContact(member, contact)
        } catch UseCaseError.conflict(let reason) {
            var errors = FormErrors()
            errors.add("new_contact", reason)
            let typed = ["name", "purpose", "phone", "text_number", "text_message", "url", "hours"].reduce(into: [String: String]()) {
                $0["new_" + $1] = String((form[$1] ?? "").prefix(400))
            }
            return try contactsPage(context, environment, member: member, typed: typed, errors: errors, status: .unprocessableContent)
        }
        return .redirect(to: Paths.crisisContacts + "?notice=contact-saved")
    }

    static func changeContact(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        let id = try context.id("id", CrisisContactEntity.self)
        let safeguarding = environment.safeguarding
        switch try context.parameter("action") {
        case "save":
            do {
                try safeguarding.saveContact(member, contact(from: try context.form(), id: id.rawValue))
            } catch UseCaseError.conflict(let reason) {
                var errors = FormErrors()
                errors.add("contact_" + id.rawValue, reason)
                return try contactsPage(context, environment, member: member, typed: [:], errors: errors, status: .unprocessableContent)
            }
        case "up", "down": try safeguarding.moveContact(member, id: id, up: try context.parameter("action") == "up")
        case "remove": try safeguarding.deleteContact(member, id: id)
        default: throw WebError.notFound
        }
        return .redirect(to: Paths.crisisContacts + "?notice=contact-saved")
    }

    // MARK: Watched words

    static func watchedWords(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try wordsPage(context, environment, member: try context.staffMember(), typed: "", errors: FormErrors())
    }

    private static func wordsPage(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, typed: String,
                                  errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        let words = try environment.safeguarding.watchedWords(member).map {
            ["phrase": $0.phrase, "refuses": $0.action == .refuse, "removePath": Paths.watchedWordRemove(WatchedWordID(stored: $0.id))] as [String: Any]
        }
        var values: [String: Any] = ["words": words, "hasWords": !words.isEmpty, "phrase": typed]
        values.merge(Notice.values(context)) { $1 }
        return try environment.renderForm("admin/watched-words", title: "Watched words", values, errors: errors, context: context,
                                          status: status)
    }

    static func addWatchedWord(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        let form = try context.form()
        let phrase = String((form["phrase"] ?? "").prefix(200)).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let action = WatchedWord.Action(rawValue: form["action"] ?? "") else { throw WebError.badRequest("Choose hold or refuse.") }
        do {
            try environment.safeguarding.addWatchedWord(member, phrase: phrase, action: action)
        } catch UseCaseError.conflict(let reason) {
            var errors = FormErrors()
            errors.add("phrase", reason)
            return try wordsPage(context, environment, member: member, typed: phrase, errors: errors, status: .unprocessableContent)
        }
        return .redirect(to: Paths.watchedWords + "?notice=words-saved")
    }

    static func removeWatchedWord(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.safeguarding.removeWatchedWord(try context.staffMember(), id: try context.id("id", WatchedWordEntity.self))
        return .redirect(to: Paths.watchedWords + "?notice=words-saved")
    }
}
