import Domain
import Foundation
import Testing
@testable import Storage
@testable import UseCases
@testable import Web

/// The feed and the moderation queue are kept once drawn (`KeptPages`, under the tenant's community version read
/// with the session), and drawn again whenever anything they show changes, or, for what follows the clock, written
/// as of each request.
@Suite("Kept community pages over real sockets")
struct KeptCommunityPagesTests {
    /// The first reaction button of the post with `id`'s form, and the count beside `kind`, if any.
    func reactions(_ page: String, post id: String, _ kind: String) -> (pressed: Bool, count: Int?)? {
        guard let start = page.range(of: "id=\"post-\(id)\"")?.upperBound,
              let end = page[start...].range(of: "</li>")?.lowerBound else { return nil }
        let card = page[start..<end]
        guard let button = card.range(of: "value=\"\(kind)\" aria-pressed=\"")?.upperBound,
              let close = card[button...].range(of: "</button>")?.lowerBound else { return nil }
        let text = card[button..<close]
        let count = text.firstMatch(of: /reaction-count">(\d+)</).flatMap { Int($0.1) }
        return (text.hasPrefix("true"), count)
    }

    @Test func aKeptFeedFollowsEveryChangeToWhatItShows() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("kept.author@example.com")
        #expect(try share(author, "The first thing I shared").status == 303)
        let first = try postID(app, body: "The first thing I shared")
        let reader = app.browser()
        try reader.signUp("kept.reader@example.com")
        let other = app.browser()
        try other.signUp("kept.other@example.com")
        let mod = try staff(app, "kept.mod@example.com", .moderator)

        var feed = try reader.get("/community").text
        #expect(feed.contains("The first thing I shared") && feed.contains("just now"))
        #expect(reactions(feed, post: first, "hug").map { !$0.pressed && $0.count == nil } == true)
        #expect(try reader.get("/community").text == feed, "the same page, drawn again from what was kept")
        #expect(app.environment.feedPages.count >= 1)

        // The clock moves and nothing else: the kept page says how long ago as of now.
        app.clock.advance(180)
        #expect(try reader.get("/community").text.contains("3 minutes ago"))
        app.clock.advance(59)
        #expect(try reader.get("/community").text.contains("3 minutes ago"))
        app.clock.advance(1)
        #expect(try reader.get("/community").text.contains("4 minutes ago"), "at the minute, not a request later")

        // The same person signed in elsewhere: the posts' forms carry that session's own token, never the first's.
        let elsewhere = app.browser()
        #expect(try elsewhere.logIn("kept.reader@example.com").status == 303)
        let there = try elsewhere.get("/community").text
        // Every form's token, the share form's and each post's (an empty one counts, as the forms would fail with it).
        let tokens = { (page: String) in page.matches(of: /name="_csrf" value="([0-9a-f]*)"/).map { String($0.1) } }
        #expect(tokens(feed).count > 1 && Set(tokens(feed)).count == 1 && Set(tokens(there)).count == 1)
        #expect(tokens(feed).allSatisfy { $0.count == 64 } && Set(tokens(there)) != Set(tokens(feed)))

        // Someone else's reaction, then the reader's own.
        _ = try other.get("/community")
        #expect(try other.post("/community/posts/\(first)/reactions", [("kind", "hug")]).status == 303)
        feed = try reader.get("/community").text
        #expect(reactions(feed, post: first, "hug").map { !$0.pressed && $0.count == 1 } == true)
        #expect(try reader.post("/community/posts/\(first)/reactions", [("kind", "hug")]).status == 303)
        feed = try reader.get("/community").text
        #expect(reactions(feed, post: first, "hug").map { $0.pressed && $0.count == 2 } == true)

        // A new post, a report that hides a post at the threshold, a moderator's hiding and an author's deletion.
        #expect(try share(author, "Something new to share").status == 303)
        #expect(try reader.get("/community").text.contains("Something new to share"))
        let second = try postID(app, body: "Something new to share")
        _ = try mod.get("/admin/moderation")
        #expect(try mod.post("/admin/moderation/posts/\(first)/hide", []).status == 303)
        feed = try reader.get("/community").text
        #expect(!feed.contains("The first thing I shared") && feed.contains("Something new to share"))
        #expect(try author.post("/community/posts/\(second)/delete", []).status == 303)
        #expect(!(try reader.get("/community").text.contains("Something new to share")))

        // A topic renamed by an admin shows on the posts under it.
        let admin = try staff(app, "kept.admin@example.com", .admin)
        #expect(try share(author, topic: "wins", "A small win today").status == 303)
        #expect(try reader.get("/community").text.contains(">Wins</span>"))
        _ = try admin.get("/admin/settings")
        #expect(try admin.post("/admin/topics", [("topic_wins", "Good things")]).status == 303)
        #expect(try reader.get("/community").text.contains(">Good things</span>"))
    }

    @Test func aKeptFeedShowsARestrictionOnlyWhileItLasts() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("kept.restricted@example.com")
        #expect(try share(author, "Before the pause").status == 303)
        let post = try postID(app, body: "Before the pause")
        let mod = try staff(app, "kept.pausing.mod@example.com", .moderator)
        _ = try mod.get("/admin/moderation")
        #expect(try mod.post("/admin/moderation/posts/\(post)/restrict", [("confirm", "yes"), ("days", "1"), ("note", "A short pause")]).status == 303)
        #expect(try author.get("/community").text.contains("You can post again from"))
        #expect(try author.get("/community").text.contains("You can post again from"), "kept")
        // Nothing changes in the community; the day passes, and the kept page no longer says so.
        app.clock.advance(86400 + 60)
        #expect(!(try author.get("/community").text.contains("You can post again from")))
    }

    @Test func aKeptQueueFollowsEveryChangeToWhatItShows() throws {
        let app = try RunningApp()
        let mod = try staff(app, "kept.queue.mod@example.com", .moderator)
        var queue = try mod.get("/admin/moderation").text
        #expect(queue.contains("Nothing is waiting."))
        #expect(try mod.get("/admin/moderation").text == queue, "kept")
        #expect(app.environment.queuePages.count >= 1)

        // A post held for safety arrives: in the queue and in the count on every page.
        let author = app.browser()
        try author.signUp("kept.queue.author@example.com")
        #expect(try share(author, topic: "anxious", "Honestly I just want to end my life tonight").status == 200)
        let held = try postID(app, body: "Honestly I just want to end my life tonight")
        queue = try mod.get("/admin/moderation").text
        #expect(queue.contains("Honestly I just want to end my life tonight") && queue.contains("just now"))
        #expect(!queue.contains("Waiting longer than it should"))
        #expect(try mod.get("/account").text.contains("<span class=\"nav-count\">1<span class=\"visually-hidden\"> posts waiting"))

        // The tenant's response time (an hour) passes with nothing else changing: the kept queue says it is overdue
        // from the second after, not a minute or a request later.
        app.clock.advance(60 * 60)
        queue = try mod.get("/admin/moderation").text
        #expect(queue.contains("1 hour ago") && !queue.contains("Waiting longer than it should"))
        app.clock.advance(1)
        queue = try mod.get("/admin/moderation").text
        #expect(queue.contains("Waiting longer than it should") && queue.contains("1 hour ago"))

        // The same moderator signed in elsewhere: the posts' forms carry that session's own token, never the first's.
        let elsewhere = app.browser()
        #expect(try elsewhere.logIn("kept.queue.mod@example.com").status == 303)
        let there = try elsewhere.get("/admin/moderation").text
        let tokens = { (page: String) in page.matches(of: /name="_csrf" value="([0-9a-f]*)"/).map { String($0.1) } }
        #expect(!tokens(queue).isEmpty && Set(tokens(queue)).count == 1 && Set(tokens(there)).count == 1)
        #expect(tokens(queue).allSatisfy { $0.count == 64 } && Set(tokens(there)) != Set(tokens(queue)))
        #expect(app.environment.queueSections.count >= 2)

        // Taken on, then approved: the queue shows each.
        #expect(try mod.post("/admin/moderation/posts/\(held)/assign", []).status == 303)
        #expect(try mod.get("/admin/moderation").text.contains("Taken on by you"))
        #expect(try mod.post("/admin/moderation/posts/\(held)/approve", []).status == 303)
        #expect(try mod.get("/admin/moderation").text.contains("Nothing is waiting."))

        // A report puts a post in the reported section.
        let reader = app.browser()
        try reader.signUp("kept.queue.reader@example.com")
        #expect(try share(author, "Something a reader will report").status == 303)
        let reported = try postID(app, body: "Something a reader will report")
        _ = try reader.get("/community/posts/\(reported)/report")
        #expect(try reader.post("/community/posts/\(reported)/reports", [("reason", "unkind"), ("note", "")]).status == 303)
        queue = try mod.get("/admin/moderation").text
        #expect(queue.contains("Something a reader will report") && queue.contains("Reported"))

        // A kept queue is never a way round the role: once no longer a moderator, the same session finds nothing.
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        _ = try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress("kept.queue.mod@example.com")!, role: .member)
        #expect(try mod.get("/admin/moderation").status == 404)
    }

    @Test func aKeptPostPageFollowsEveryChangeToWhatItShows() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("kept.post.author@example.com")
        #expect(try share(author, topic: "anxious", "I want to die tonight").status == 200)
        let post = try postID(app, body: "I want to die tonight")
        let path = "/admin/moderation/posts/\(post)"
        let lead = try staff(app, "kept.post.lead@example.com", .admin)
        var page = try lead.get(path).text
        #expect(page.contains("just now") && page.contains("Assign to me") && !page.contains("Taken on by"))
        #expect(try lead.get(path).text == page, "the same page, drawn again from what was kept")
        #expect(app.environment.moderationPosts.count >= 1)

        // Another moderator's every action shows on the lead's kept page at once.
        let mod = try staff(app, "kept.post.mod@example.com", .moderator)
        _ = try mod.get(path)
        #expect(try mod.post(path + "/notes", [("note", "Watch this thread")]).status == 303)
        #expect(try lead.get(path).text.contains("Watch this thread"))
        #expect(try mod.post(path + "/author-notes", [("note", "Second worrying post this week")]).status == 303)
        #expect(try lead.get(path).text.contains("Second worrying post this week"))
        #expect(try mod.post(path + "/assign", []).status == 303)
        #expect(try lead.get(path).text.contains("Taken on by kept.post.mod@example.com"))
        #expect(try mod.post(path + "/escalate", [("note", "Called the lead")]).status == 303)
        #expect(try lead.get(path).text.contains("Escalated to the safeguarding lead"))

        // The clock alone: "minutes ago", then overdue from the second after the response time (an hour).
        app.clock.advance(60 * 60)
        page = try lead.get(path).text
        #expect(page.contains("1 hour ago") && !page.contains("Waiting longer than it should"))
        app.clock.advance(1)
        #expect(try lead.get(path).text.contains("Waiting longer than it should"))

        // The moderator erases their account: their notes are signed by a former staff member, and nobody has the post.
        _ = try mod.get("/account")
        #expect(try mod.post("/account/delete", [("password", "a calm and steady passphrase")]).status == 200)
        page = try lead.get(path).text
        #expect(page.contains("Watch this thread") && page.contains("A former staff member") && !page.contains("kept.post.mod@example.com"))

        // Approved, it is still the lead's to open; deleted, it is gone.
        #expect(try lead.post(path + "/delete", [("confirm", "yes")]).status == 303)
        #expect(try lead.get(path).status == 404)
    }
}
