import Domain
import Foundation
import HTTPServer
import UseCases

/// A tenant's admins manage their members' roles and their organisation's settings. For anyone else these
/// pages do not exist (404).
enum AdminHandler {
    /// `/admin`: the team's tools in one list, so they are never buried in a person's own account pages.
    static func index(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        guard member.account.role.canModerate else { throw WebError.notFound }
        let counts = try environment.safeguarding.counts(member) ?? ModerationCounts(waiting: 0, heldForSafety: 0)
        let waiting = counts.waiting
        var lastWeek: TeamToolsPage.LastWeek?
        if member.account.role == .admin, let week = try environment.organisationInsights.report(member).weeks.last {
            typealias Figure = OrganisationInsightsPage.Figure
            lastWeek = .init(label: "Week from \(week.start.longText)",
                             figures: OrganisationInsightsPage.Cell.row(["Active members", "Resets completed", "Check-ins", "Posts"],
                                                                        [Figure.of(week.activeMembers), Figure.of(week.resetsCompleted),
                                                                         Figure.of(week.checkIns), Figure.of(week.posts)]))
        }
        let page = TeamToolsPage(isAdmin: member.account.role == .admin, waiting: waiting == 0 ? "Nothing waiting" : "\(waiting) waiting",
                                 heldForSafety: counts.heldForSafety == 0 ? nil : "\(counts.heldForSafety) held for safety", lastWeek: lastWeek)
        return try environment.render(page, title: "Team tools", context: context)
    }

    static func members(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let search = String((try context.query()["q"] ?? "").prefix(MembersPage.searchLimit))
        let (matching, total) = try environment.administration.members(member, search: search)
        let members = matching.map { listed in
            MembersPage.Member(id: listed.account.id.rawValue, email: listed.account.email, joined: SubscriptionHandler.date(listed.joinedAt, member.account),
                               rolePath: Route.memberRole(listed.account.id).path,
                               roles: Role.allCases.map { .init(value: $0.rawValue, label: $0.rawValue.capitalized, selected: $0 == listed.account.role) })
        }
        let trimmed = search.trimmingCharacters(in: .whitespaces)
        var page = MembersPage(members: members, total: total, search: search,
                               found: trimmed.isEmpty ? nil : members.isEmpty ? "No member’s address holds “\(trimmed)”."
                                   : "\(members.count) of \(total) match “\(trimmed)”.")
        page.waitingPasskeys = try environment.firstPasskeys.waiting(member).map {
            .init(email: $0.email, asked: SubscriptionHandler.date($0.requestedAt, member.account), approvePath: Route.approveFirstPasskey($0.accountID).path)
        }
        return try environment.render(page, title: "Members", context: context)
    }

    static func setRole(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: AccountID) throws -> Response {
        guard let role = Role(rawValue: try context.form()["role"] ?? "") else { throw WebError.badRequest("Choose member, moderator or admin.") }
        try environment.administration.changeRole(member, of: id, to: role)
        return .redirect(to: Route.members.path + "?notice=role-saved")
    }

    static func settings(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let admin = try environment.administration.requireAdmin(member)
        let tenant = try environment.administration.settings(admin)
        let s = tenant.settings
        let fields = SettingsPage.Fields(
            name: tenant.name, accent: s.accentColour, freeResets: String(s.freeResetsPerDay),
            price: String(format: "%d.%02d", s.pricePence / 100, s.pricePence % 100), threshold: String(s.reportThreshold),
            crisis: s.crisisSupportText, unlimited: s.unlimitedEmails.joined(separator: "\n"), safeguarding: s.safeguardingSteps,
            escalation: s.escalationContact, responseMinutes: String(s.atRiskResponseMinutes), exitButton: s.exitButton, exitURL: s.exitURL ?? "",
            staffStrongSignIn: s.staffStrongSignIn)
        return try settingsPage(context, environment, admin: admin, typed: fields, community: s.communityEnabled, licence: s.licenceAllMembers,
                                errors: FormErrors())
    }

    static func saveSettings(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let admin = try environment.administration.requireAdmin(member)
        let form = try context.form()
        var errors = FormErrors()
        func text(_ name: String) -> String { String((form[name] ?? "").prefix(2000)).trimmingCharacters(in: .whitespacesAndNewlines) }
        let name = text("name"), accentText = text("accent"), freeText = text("freeResets"), priceText = text("price")
        let thresholdText = text("threshold"), crisis = text("crisis"), unlimitedText = text("unlimited")
        let steps = form["safeguarding"].map { String($0.prefix(5000)).trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "\r\n", with: "\n") }
        let escalation = form["escalation"].map { String($0.prefix(400)).trimmingCharacters(in: .whitespacesAndNewlines) }
        let minutesText = form["responseMinutes"].map { $0.trimmingCharacters(in: .whitespaces) }
        // The quick exit's fields change only when the form had them (the URL field is always sent with it).
        let exitURLText = form["exitURL"].map { String($0.prefix(ExitPage.maximumLength + 100)).trimmingCharacters(in: .whitespaces) }
        let exitButton = exitURLText == nil ? admin.tenant.settings.exitButton : form["exitButton"] == "on"
        // So is the staff sign-in rule, which sits in the same part of the form.
        let staffStrong = exitURLText == nil ? admin.tenant.settings.staffStrongSignIn : form["staffStrongSignIn"] == "on"
        let typed = SettingsPage.Fields(name: name, accent: accentText, freeResets: freeText, price: priceText, threshold: thresholdText,
                                        crisis: crisis, unlimited: unlimitedText, safeguarding: steps ?? "", escalation: escalation ?? "",
                                        responseMinutes: minutesText ?? "", exitButton: exitButton,
                                        exitURL: exitURLText ?? admin.tenant.settings.exitURL ?? "", staffStrongSignIn: staffStrong)
        var exitURL: String??
        if let exitURLText {
            if exitURLText.isEmpty { exitURL = .some(nil) } else if let valid = ExitPage.validated(exitURLText) { exitURL = .some(valid) } else {
                errors.add("exitURL", "Use an https address of an everyday site, like \(ExitPage.standard), or leave it empty.")
            }
        }
        // Asking staff for a passkey is turned on from a session proven by one, so nobody locks themselves out.
        if staffStrong, !admin.tenant.settings.staffStrongSignIn, context.session?.proof.isStrong != true {
            errors.add("staffStrongSignIn", "Add a passkey to your own account (in Security) and sign in with it first, so you aren’t locked out.")
        }
        if !(1...100).contains(name.count) { errors.add("name", "Give your organisation a name of up to 100 characters.") }
        let accent = Colour(hex: accentText)
        if accent == nil { errors.add("accent", "Use a colour like #0F7A5C.") }
        let free = WholeNumber.parse(freeText, in: 0...1000)
        if free == nil { errors.add("freeResets", "Use a whole number from 0 to 1000.") }
        let price = pence(priceText)
        if price == nil { errors.add("price", "Use a price like 1.99.") }
        let threshold = WholeNumber.parse(thresholdText, in: 1...100)
        if threshold == nil { errors.add("threshold", "Use a whole number from 1 to 100.") }
        if !(1...1000).contains(crisis.count) { errors.add("crisis", "Write the support details people should see, up to 1000 characters.") }
        let lines = unlimitedText.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let emails = lines.compactMap(EmailAddress.init)
        if emails.count != lines.count { errors.add("unlimited", "Put one email address on each line.") }
        if let steps, !(1...4000).contains(steps.count) { errors.add("safeguarding", "Write the steps moderators follow, up to 4000 characters.") }
        if let escalation, escalation.count > 300 { errors.add("escalation", "Keep the safeguarding lead’s details to 300 characters.") }
        let minutes = minutesText.map { WholeNumber.parse($0, in: 5...1440) }
        if case .some(nil) = minutes { errors.add("responseMinutes", "Use a whole number of minutes from 5 to 1440.") }
        let community = form["community"] == "on", licence = form["licence"] == "on"
        guard errors.isEmpty, let accent, let free, let price, let threshold else {
            return try settingsPage(context, environment, admin: admin, typed: typed, community: community, licence: licence,
                                    errors: errors, status: .unprocessableContent)
        }
        var change = Administration.SettingsChange(
            name: name, accent: accent, freeResetsPerDay: free, pricePence: price, reportThreshold: threshold,
            crisisSupportText: crisis, unlimitedEmails: emails, communityEnabled: community, licenceAllMembers: licence)
        change.safeguardingSteps = steps
        change.escalationContact = escalation
        change.atRiskResponseMinutes = minutes ?? nil
        change.exitButton = exitButton
        change.exitURL = exitURL
        change.staffStrongSignIn = staffStrong
        try environment.administration.saveSettings(admin, change)
        return .redirect(to: Route.settings.path + "?notice=settings-saved")
    }

    /// Renames topics and adds one; a new topic's slug is its name in lower-case letters.
    static func saveTopics(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        var names: [String: String] = [:]
        for topic in try environment.administration.topics(member) {
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
        try environment.administration.saveTopics(member, names: names, adding: new)
        return .redirect(to: Route.settings.path + "?notice=settings-saved")
    }

    /// "1.99" or "2" → 199 or 200; nil for anything else.
    static func pence(_ text: String) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = WholeNumber.parse(parts[0], in: 0...1000) else { return nil }
        if parts.count == 1 { return whole * 100 }
        guard let fraction = WholeNumber.parse(parts[1], in: 0...99, digits: 2...2) else { return nil }
        return whole * 100 + fraction
    }

    private static func settingsPage(_ context: RequestContext, _ environment: AppEnvironment, admin: MemberScope,
                                     typed: SettingsPage.Fields, community: Bool, licence: Bool, errors: FormErrors,
                                     status: HTTPStatus = .ok) throws -> Response {
        let page = SettingsPage(fields: typed, customDomain: context.scope.tenant.settings.customDomain, community: community, licence: licence,
                                topics: try environment.administration.topics(admin).map { .init(slug: $0.slug, topicName: $0.name) },
                                errors: errors)
        return try environment.render(page, title: "Settings", errors: errors, context: context, status: status)
    }
}
