import Domain
import UseCases

/// A post as moderators see it, in the queue (`partials/moderation-item`) and on its own page: its words, why it is
/// there, its reports, and the actions. Its author appears only as a pseudonym.
struct ModerationItemView: Sendable {
    struct Report: Sendable {
        let reason: String
        /// The reporter's words, in quotation marks when there are any.
        let note: String?
    }

    let id: String
    let why: String
    let topic: String
    let author: String
    let body: String
    let atRisk: Bool
    let reports: [Report]
    let assignedTo: String?
    let assignedToMe: Bool
    /// When it was escalated, in the moderator's time zone.
    let escalated: String?
    let canRestrict: Bool
    let createdAt: Int
    /// When it starts to wait longer than it should.
    let overdueAfter: Int?
    /// Its links, written into the page from the route (no String made for each).
    let openPath: Route
    let approvePath: Route
    let hidePath: Route
    let deletePath: Route
    let restrictPath: Route
    let reachOutPath: Route
    let escalatePath: Route
    let notePath: Route
    let authorNotePath: Route
    let assignPath: Route
    let unassignPath: Route
    var hasReports: Bool { !reports.isEmpty }

    init(_ item: ModerationItem, author: String, topicNames: [String: String], tenant: Tenant, member: MemberScope) {
        let post = PostID(stored: item.postID)
        id = item.postID
        why = ModerationHandler.why(item)
        topic = topicNames[item.topic] ?? item.topic
        self.author = author
        body = item.body
        atRisk = item.heldFor == "safety"
        reports = Self.grouped(item.reports.map { Report(reason: $0.reason.label, note: $0.note) })
        assignedTo = item.assignedTo.map { $0 == member.account.email ? "you" : $0 }
        assignedToMe = item.assignedTo == member.account.email
        escalated = item.escalatedAt.map { ModerationHandler.when($0, member.account) }
        canRestrict = item.authorID != nil
        createdAt = item.createdAt
        overdueAfter = Moderation.overdueAfter(item, tenant: tenant)
        openPath = Route.moderationPost(post)
        approvePath = Route.moderate(post, .approve)
        hidePath = Route.moderate(post, .hide)
        deletePath = Route.moderate(post, .delete)
        restrictPath = Route.moderate(post, .restrict)
        reachOutPath = Route.moderate(post, .reachOut)
        escalatePath = Route.moderate(post, .escalate)
        notePath = Route.moderate(post, .note)
        authorNotePath = Route.moderate(post, .authorNote)
        assignPath = Route.moderate(post, .assign)
        unassignPath = Route.moderate(post, .unassign)
    }

    /// Reports without words, counted by reason ("3 × Spam"), in the order each reason first came; reports with the
    /// reporter's words each on their own line after them.
    static func grouped(_ reports: [Report]) -> [Report] {
        var reasons: [String] = [], counts: [String: Int] = [:], worded: [Report] = []
        for report in reports {
            if let note = report.note, !note.isEmpty {
                worded.append(report)
            } else {
                if counts[report.reason] == nil { reasons.append(report.reason) }
                counts[report.reason, default: 0] += 1
            }
        }
        return reasons.map { reason in
            let count = counts[reason] ?? 1
            return Report(reason: count > 1 ? "\(count) × \(reason)" : reason, note: nil)
        } + worded
    }

    /// How long it has waited and whether longer than it should, as of the request drawing it (kept items are drawn
    /// again with each request's clock, by `at`).
    private(set) var ago = ""
    private(set) var overdue = false

    /// The item as of `now`. Its own fields rather than a wrapper that forwards to them: a template's names are then
    /// each one plain property, not a key path through the wrapper's lookup built at run time for every name.
    func at(_ now: Int) -> ModerationItemView {
        var timed = self
        timed.ago = CommunityHandler.timeAgo(now - createdAt)
        timed.overdue = overdueAfter.map { now > $0 } ?? false
        return timed
    }

    /// The first moment after `now` at which the item as of `now` would read differently: its "minutes ago", or its
    /// overdue mark.
    func changes(after now: Int) -> Int {
        let ago = createdAt + CommunityHandler.agoChanges(after: now - createdAt)
        guard let overdueAfter, now <= overdueAfter else { return ago }
        return min(ago, overdueAfter + 1)
    }
}
