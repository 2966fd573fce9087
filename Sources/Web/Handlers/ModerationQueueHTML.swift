import Domain
import Storage
import UseCases

/// The queue's items, written in Swift as `Views/partials/moderation-item.mustache` would write them: each item
/// through the template cost a dozen dynamic lookups up the context stack (the page took 43% of its time there,
/// with twenty items on it). Every value is escaped; the markup is ours.
enum ModerationQueueHTML {
    struct Shared {
        let topicNames: [String: String]
        let tenant: Tenant
        let member: MemberScope
        /// The hidden CSRF field every item's form holds, escaped once.
        let csrfField: HTMLFragment
        /// What to do for someone who may be at risk: written once, at the head of the section of those posts.
        let safeguardingHTML: String

        init(topicNames: [String: String], tenant: Tenant, member: MemberScope, csrf: String, withSteps: Bool) {
            self.topicNames = topicNames
            self.tenant = tenant
            self.member = member
            var field = HTMLFragment(capacity: 128)
            field.raw("<input type=\"hidden\" name=\"_csrf\" value=\""); field.escaped(csrf); field.raw("\">")
            csrfField = field
            guard withSteps else { safeguardingHTML = ""; return }
            var html = HTMLFragment()
            html.raw("  <details class=\"safeguarding-steps\">\n    <summary>What to do for someone who may be at risk</summary>\n    <ol>")
            ModerationQueueHTML.steps(tenant, into: &html)
            html.raw("</ol>\n")
            if !tenant.settings.escalationContact.isEmpty {
                html.raw("    <p><strong>Safeguarding lead:</strong> "); html.escaped(tenant.settings.escalationContact); html.raw("</p>\n")
            }
            html.raw("  </details>\n")
            safeguardingHTML = html.text
        }
    }

    /// The tenant's safeguarding steps, a list item each (the queue and a post's page both show them).
    static func steps(_ tenant: Tenant, into html: inout HTMLFragment) {
        for step in ModerationHandler.stepLines(tenant.settings.safeguardingSteps) { html.raw("<li>"); html.escaped(step); html.raw("</li>") }
    }

    /// Each report's reason, and its note in quotation marks when it has one.
    static func reports(_ reports: [(reason: ReportReason, note: String?)], into html: inout HTMLFragment) {
        for report in reports {
            html.raw("<li>"); html.escaped(report.reason.label)
            if let note = report.note { html.raw(": “"); html.escaped(note); html.raw("”") }
            html.raw("</li>")
        }
    }

    /// The items, with how long each has waited and whether it is overdue written in as of whenever the page is
    /// (see `TimedHTML`).
    static func items(_ items: some Sequence<ModerationItem>, _ shared: Shared) -> TimedHTML {
        var html = TimedHTML(capacity: 4096)
        // A pseudonym is an HMAC; one author's posts in a row need it once.
        var pseudonyms: [String?: String] = [:]
        for item in items {
            let author = pseudonyms[item.authorID] ?? Moderation.pseudonym(item.authorID, tenant: shared.tenant)
            pseudonyms[item.authorID] = author
            write(item, author: author, shared, into: &html)
        }
        return html
    }

    private static func write(_ item: ModerationItem, author: String, _ shared: Shared, into html: inout TimedHTML) {
        let post = PostID(stored: item.postID)
        let atRisk = item.heldFor == "safety"
        html.raw("<li class=\"card moderation-item"); if atRisk { html.raw(" moderation-item-at-risk") }; html.raw("\">\n")
        html.raw("  <p class=\"post-meta\"><strong>"); html.escaped(ModerationHandler.why(item)); html.raw("</strong> · ")
        html.escaped(shared.topicNames[item.topic] ?? item.topic); html.raw(" · "); html.ago(item.createdAt)
        html.raw(" · "); html.escaped(author); html.raw("</p>\n")
        if let moment = Moderation.overdueAfter(item, tenant: shared.tenant) {
            html.after(moment, "  <p class=\"badge badge-overdue\">Waiting longer than it should</p>\n")
        }
        if let assigned = item.assignedTo {
            html.raw("  <p class=\"post-meta\">Taken on by "); html.escaped(assigned == shared.member.account.email ? "you" : assigned); html.raw("</p>\n")
        }
        if let escalated = item.escalatedAt {
            html.raw("  <p class=\"post-meta\">Escalated to the safeguarding lead ")
            html.escaped(ModerationHandler.when(escalated, shared.member.account)); html.raw("</p>\n")
        }
        html.raw("  <p class=\"post-body\">"); html.escaped(item.body); html.raw("</p>\n")
        if !item.reports.isEmpty {
            html.raw("  <h3 class=\"small-heading\">Reports</h3>\n  <ul>")
            reports(item.reports, into: &html.current)
            html.raw("</ul>\n")
        }
        // The row is one form, each button posting to its own action (formaction works without script): a third of the
        // bytes of a form for each.
        html.raw("  <form method=\"post\" action=\""); html.escaped(Paths.moderate(post, .approve))
        html.raw("\" class=\"button-row\">"); html.raw(shared.csrfField); html.raw("\n")
        html.raw("    <a class=\"button\" href=\""); html.escaped(Paths.moderationPost(post)); html.raw("\">Open</a>\n")
        html.raw("    <button type=\"submit\" class=\"button button-secondary\">Approve</button>\n")
        html.raw("    <button type=\"submit\" class=\"button button-secondary\" formaction=\""); html.escaped(Paths.moderate(post, .hide))
        html.raw("\">Hide</button>\n")
        html.raw("    <button type=\"submit\" class=\"button button-destructive\" formaction=\""); html.escaped(Paths.moderate(post, .delete))
        html.raw("\">Delete…</button>\n  </form>\n</li>\n")
    }
}
