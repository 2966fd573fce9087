import Domain
import Foundation
import HTTPServer
import Storage
import UseCases

/// Moderation pages (rules in `Moderation` and `Safeguarding`): for anyone but moderators and admins they do not
/// exist (404). The queue comes in three sections: may be at risk first, then reported, then the rest, each oldest
/// first. Authors appear only as pseudonyms.
enum ModerationHandler {
    static let sectionPageSize = 10
    /// The sections' names in `?show=`.
    static let sectionNames: [AppDatabase.QueueSection: String] = [.atRisk: "at-risk", .reported: "reported", .others: "others"]

    static func queue(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try environment.moderation.admit(try context.staffMember())
        // Oldest first, ten at a time per section: a moderator works from the top, and a queue of hundreds stays a
        // page that opens at once. "Show all" opens one section in full.
        let shown = try context.query()["show"]
        let whole = Self.sectionNames.first { $0.value == shown }?.key
        let tenant = member.tenant
        let now = environment.clock()
        let key = QueueKey(tenantID: tenant.id, configVersion: tenant.configVersion, communityVersion: member.account.communityVersion,
                           accountID: member.accountID, timeZone: member.account.timeZone, csrf: context.csrfToken, whole: whole)
        // A restriction ends by the clock, not by a change: a page that lists one holds until then.
        let view = try environment.queuePages.value(key, current: { view in view.restrictions.allSatisfy { $0.until.map { now < $0 } ?? true } }) {
            let queue = try environment.moderation.queue(member, first: Self.sectionPageSize, whole: whole)
            let shared = ModerationQueueHTML.Shared(topicNames: queue.topicNames, tenant: tenant, member: member, csrf: context.csrfToken,
                                                    withSteps: !queue.sections.atRisk.items.isEmpty)
            let sections = queue.sections
            return QueueView(atRisk: ModerationQueueHTML.items(sections.atRisk.items, shared),
                             reported: ModerationQueueHTML.items(sections.reported.items, shared),
                             others: ModerationQueueHTML.items(sections.others.items, shared), safeguardingHTML: shared.safeguardingHTML,
                             counts: [sections.atRisk.count, sections.reported.count, sections.others.count], restrictions: queue.restrictions)
        }
        let restrictions = view.restrictions.map {
            ["who": Moderation.pseudonym($0.accountID, tenant: tenant), "reason": $0.reason,
             "liftPath": Paths.liftRestriction(RestrictionID(stored: $0.id)),
             "until": $0.until.map { SubscriptionHandler.date($0, member.account) } ?? "until lifted"] as [String: Any]
        }
        let counts = view.counts
        var values: [String: Any] = [
            "atRiskHTML": view.atRisk.written(now: now), "safeguardingHTML": view.safeguardingHTML,
            "reportedHTML": view.reported.written(now: now), "othersHTML": view.others.written(now: now),
            "hasAtRisk": counts[0] > 0, "hasReported": counts[1] > 0, "hasOthers": counts[2] > 0,
            "isEmpty": counts.allSatisfy { $0 == 0 }, "restrictions": restrictions, "hasRestrictions": !restrictions.isEmpty,
        ]
        for (key, section) in [("moreAtRisk", AppDatabase.QueueSection.atRisk), ("moreReported", .reported), ("moreOthers", .others)] {
            let count = counts[section.rawValue]
            guard section != whole, count > Self.sectionPageSize, let name = Self.sectionNames[section] else { continue }
            // Flat names, not a dictionary: a section over a dictionary sends the whole page through swift-mustache.
            values[key + "Path"] = Paths.moderation + "?show=" + name
            values[key + "Count"] = count
        }
        values.merge(Notice.values(context)) { $1 }
        return try environment.render("admin/moderation", title: "Moderation", values, context: context)
    }

    /// Everything the queue's page depends on but the clock: kept pages are under it (`AppEnvironment.queuePages`). The
    /// community version moves on with any change to a post, report or restriction, through any node (and with a staff
    /// member's address, which names who has taken a post on); the configuration version with the tenant's safeguarding
    /// steps and response time; the time zone writes when a post was escalated; the CSRF token is in every form.
    struct QueueKey: Hashable, Sendable {
        let tenantID: String
        let configVersion: Int
        let communityVersion: Int
        let accountID: String
        let timeZone: String
        let csrf: String
        let whole: AppDatabase.QueueSection?
    }

    /// The queue's page as drawn for one moderator at one community version. Its eight queries and thirty items were
    /// two thirds of the page's time.
    struct QueueView: Sendable {
        let atRisk: TimedHTML
        let reported: TimedHTML
        let others: TimedHTML
        let safeguardingHTML: String
        /// How many posts each section holds, in `AppDatabase.QueueSection` order.
        let counts: [Int]
        let restrictions: [RestrictionItem]

        var byteCount: Int { atRisk.byteCount + reported.byteCount + others.byteCount + safeguardingHTML.utf8.count + 256 * restrictions.count }
    }

    /// One post with everything a moderator can do for it and its author.
    static func post(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        let found = try environment.safeguarding.post(member, try context.id("id", PostEntity.self))
        let now = environment.clock()
        let tenant = member.tenant
        let item = found.item
        // The lists as fragments built here: a list in a section sends the whole page through swift-mustache (see
        // FlatTemplate), which was a third of this page's time.
        func notes(_ list: [ModeratorNote]) -> HTMLFragment {
            var html = HTMLFragment(capacity: 256 * list.count)
            for note in list {
                html.raw("<li><p>"); html.escaped(note.body); html.raw("</p><p class=\"post-meta\">"); html.escaped(note.author)
                html.raw(", "); html.escaped(when(note.createdAt, member.account)); html.raw("</p></li>")
            }
            return html
        }
        var values = itemValues(item, topicNames: found.topicNames, tenant: tenant, now: now, member: member)
        values.merge(safeguardingValues(tenant)) { $1 }
        values["postNotesHTML"] = notes(found.postNotes)
        values["authorNotesHTML"] = notes(found.authorNotes)
        values["hasAuthor"] = item.authorID != nil
        values["reachOutDefault"] = "Hello. We read what you shared, and we’re really glad you told us. You’re not alone. "
            + "If things feel too much right now, the people below are there to listen, any time."
        values.merge(Notice.values(context)) { $1 }
        return try environment.render("admin/moderation-post", title: "A post in the queue", values, context: context)
    }

    static func itemValues(_ item: ModerationItem, topicNames: [String: String], tenant: Tenant, now: Int, member: MemberScope) -> [String: Any] {
        let post = PostID(stored: item.postID)
        let overdue = Moderation.isOverdue(item, tenant: tenant, now: now)
        var reports = HTMLFragment()
        ModerationQueueHTML.reports(item.reports, into: &reports)
        var values: [String: Any] = [
            "id": item.postID, "topic": topicNames[item.topic] ?? item.topic, "body": item.body,
            "ago": CommunityHandler.timeAgo(now - item.createdAt), "author": Moderation.pseudonym(item.authorID, tenant: tenant),
            "why": why(item),
            "reportsHTML": reports,
            "hasReports": !item.reports.isEmpty, "atRisk": item.heldFor == "safety", "overdue": overdue,
            "openPath": Paths.moderationPost(post),
            "approvePath": Paths.moderate(post, .approve), "hidePath": Paths.moderate(post, .hide),
            "deletePath": Paths.moderate(post, .delete), "restrictPath": Paths.moderate(post, .restrict),
            "reachOutPath": Paths.moderate(post, .reachOut), "escalatePath": Paths.moderate(post, .escalate),
            "notePath": Paths.moderate(post, .note), "authorNotePath": Paths.moderate(post, .authorNote),
            "assignPath": Paths.moderate(post, .assign), "unassignPath": Paths.moderate(post, .unassign),
            "canRestrict": item.authorID != nil,
        ]
        if let assigned = item.assignedTo {
            values["assignedTo"] = assigned == member.account.email ? "you" : assigned
            values["assignedToMe"] = assigned == member.account.email
        }
        if let escalated = item.escalatedAt {
            values["escalated"] = when(escalated, member.account)
        }
        return values
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

    static func safeguardingValues(_ tenant: Tenant) -> [String: Any] {
        var steps = HTMLFragment()
        ModerationQueueHTML.steps(tenant, into: &steps)
        var values: [String: Any] = ["safeguardingStepsHTML": steps]
        if !tenant.settings.escalationContact.isEmpty { values["escalationContact"] = tenant.settings.escalationContact }
        return values
    }

    /// approve and hide act at once (both can be undone); delete and restrict first ask.
    static func act(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        let post = try context.id("id", PostEntity.self)
        guard let action = ModerationRoute(rawValue: try context.parameter("action")) else { throw WebError.notFound }
        let form = try context.form()
        let note = String((form["note"] ?? "").prefix(2000)).trimmingCharacters(in: .whitespacesAndNewlines)
        let moderation = environment.moderation, safeguarding = environment.safeguarding
        let back = Paths.moderationPost(post)
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
        return .redirect(to: Paths.moderation + "?notice=moderated")
    }

    static func lift(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        try environment.moderation.lift(member, restriction: try context.id("id", RestrictionEntity.self),
                                        note: try context.form()["note"] ?? "")
        return .redirect(to: Paths.moderation + "?notice=moderated")
    }

    // MARK: The audit log

    /// The filters from the query: an action and a moderator from the log's own choices, a from/to day in the
    /// viewer's time zone, and a page (the id to continue before).
    static func auditFilter(_ context: RequestContext, _ member: MemberScope, choices: (actions: [String], moderators: [String]),
                            limit: Int) throws -> (AppDatabase.AuditFilter, [String: String]) {
        let query = try context.query()
        var filter = AppDatabase.AuditFilter(limit: limit), typed: [String: String] = [:]
        if let action = query["action"], choices.actions.contains(action) { filter.action = action; typed["action"] = action }
        if let moderator = query["moderator"], choices.moderators.contains(moderator) { filter.moderator = moderator; typed["moderator"] = moderator }
        let zone = member.account.timeZone
        if let text = query["from"], let day = Day(text) { filter.from = LocalDay.start(of: day, in: zone); typed["from"] = text }
        if let text = query["to"], let day = Day(text) { filter.until = LocalDay.start(of: day.adding(days: 1), in: zone); typed["to"] = text }
        if let before = query["before"].flatMap({ WholeNumber.parse($0, in: 1...Int(Int64.max)) }) { filter.before = before }
        return (filter, typed)
    }

    static func auditLog(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
        let choices = try environment.moderation.auditChoices(member)
        let (filter, typed) = try auditFilter(context, member, choices: choices, limit: 51)
        let found = try environment.moderation.audit(member, filter: filter)
        let page = found.prefix(50)
        let lines = page.map {
            AuditPage.Line(who: $0.moderator, what: $0.action, subject: $0.subject, note: $0.note, about: $0.about,
                           when: when($0.createdAt, member.account))
        }
        let filterQuery = typed.sorted { $0.key < $1.key }.map { $0.key + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
        let older = found.count > 50 ? page.last.map { Paths.audit + "?" + (filterQuery.isEmpty ? "" : filterQuery + "&") + "before=\($0.id)" } : nil
        let view = AuditPage(lines: lines, from: typed["from"] ?? "", to: typed["to"] ?? "",
                             actions: choices.actions.map { .init(value: $0, selected: $0 == typed["action"]) },
                             moderators: choices.moderators.map { .init(value: $0, selected: $0 == typed["moderator"]) },
                             csvPath: Paths.auditCSV + (filterQuery.isEmpty ? "" : "?" + filterQuery), olderPath: older)
        return try environment.render(view, title: "Moderation audit", context: context)
    }

    /// The same lines as CSV, for the organisation's records (every line the filters match).
    static func auditCSV(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let member = try context.staffMember()
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
                                action: ModerationRoute) throws -> Response {
        try environment.render(ModerationConfirmPage(actionPath: Paths.moderate(post, action), isDelete: action == .delete),
                               title: action == .delete ? "Delete this post?" : "Restrict this member?", context: context)
    }

    /// The safeguarding steps as list items: the list numbers them, so an admin's own "1." is left off.
    static func stepLines(_ text: String) -> [String] {
        // Trimmed in Swift: Foundation's trimmingCharacters went through UTF-16 and was a seventh of the queue's time.
        func trimmed(_ text: Substring) -> Substring {
            guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else {
                return ""
            }
            return text[first...last]
        }
        // Split on the newline byte: splitting by Character walks grapheme boundaries and took a tenth of the queue's time.
        return text.utf8.split(separator: UInt8(ascii: "\n")).compactMap { bytes in
            var step = trimmed(Substring(bytes))
            if let dot = step.firstIndex(where: { !$0.isNumber }), dot != step.startIndex, step[dot] == "." || step[dot] == ")" {
                step = trimmed(step[step.index(after: dot)...])
            }
            return step.isEmpty ? nil : String(step)
        }
    }
}
