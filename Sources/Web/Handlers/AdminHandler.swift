import Domain
import Foundation
import HTTPServer
import Storage

/// A tenant's admins manage their members' roles and their organisation's settings. For anyone else these
/// pages do not exist (404).
enum AdminHandler {
    static func admin(_ context: RequestContext) throws -> Account {
        guard let account = context.scope.account, account.role == .admin else { throw WebError.notFound }
        return account
    }

    static func members(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let me = try admin(context)
        let members = try environment.database.members(tenantID: me.tenantID).map { member in
            ["email": member.account.email, "joined": SubscriptionHandler.date(member.joinedAt, me),
             "rolePath": Paths.memberRole(AccountID(stored: member.account.id)), "id": member.account.id,
             "roles": Role.allCases.map { ["value": $0.rawValue, "label": $0.rawValue.capitalized, "selected": $0 == member.account.role] }]
                as [String: Any]
        }
        var values: [String: Any] = ["members": members]
        values.merge(Notice.values(context)) { $1 }
        var response = try environment.render("admin/members", title: "Members", values, context: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// The last admin check, the change and its audit line are one transaction (see `AppDatabase.changeRole`).
    static func setRole(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let me = try admin(context)
        let id = try context.id("id", AccountEntity.self)
        guard let role = Role(rawValue: try context.form()["role"] ?? "") else { throw WebError.badRequest("Choose member, moderator or admin.") }
        let audit = AuditEntry(actor: me.email, actorID: me.id, action: "Changed a member’s role to \(role.rawValue)", at: environment.clock())
        switch try environment.database.changeRole(tenantID: me.tenantID, accountID: id.rawValue, to: role, audit: audit) {
        case .notFound: throw WebError.notFound
        case .lastAdmin: throw WebError.conflict("Every organisation needs at least one admin, so this role can’t change until there’s another.")
        case .changed: return .redirect(to: Paths.members + "?notice=role-saved")
        }
    }

    static func settings(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        _ = try admin(context)
        let tenant = context.scope.tenant
        let s = tenant.settings
        return try settingsPage(context, environment, typed: [
            "name": tenant.name, "accent": s.accentColour, "freeResets": String(s.freeResetsPerDay),
            "price": String(format: "%d.%02d", s.pricePence / 100, s.pricePence % 100), "threshold": String(s.reportThreshold),
            "crisis": s.crisisSupportText, "unlimited": s.unlimitedEmails.joined(separator: "\n"),
        ], community: s.communityEnabled, licence: s.licenceAllMembers, errors: FormErrors())
    }

    static func saveSettings(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let me = try admin(context)
        let form = try context.form()
        var tenant = context.scope.tenant
        var errors = FormErrors()
        func text(_ name: String) -> String { (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        let typed = ["name": text("name"), "accent": text("accent"), "freeResets": text("freeResets"), "price": text("price"),
                     "threshold": text("threshold"), "crisis": text("crisis"), "unlimited": text("unlimited")]
        if !(1...100).contains(typed["name"]!.count) { errors.add("name", "Give your organisation a name of up to 100 characters.") }
        if Colour(hex: typed["accent"]!) == nil { errors.add("accent", "Use a colour like #0F7A5C.") }
        let free = Int(typed["freeResets"]!)
        if free == nil || !(0...1000).contains(free!) { errors.add("freeResets", "Use a whole number from 0 to 1000.") }
        let price = pence(typed["price"]!)
        if price == nil { errors.add("price", "Use a price like 1.99.") }
        let threshold = Int(typed["threshold"]!)
        if threshold == nil || !(1...100).contains(threshold!) { errors.add("threshold", "Use a whole number from 1 to 100.") }
        if !(1...1000).contains(typed["crisis"]!.count) { errors.add("crisis", "Write the support details people should see, up to 1000 characters.") }
        let emails = typed["unlimited"]!.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if emails.contains(where: { EmailAddress($0) == nil }) { errors.add("unlimited", "Put one email address on each line.") }
        let community = form["community"] == "on", licence = form["licence"] == "on"
        guard errors.isEmpty, let free, let price, let threshold else {
            return try settingsPage(context, environment, typed: typed, community: community, licence: licence, errors: errors,
                                    status: .unprocessableContent)
        }
        tenant.name = typed["name"]!
        tenant.settings.accentColour = Colour(hex: typed["accent"]!)!.hex
        tenant.settings.freeResetsPerDay = free
        tenant.settings.pricePence = price
        tenant.settings.reportThreshold = threshold
        tenant.settings.crisisSupportText = typed["crisis"]!
        tenant.settings.unlimitedEmails = emails
        tenant.settings.communityEnabled = community
        tenant.settings.licenceAllMembers = licence
        try environment.database.saveSettings(of: tenant, audit: AuditEntry(actor: me.email, actorID: me.id, action: "Changed settings",
                                                                            subject: tenant.name, at: environment.clock()))
        return .redirect(to: Paths.settings + "?notice=settings-saved")
    }

    /// Renames topics and adds one; a new topic's slug is its name in lower-case letters.
    static func saveTopics(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let me = try admin(context)
        let form = try context.form()
        let topics = try environment.database.topics(tenantID: me.tenantID)
        var names: [String: String] = [:]
        for topic in topics {
            let name = (form["topic_" + topic.slug] ?? topic.name).trimmingCharacters(in: .whitespacesAndNewlines)
            guard (1...40).contains(name.count) else { throw WebError.badRequest("Topic names are 1 to 40 characters.") }
            names[topic.slug] = name
        }
        let newName = (form["new_topic"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var new: CommunityTopic?
        if !newName.isEmpty {
            let slug = String(newName.lowercased().filter { $0.isASCII && $0.isLetter }.prefix(30))
            guard (1...40).contains(newName.count), !slug.isEmpty else {
                throw WebError.badRequest("A new topic needs a name of up to 40 characters, with some letters in it.")
            }
            new = CommunityTopic(slug: slug, name: newName)
        }
        let audit = AuditEntry(actor: me.email, actorID: me.id, action: "Changed community topics", subject: context.scope.tenant.name,
                               note: new.map { "Added \($0.name)" } ?? "", at: environment.clock())
        do { try environment.database.saveTopics(tenantID: me.tenantID, names: names, adding: new, audit: audit) } catch {
            guard case .conflict(let reason) = error else { throw error }
            throw WebError.conflict("That topic can’t be added: \(reason).")
        }
        return .redirect(to: Paths.settings + "?notice=settings-saved")
    }

    /// "1.99" or "2" → 199 or 200; nil for anything else.
    static func pence(_ text: String) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), whole >= 0, whole <= 1000 else { return nil }
        if parts.count == 1 { return whole * 100 }
        guard parts[1].count == 2, let fraction = Int(parts[1]), fraction >= 0 else { return nil }
        return whole * 100 + fraction
    }

    private static func settingsPage(_ context: RequestContext, _ environment: AppEnvironment, typed: [String: String],
                                     community: Bool, licence: Bool, errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        var values: [String: Any] = typed
        if let domain = context.scope.tenant.settings.customDomain { values["customDomain"] = domain }
        values["community"] = community
        values["licence"] = licence
        values["topics"] = try environment.database.topics(tenantID: context.scope.tenantID).map { ["slug": $0.slug, "topicName": $0.name] }
        var response = try environment.renderForm("admin/settings", title: "Settings", values, errors: errors, context: context,
                                                  status: status)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
