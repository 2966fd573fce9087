import Domain
import Foundation
import Synchronization
import Testing
@testable import Storage
@testable import UseCases
@testable import Web

@Suite("The community over real sockets")
struct CommunityTests {
    /// A moderator of the default tenant, signed in.
    func moderator(_ app: RunningApp) throws -> Browser {
        let browser = app.browser()
        try browser.signUp("mod@example.com")
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        _ = try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress("mod@example.com")!, role: .moderator)
        return browser
    }

    @Test func postsAreAnonymousToEveryoneElse() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("author.person@example.com")
        #expect(try share(author, "Finished my first week back.\n<b>Small</b> wins!").header("Location") == "/community?notice=posted")
        let id = try postID(app, body: "Finished my first week back.\n<b>Small</b> wins!")
        let accountID = AccountID(stored: try #require(try app.environment.database.read { try $0.string(sql: "SELECT id FROM accounts") }))

        let own = try author.get("/community").text
        #expect(own.contains("<strong>You</strong>") && own.contains("Delete my post"))
        let reader = app.browser()
        try reader.signUp("reader@example.com")
        let mod = try moderator(app)
        _ = try reader.get("/community")
        _ = try reader.post("/community/posts/\(id)/reactions", [("kind", "hug")])
        _ = try reader.get("/community/posts/\(id)/report")
        _ = try reader.post("/community/posts/\(id)/reports", [("reason", "other"), ("note", "just checking")])
        var pages = [try reader.get("/community").text, try reader.get("/community?topic=wins").text,
                     try reader.get("/community/posts/\(id)/report").text, try mod.get("/community").text,
                     try mod.get("/admin/moderation").text, try mod.get("/admin/audit").text]
        pages.append(String(decoding: try reader.get("/account/export.json").body, as: UTF8.self))
        for page in pages {
            #expect(!page.contains("author.person") && !page.contains(accountID.rawValue))
        }
        let feed = pages[0]
        #expect(feed.contains("Finished my first week back.\n&lt;b&gt;Small&lt;/b&gt; wins!"))
        #expect(!feed.contains("<strong>You</strong>"))
        #expect(feed.contains("href=\"/community/posts/\(id)/report\""))
        #expect(pages[4].contains(Moderation.pseudonym(accountID, tenant: try #require(try app.environment.database.tenant(slug: "default")))))
        #expect(pages[4].contains("Member "))
    }

    @Test func aFailedPostKeepsWhatWasTyped() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("typing@example.com")
        let noTopic = try share(browser, topic: "", "Something I wrote carefully")
        #expect(noTopic.status == 422)
        #expect(noTopic.text.contains(">Something I wrote carefully</textarea>"))
        let long = String(repeating: "a", count: 1001)
        let tooLong = try share(browser, long)
        #expect(tooLong.status == 422 && tooLong.text.contains("this is 1001"))
        let blank = try share(browser, "   \n  ")
        #expect(blank.status == 422)
        // The topic chosen stays chosen, alone, though the feed behind the form was read (and kept) with none.
        #expect(blank.text.contains("<option value=\"wins\" selected>") && blank.text.components(separatedBy: " selected>").count == 2)
        #expect(try share(browser, topic: "nonsense", "Hello").status == 422)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM posts") } == 0)
    }

    @Test func oneReactionPerMemberThatTogglesAndChanges() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("r-author@example.com")
        _ = try share(author, "Got through a hard meeting")
        let id = try postID(app, body: "Got through a hard meeting")
        let reader = app.browser()
        try reader.signUp("r-reader@example.com")
        _ = try reader.get("/community")
        #expect(try reader.post("/community/posts/\(id)/reactions", [("kind", "support")]).status == 303)
        var feed = try reader.get("/community").text
        #expect(feed.contains("aria-pressed=\"true\"><span aria-hidden=\"true\">💪</span> You got this <span class=\"reaction-count\">1</span>"))
        _ = try reader.post("/community/posts/\(id)/reactions", [("kind", "celebrate")])
        feed = try reader.get("/community").text
        // A reaction nobody has given shows no count at all.
        #expect(feed.contains("<span aria-hidden=\"true\">💪</span> You got this</button>"))
        #expect(!feed.contains("<span class=\"reaction-count\">0</span>"))
        #expect(feed.contains("aria-pressed=\"true\"><span aria-hidden=\"true\">🎉</span> Proud of you <span class=\"reaction-count\">1</span>"))
        _ = try reader.post("/community/posts/\(id)/reactions", [("kind", "celebrate")])
        #expect(try reader.get("/community").text.contains("Proud of you</button>"))
        #expect(try reader.post("/community/posts/\(id)/reactions", [("kind", "love")]).status == 400)
        #expect(try reader.post("/community/posts/\(String(repeating: "0", count: 32))/reactions", [("kind", "hug")]).status == 404)
    }

    /// The counts a post shows are kept with the reactions: two people, a change of mind, and one of them leaving.
    @Test func reactionCountsFollowTheReactionsThroughChangesAndALeavingMember() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("c-author@example.com")
        _ = try share(author, "A small win today")
        let id = try postID(app, body: "A small win today")
        let first = app.browser(), second = app.browser()
        try first.signUp("c-first@example.com")
        try second.signUp("c-second@example.com")
        _ = try first.get("/community")
        _ = try second.get("/community")
        _ = try first.post("/community/posts/\(id)/reactions", [("kind", "hug")])
        _ = try second.post("/community/posts/\(id)/reactions", [("kind", "hug")])
        #expect(try author.get("/community").text.contains("Virtual hug <span class=\"reaction-count\">2</span>"))
        _ = try second.post("/community/posts/\(id)/reactions", [("kind", "relate")])
        var feed = try author.get("/community").text
        #expect(feed.contains("Virtual hug <span class=\"reaction-count\">1</span>"))
        #expect(feed.contains("I feel this <span class=\"reaction-count\">1</span>"))
        _ = try first.get("/account")
        #expect(try first.post("/account/delete", [("password", "a calm and steady passphrase")]).status == 200)
        feed = try author.get("/community").text
        #expect(feed.contains("Virtual hug</button>"), "the leaving member's hug is no longer counted")
        #expect(feed.contains("I feel this <span class=\"reaction-count\">1</span>"))
        let stored = try app.environment.database.read { try $0.row(sql: "SELECT hug_count, relate_count FROM posts WHERE id = ?", arguments: [id]) }
        #expect(stored?["hug_count"] == 0 && stored?["relate_count"] == 1)
    }

    /// Eight people (sign-ups from one address are limited, so not more) reacting to one post at the same moment: the count it shows is every one of them (on PostgreSQL
    /// each recount waits for the post's row and then counts afresh, so none is written without the others).
    @Test func reactionsGivenAtOnceAreAllCounted() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("at-once-author@example.com")
        _ = try share(author, "Made it to the end of the week")
        let id = try postID(app, body: "Made it to the end of the week")
        var requests: [String] = []
        for number in 1...8 {
            let member = app.browser()
            try member.signUp("at-once-\(number)@example.com")
            _ = try member.get("/community")
            requests.append(member.formPostText("/community/posts/\(id)/reactions", [("kind", "support")]))
        }
        let all = requests, clients = try requests.map { _ in try app.client() }
        let locations = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            clients[index].send(all[index])
            let location = (try? clients[index].readResponse())?.header("Location") ?? "none"
            locations.withLock { $0.append(location) }
        }
        #expect(locations.withLock { $0 } == Array(repeating: "/community#post-\(id)", count: 8), "each was taken in")
        let stored = try app.environment.database.read { try $0.int(sql: "SELECT support_count FROM posts WHERE id = ?", arguments: [id]) }
        let reactions = try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM reactions WHERE post_id = ?", arguments: [id]) }
        #expect(reactions == 8)
        #expect(stored == 8)
        #expect(try author.get("/community").text.contains("You got this <span class=\"reaction-count\">8</span>"))
    }

    @Test func reportsOncePerMemberAndHiddenAtTheThreshold() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("reported@example.com")
        _ = try share(author, "Buy cheap things at this link")
        let id = try postID(app, body: "Buy cheap things at this link")
        var reporters: [Browser] = []
        for number in 0..<3 {
            let reporter = app.browser()
            try reporter.signUp("reporter\(number)@example.com")
            reporters.append(reporter)
        }
        _ = try reporters[0].get("/community/posts/\(id)/report")
        #expect(try reporters[0].post("/community/posts/\(id)/reports", [("reason", "other")]).status == 422, "other needs a note")
        #expect(try reporters[0].post("/community/posts/\(id)/reports", [("reason", "spam")]).status == 303)
        #expect(try reporters[0].post("/community/posts/\(id)/reports", [("reason", "unkind")]).status == 409)
        _ = try reporters[1].get("/community/posts/\(id)/report")
        _ = try reporters[1].post("/community/posts/\(id)/reports", [("reason", "spam")])
        #expect(try reporters[2].get("/community").text.contains("Buy cheap things"), "two reports: still shown")
        _ = try reporters[2].get("/community/posts/\(id)/report")
        _ = try reporters[2].post("/community/posts/\(id)/reports", [("reason", "unkind")])
        #expect(!(try reporters[2].get("/community").text.contains("Buy cheap things")), "hidden at three")
        #expect(try author.get("/community").text.contains("waiting for a moderator"))
        let queue = try moderator(app).get("/admin/moderation").text
        #expect(queue.contains("Hidden by reports"))
        #expect(queue.contains("<li>2 × Spam</li>") && queue.contains("<li>Unkind or harassing</li>"), "reports counted by reason")
    }

    @Test func aPostSuggestingRiskIsHeldAndItsAuthorSeesHelp() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("worried@example.com")
        let held = try share(author, topic: "anxious", "Honestly I just want to end my life tonight")
        #expect(held.status == 200)
        #expect(held.text.contains("one of our moderators, a real person who will read it with care before it’s shared"))
        #expect(held.text.contains("href=\"tel:116123\">Call 116 123</a>"))
        let reader = app.browser()
        try reader.signUp("someone@example.com")
        #expect(!(try reader.get("/community").text.contains("Honestly I just want")))
        let mod = try moderator(app)
        let queue = try mod.get("/admin/moderation").text
        #expect(queue.contains("Held: its words suggest its author may be at risk"))
        let id = try postID(app, body: "Honestly I just want to end my life tonight")
        #expect(try mod.post("/admin/moderation/posts/\(id)/approve", [("note", "Reached out via the wellbeing team")]).status == 303)
        #expect(try reader.get("/community").text.contains("end my life"))
        let audit = try mod.get("/admin/audit").text
        #expect(audit.contains("mod@example.com") && audit.contains("Approved post") && audit.contains("Reached out via the wellbeing team"))
    }

    @Test func safetyPhrasesMatchWholeWordsOnly() throws {
        let app = try RunningApp()
        let phrases = app.environment.safetyPhrases
        for risky in ["I want to die", "thinking about SUICIDE", "I keep hurting myself.", "I can’t go on like this",
                      "maybe everyone is better off without me", "self-harm again"] {
            #expect(phrases.suggestsRisk(risky), "\(risky)")
        }
        for fine in ["this deadline is killing me", "I killed it at my presentation", "dead tired after work",
                     "the kids wore me out", "die-hard fan of this app", "I could die laughing"] {
            #expect(!phrases.suggestsRisk(fine), "\(fine)")
        }
    }

    @Test func everyModerationActionIsAuditedAndRestrictionsHold() throws {
        let app = try RunningApp()
        let author = app.browser()
        try author.signUp("restricted@example.com")
        _ = try share(author, "First post")
        _ = try share(author, "Second post")
        let first = try postID(app, body: "First post"), second = try postID(app, body: "Second post")
        let mod = try moderator(app)
        _ = try mod.get("/admin/moderation")
        #expect(try mod.post("/admin/moderation/posts/\(first)/hide", []).status == 303)
        let reader = app.browser()
        try reader.signUp("onlooker@example.com")
        #expect(!(try reader.get("/community").text.contains("First post")), "hidden from others")
        // Delete asks first, then erases the text.
        let confirm = try mod.post("/admin/moderation/posts/\(second)/delete", [])
        #expect(confirm.status == 200 && confirm.text.contains("Delete this post?"))
        #expect(try mod.post("/admin/moderation/posts/\(second)/delete", [("confirm", "yes")]).status == 303)
        #expect(try app.environment.database.read { try $0.string(sql: "SELECT coalesce(body, 'ERASED') FROM posts WHERE id = ?", arguments: [second]) } == "ERASED")
        // Restrict the author for 7 days.
        #expect(try mod.post("/admin/moderation/posts/\(first)/restrict", []).text.contains("For how long?"))
        #expect(try mod.post("/admin/moderation/posts/\(first)/restrict", [("confirm", "yes"), ("days", "7"), ("note", "Please keep it kind")]).status == 303)
        let blocked = try share(author, "Trying again")
        #expect(blocked.status == 403)
        #expect(blocked.text.contains("You can post again from") && blocked.text.contains("Please keep it kind"))
        app.clock.advance(8 * 86400)
        try author.logIn("restricted@example.com")
        #expect(try share(author, "A week later").status == 303, "the restriction ended by itself")
        // Indefinite, then lifted.
        let later = try postID(app, body: "A week later")
        try mod.logIn("mod@example.com")
        _ = try mod.get("/admin/moderation")
        _ = try mod.post("/admin/moderation/posts/\(later)/restrict", [("confirm", "yes"), ("days", "0")])
        #expect(try share(author, "Blocked").status == 403)
        let queue = try mod.get("/admin/moderation").text
        let lift = try #require(queue.firstMatch(of: /action="(\/admin\/moderation\/restrictions\/[0-9a-f]{32}\/lift)"/)).1
        #expect(try mod.post(String(lift), []).status == 303)
        #expect(try share(author, "Free to share").status == 303)
        let audit = try mod.get("/admin/audit").text
        for line in ["Hid post", "Deleted post", "Restricted posting for 7 days", "Restricted posting until lifted", "Lifted posting restriction"] {
            #expect(audit.contains(line), "\(line)")
        }
        #expect(!audit.contains("restricted@example.com"))
        // The audit cannot be changed, even by a direct update.
        #expect(throws: (any Error).self) {
            try app.environment.database.write { try $0.execute(sql: "UPDATE moderation_audit SET note = 'changed'") }
        }
    }

    @Test func moderationIsNotThereForMembers() throws {
        let app = try RunningApp()
        let member = app.browser()
        try member.signUp("plain@example.com")
        _ = try share(member, "Hello all")
        let id = try postID(app, body: "Hello all")
        #expect(try member.get("/admin/moderation").status == 404)
        #expect(try member.get("/admin/audit").status == 404)
        _ = try member.get("/community")
        for action in ["approve", "hide", "delete", "restrict"] {
            #expect(try member.post("/admin/moderation/posts/\(id)/\(action)", [("confirm", "yes"), ("days", "1")]).status == 404)
        }
        #expect(try app.browser().get("/community").status == 303, "signed out: log in first")
    }

    @Test func postingIsRateLimited() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("busy@example.com")
        for number in 0..<5 { #expect(try share(browser, "Post \(number)").status == 303) }
        let refused = try share(browser, "One more")
        #expect(refused.status == 429 && refused.header("Retry-After") != nil)
    }

    @Test func anAuthorsWaitingPostsTakeTheirPlaceAmongTheVisibleOnesOnEveryPage() throws {
        let app = try RunningApp()
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        let author = app.browser()
        try author.signUp("mixed@example.com")
        let accountID = try #require(try app.environment.database.account(tenantID: tenant.id, email: EmailAddress("mixed@example.com")!)).id
        // Every third post waits for a moderator, and so do the newest 25 (a whole page of them): the feed reads those
        // apart from the visible ones and merges them.
        for number in 1...70 {
            _ = try app.environment.database.createPost(tenantID: tenant.id, authorID: accountID, topic: number % 2 == 0 ? "wins" : "other",
                                                        body: "Mixed post \(number).", heldForSafety: number % 3 == 0 || number > 45,
                                                        now: app.clock.now + number)
        }
        let numbers = { (page: String) in page.matches(of: /Mixed post (\d+)\./).map { Int($0.1)! } }
        func pages(_ browser: Browser, _ start: String) throws -> [[Int]] {
            var pages: [[Int]] = []
            var path: String? = start
            while let next = path, pages.count < 5 {
                let page = try browser.get(next).text
                pages.append(numbers(page))
                path = page.firstMatch(of: /href="(\/community\?[^"]*before=\d+)">Older posts/).map { String($0.1).replacingOccurrences(of: "&amp;", with: "&") }
            }
            return pages
        }
        let all = Array((1...70).reversed())
        #expect(try pages(author, "/community") == [Array(all[0..<20]), Array(all[20..<40]), Array(all[40..<60]), Array(all[60...])])
        // Nobody else sees a waiting post.
        let reader = app.browser()
        try reader.signUp("mixed-reader@example.com")
        let visible = all.filter { $0 % 3 != 0 && $0 <= 45 }
        #expect(try pages(reader, "/community") == [Array(visible[0..<20]), Array(visible[20...])])
        // A topic filters both.
        #expect(try pages(author, "/community?topic=wins").flatMap { $0 } == all.filter { $0 % 2 == 0 })
        #expect(try pages(reader, "/community?topic=wins").flatMap { $0 } == visible.filter { $0 % 2 == 0 })
    }

    @Test func olderPostsPageByKeyset() throws {
        let app = try RunningApp()
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        let author = app.browser()
        try author.signUp("many@example.com")
        let accountID = try #require(try app.environment.database.account(tenantID: tenant.id, email: EmailAddress("many@example.com")!)).id
        for number in 1...45 {
            _ = try app.environment.database.createPost(tenantID: tenant.id, authorID: accountID, topic: "other",
                                                        body: "Numbered post \(number).", heldForSafety: false, now: app.clock.now + number)
        }
        let reader = app.browser()
        try reader.signUp("reader2@example.com")
        let first = try reader.get("/community").text
        let numbers = { (page: String) in page.matches(of: /Numbered post (\d+)\./).map { Int($0.1)! } }
        #expect(numbers(first) == Array((26...45).reversed()))
        let older = try #require(first.firstMatch(of: /href="(\/community\?before=\d+)">Older posts/)).1
        // A post arriving between pages does not shift the next page.
        _ = try app.environment.database.createPost(tenantID: tenant.id, authorID: accountID, topic: "other",
                                                    body: "Numbered post 46.", heldForSafety: false, now: app.clock.now + 100)
        let second = try reader.get(String(older)).text
        #expect(numbers(second) == Array((6...25).reversed()))
        let last = try #require(second.firstMatch(of: /href="(\/community\?before=\d+)">Older posts/)).1
        let third = try reader.get(String(last)).text
        #expect(numbers(third) == Array((1...5).reversed()))
        #expect(!third.contains("Older posts"))
        #expect(try reader.get("/community?before=abc").status == 400)
        #expect(try reader.get("/community?topic=nonsense").status == 404)
    }

    @Test func tenantsNeverSeeEachOthersCommunity() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let here = app.browser()
        try here.signUp("here@example.com")
        _ = try share(here, "Only for this organisation")
        let id = try postID(app, body: "Only for this organisation")
        let there = app.browser(host: "acme.localhost")
        try there.signUp("there@example.com")
        #expect(!(try there.get("/community").text.contains("Only for this organisation")))
        _ = try there.get("/community")
        #expect(try there.post("/community/posts/\(id)/reactions", [("kind", "hug")]).status == 404)
        #expect(try there.post("/community/posts/\(id)/reports", [("reason", "spam")]).status == 404)
        #expect(try there.post("/community/posts/\(id)/delete", []).status == 404)
        let acme = try #require(try app.environment.database.tenant(slug: "acme"))
        _ = try app.environment.database.setRole(tenantID: acme.id, email: EmailAddress("there@example.com")!, role: .admin)
        _ = try there.get("/admin/moderation")
        #expect(try there.post("/admin/moderation/posts/\(id)/hide", []).status == 404)
        #expect(try here.get("/community").text.contains("Only for this organisation"))
        // A tenant can switch its community off.
        var settings = acme
        settings.settings.communityEnabled = false
        try app.environment.database.saveSettings(of: settings)
        #expect(try there.get("/community").status == 404)
    }

    @Test func aDeletedAccountLeavesItsPostsOwnerless() throws {
        let app = try RunningApp()
        let leaving = app.browser()
        try leaving.signUp("leaving-poster@example.com")
        _ = try share(leaving, "Thanks everyone, this helped")
        _ = try leaving.get("/account")
        _ = try leaving.post("/account/delete", [("password", "a calm and steady passphrase"), ("posts", "keep")])
        let reader = app.browser()
        try reader.signUp("stays@example.com")
        #expect(try reader.get("/community").text.contains("Thanks everyone, this helped"))
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM posts WHERE author_id IS NULL") } == 1)
        #expect(try moderator(app).get("/admin/moderation").status == 200)
    }
}
