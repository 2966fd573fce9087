import Domain
import Foundation
import HTTPServer
import UseCases

/// Moderation pages (rules in `Moderation` and `Safeguarding`): for anyone but moderators and admins they do not
/// exist (404). The queue comes in three sections: may be at risk first, then reported, then the rest, each oldest
/// first. Authors appear only as pseudonyms.
enum ModerationHandler {
    static let sectionPageSize = 10
    /// The sections' names in `?show=`.
    static let sectionNames: [ModerationQueueSection: String] = [.atRisk: "at-risk", .reported: "reported", .others: "others"]

    static func queue(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let member = try environment.moderation.admit(member)
        // Oldest first, ten at a time per section: a moderator works from the top, and a queue of hundreds stays a
        // page that opens at once. "Show all" opens one section in full.
        let shown = try context.query()["show"]
        let whole = Self.sectionNames.first { $0.value == shown }?.key
        let tenant = member.tenant
        let now = environment.clock()
        let key = QueueKey(tenantID: tenant.id, configVersion: tenant.configVersion, communityVersion: member.account.communityVersion,
                           accountID: member.accountID, timeZone: member.account.timeZone, whole: whole)
        // A restriction ends by the clock, not by a change: a page that lists one holds until then.
        let view = try environment.queuePages.value(key, current: { view in view.restrictions.allSatisfy { $0.until.map { now < $0 } ?? true } }) {
            let queue = try environment.moderation.queue(member, first: Self.sectionPageSize, whole: whole)
            // A pseudonym is an HMAC; one author's posts in a row need it once.
            var pseudonyms: [AccountID?: String] = [:]
            func items(_ list: [ModerationItem]) -> [ModerationItemView] {
                list.map { item in
                    let author = pseudonyms[item.authorID] ?? Moderation.pseudonym(item.authorID, tenant: tenant)
                    pseudonyms[item.authorID] = author
                    return ModerationItemView(item, author: author, topicNames: queue.topicNames, tenant: tenant, member: member)
                }
            }
            let sections = queue.sections
            return QueueView(atRisk: items(sections.atRisk.items), reported: items(sections.reported.items), others: items(sections.others.items),
                             counts: [sections.atRisk.count, sections.reported.count, sections.others.count], restrictions: queue.restrictions)
        }
        let page = ModerationQueuePage(
            sections: sections(view, key: key, tenant: tenant, now: now, csrf: context.csrfToken, environment),
            isEmpty: view.counts.allSatisfy { $0 == 0 },
            restrictions: view.restrictions.map {
                .init(who: Moderation.pseudonym($0.accountID, tenant: tenant),
                      until: $0.until.map { SubscriptionHandler.date($0, member.account) } ?? "until lifted", reason: $0.reason,
                      liftPath: Route.liftRestriction(RestrictionID(stored: $0.id)).path)
            })
        return try environment.render(page, title: "Moderation", context: context)
    }

    /// The queue's sections as drawn for this moderator's session, kept until the queue changes (the key's version) or
    /// the first of their "minutes ago" or overdue marks would read differently: drawing each post with its reports and
    /// forms was most of the page's time, and a moderator reloads the queue far more often than a minute passes.
    private static func sections(_ view: QueueView, key: QueueKey, tenant: Tenant, now: Int, csrf: String,
                                 _ environment: AppEnvironment) -> HTMLFragment {
        environment.queueSections.markup(key, csrf: csrf, now: now) {
            func more(_ section: ModerationQueueSection) -> ModerationSections.More? {
                let count = view.counts[section.rawValue]
                guard section != key.whole, count > Self.sectionPageSize, let name = Self.sectionNames[section] else { return nil }
                return .init(path: Route.moderation.path + "?show=" + name, count: count)
            }
            let sections = ModerationSections(
                atRiskItems: view.atRisk.map { $0.at(now) }, reportedItems: view.reported.map { $0.at(now) },
                otherItems: view.others.map { $0.at(now) }, safeguardingSteps: tenant.settings.safeguardingStepList,
                escalationContact: tenant.settings.escalationContact.isEmpty ? nil : tenant.settings.escalationContact,
                counts: view.counts, moreAtRisk: more(.atRisk), moreReported: more(.reported), moreOthers: more(.others))
            let items = view.atRisk + view.reported + view.others
            return .init(markup: sections.fragment(capacity: 2048 + items.count * 2048, layout: .forms(csrf: csrf)),
                         holdsUntil: items.map { $0.changes(after: now) }.min() ?? Int.max)
        }
    }

    /// Everything the queue's page depends on but the clock: kept pages are under it (`AppEnvironment.queuePages`). The
    /// community version moves on with any change to a post, report or restriction, through any node (and with a staff
    /// member's address, which names who has taken a post on); the configuration version with the tenant's safeguarding
    /// steps and response time; the time zone writes when a post was escalated.
    struct QueueKey: Hashable, Sendable {
        let tenantID: TenantID
        let configVersion: Int
        let communityVersion: Int
        let accountID: AccountID
        let timeZone: String
        let whole: ModerationQueueSection?
    }

    /// The queue as read for one moderator at one community version (its eight queries were two thirds of the page's
    /// time; drawing it is cheap).
    struct QueueView: Sendable {
        let atRisk: [ModerationItemView]
        let reported: [ModerationItemView]
        let others: [ModerationItemView]
        /// How many posts each section holds, in `ModerationQueueSection` order.
        let counts: [Int]
        let restrictions: [RestrictionItem]

        var byteCount: Int { (atRisk + reported + others).reduce(256 * restrictions.count) { $0 + $1.body.utf8.count + 1024 } }
    }

    /// One post with everything a moderator can do for it and its author, read once per community version (which its
    /// notes move too) and drawn as of each request.
    static func post(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: PostID) throws -> Response {
        let member = try environment.moderation.admit(member)
        let tenant = member.tenant
        let key = PostKey(queue: QueueKey(tenantID: tenant.id, configVersion: tenant.configVersion, communityVersion: member.account.communityVersion,
                                          accountID: member.accountID, timeZone: member.account.timeZone, whole: nil), post: id)
        let kept = try environment.moderationPosts.value(key) {
            let found = try environment.safeguarding.post(member, id)
            let item = found.item
            func notes(_ list: [ModeratorNote]) -> [ModerationPostPage.Note] {
                list.map { .init(body: $0.body, author: $0.author, when: when($0.createdAt, member.account)) }
            }
            return PostView(item: ModerationItemView(item, author: Moderation.pseudonym(item.authorID, tenant: tenant),
                                                     topicNames: found.topicNames, tenant: tenant, member: member),
                            postNotes: notes(found.postNotes), authorNotes: notes(found.authorNotes))
        }
        let page = ModerationPostPage(
            item: kept.item.at(environment.clock()), safeguardingSteps: tenant.settings.safeguardingStepList,
            escalationContact: tenant.settings.escalationContact.isEmpty ? nil : tenant.settings.escalationContact,
            postNotes: kept.postNotes, authorNotes: kept.authorNotes, hasAuthor: kept.item.canRestrict,
            reachOutDefault: "Hello. We read what you shared, and we’re really glad you told us. You’re not alone. "
                + "If things feel too much right now, the people below are there to listen, any time.")
        return try environment.render(page, title: "A post in the queue", context: context)
    }

    /// Everything a post's page depends on but the clock: the queue's key (the tenant's versions, the moderator and
    /// their time zone) and the post.
    struct PostKey: Hashable, Sendable {
        let queue: QueueKey
        let post: PostID
    }

    /// A post's page as read for one moderator at one community version (five queries, a pseudonym and the notes'
    /// times were most of the page's time).
    struct PostView: Sendable {
        let item: ModerationItemView
        let postNotes: [ModerationPostPage.Note]
        let authorNotes: [ModerationPostPage.Note]

        var byteCount: Int { (postNotes + authorNotes).reduce(1024 + item.body.utf8.count) { $0 + $1.body.utf8.count + 128 } }
    }

    /// Why a post is in the queue, in the moderator's words.
    static func why(_ item: ModerationItem) -> String {
        item.heldFor == "safety" ? "Held: its words suggest its author may be at risk"
            : item.status == .held ? "Held: it contains a watched word" : item.status == .hidden ? "Hidden by reports" : "Reported"
    }

    /// A moment as staff see it: the date and the time in their own time zone.
    static func when(_ epoch: Int, _ account: Account) -> String {
        SubscriptionHandler.date(epoch, account) + " " + LocalDay.time(epoch, in: account.timeZone)
    }

    /// approve and hide act at once (both can be undone); delete and restrict first ask.
    static func act(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: PostID, _ action: ModerationAction) throws -> Response {
        let post = id
        let form = try context.form()
        let note = String((form["note"] ?? "").prefix(2000)).trimmingCharacters(in: .whitespacesAndNewlines)
        let moderation = environment.moderation, safeguarding = environment.safeguarding
        let back = Route.moderationPost(post).path
        switch action {
        case .approve:
            try moderation.approve(member, post: post, note: note)
        case .hide:
            try moderation.hide(member, post: post, note: note)
        case .delete:
            try moderation.requireDeletable(member, post: post)
            guard form["confirm"] == "yes" else { return try confirm(context, environment, post: post, action: .delete) }
            try moderation.delete(member, post: post, note: note)
        case .restrict:
            try moderation.requireRestrictable(member, post: post)
            guard form["confirm"] == "yes" else { return try confirm(context, environment, post: post, action: .restrict) }
            guard let days = WholeNumber.parse(form["days"] ?? "", in: 0...30), let length = Moderation.RestrictionLength(rawValue: days) else {
                throw WebError.badRequest("Choose 1, 7 or 30 days, or until lifted.")
            }
            try moderation.restrictAuthor(member, post: post, for: length, note: note)
        case .reachOut:
            let message = String((form["message"] ?? "").prefix(2000)).trimmingCharacters(in: .whitespacesAndNewlines)
            guard (1...1000).contains(message.count) else { throw WebError.badRequest("Write a message of up to 1000 characters.") }
            try safeguarding.reachOut(member, post: post, message: message)
            return .redirect(to: back + "?notice=reached-out")
        case .escalate:
            try safeguarding.escalate(member, post: post, note: note)
            return .redirect(to: back + "?notice=escalated")
        case .note, .authorNote:
            guard (1...1000).contains(note.count) else { throw WebError.badRequest("Write a note of up to 1000 characters.") }
            try safeguarding.note(member, post: post, aboutAuthor: action == .authorNote, text: note)
            return .redirect(to: back + "?notice=noted")
        case .assign, .unassign:
            try safeguarding.assign(member, post: post, toMe: action == .assign)
            return .redirect(to: back + "?notice=" + (action == .assign ? "assigned" : "unassigned"))
        }
        return .redirect(to: Route.moderation.path + "?notice=moderated")
    }

    static func lift(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: RestrictionID) throws -> Response {
        try environment.moderation.lift(member, restriction: id,
                                        note: try context.form()["note"] ?? "")
        return .redirect(to: Route.moderation.path + "?notice=moderated")
    }

    // MARK: The audit log

    /// The filters from the query: an action and a moderator from the log's own choices, a from/to day in the
    /// viewer's time zone, and a page (the id to continue before).
    static func auditFilter(_ context: RequestContext, _ member: MemberScope, choices: (actions: [String], moderators: [String]),
                            limit: Int) throws -> (AuditFilter, [String: String]) {
        let query = try context.query()
        var filter = AuditFilter(limit: limit), typed: [String: String] = [:]
        if let action = query["action"], choices.actions.contains(action) { filter.action = action; typed["action"] = action }
        if let moderator = query["moderator"], choices.moderators.contains(moderator) { filter.moderator = moderator; typed["moderator"] = moderator }
        let zone = member.account.timeZone
        if let text = query["from"], let day = Day(text) { filter.from = LocalDay.start(of: day, in: zone); typed["from"] = text }
        if let text = query["to"], let day = Day(text) { filter.until = LocalDay.start(of: day.adding(days: 1), in: zone); typed["to"] = text }
        if let before = query["before"].flatMap({ WholeNumber.parse($0, in: 1...Int(Int64.max)) }) { filter.before = before }
        return (filter, typed)
    }

    static func auditLog(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let choices = try environment.moderation.auditChoices(member)
        let (filter, typed) = try auditFilter(context, member, choices: choices, limit: 51)
        let found = try environment.moderation.audit(member, filter: filter)
        let page = found.prefix(50)
        let lines = page.map {
            AuditPage.Line(who: $0.moderator, what: $0.action, subject: $0.subject, note: $0.note, about: $0.about,
                           when: when($0.createdAt, member.account))
        }
        let filterQuery = typed.sorted { $0.key < $1.key }.map { $0.key + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
        let older = found.count > 50 ? page.last.map { Route.audit.path + "?" + (filterQuery.isEmpty ? "" : filterQuery + "&") + "before=\($0.id)" } : nil
        let view = AuditPage(lines: lines, from: typed["from"] ?? "", to: typed["to"] ?? "",
                             actions: choices.actions.map { .init(value: $0, selected: $0 == typed["action"]) },
                             moderators: choices.moderators.map { .init(value: $0, selected: $0 == typed["moderator"]) },
                             csvPath: Route.auditCSV.path + (filterQuery.isEmpty ? "" : "?" + filterQuery), olderPath: older)
        return try environment.render(view, title: "Moderation audit", context: context)
    }

    /// The same lines as CSV, for the organisation's records (every line the filters match).
    static func auditCSV(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let choices = try environment.moderation.auditChoices(member)
        var (filter, _) = try auditFilter(context, member, choices: choices, limit: 100_000)
        filter.before = nil
        let rows = try environment.moderation.audit(member, filter: filter).map { line in
            [ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(line.createdAt))), line.moderator, line.action,
             line.subject, line.about, line.note]
        }
        var response = Response(status: .ok, headers: ["Content-Type": "text/csv; charset=utf-8"],
                                body: Array(CSV.encode([["time", "moderator", "action", "subject", "about", "note"]] + rows).utf8))
        response.headers.set("Content-Disposition", "attachment; filename=\"moderation-audit.csv\"")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    private static func confirm(_ context: RequestContext, _ environment: AppEnvironment, post: PostID,
                                action: ModerationAction) throws -> Response {
        try environment.render(ModerationConfirmPage(actionPath: Route.moderate(post, action).path, isDelete: action == .delete),
                               title: action == .delete ? "Delete this post?" : "Restrict this member?", context: context)
    }
}
