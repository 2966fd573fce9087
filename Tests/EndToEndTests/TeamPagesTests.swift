import Domain
import Foundation
import Testing
@testable import Storage

/// Issue 34's team pages over real sockets: the team home's queue in words, the members list's count, search and
/// natural order, and crisis contacts as rows that keep what was typed when a change is refused.
@Suite("Team pages")
struct TeamPagesTests {
    @Test func theTeamHomeSaysWhatWaitsInWords() throws {
        let app = try RunningApp()
        let moderator = try staff(app, "mod@example.com", .moderator)
        #expect(try moderator.get("/admin").text.contains("Nothing waiting"))
        let author = app.browser()
        try author.signUp("author@example.com")
        _ = try share(author, "spoons and I want to die")
        _ = try share(author, "A small win: I went outside")
        let reporter = app.browser()
        try reporter.signUp("reporter@example.com")
        let won = try postID(app, body: "A small win: I went outside")
        _ = try reporter.get("/community/posts/\(won)/report")
        #expect(try reporter.post("/community/posts/\(won)/reports", [("reason", "spam")]).status == 303)
        let home = try moderator.get("/admin").text
        #expect(home.contains("2 waiting") && home.contains("1 held for safety"), "\(home)")
        // A moderator sees the queue; the organisation's figures are for admins.
        #expect(!home.contains("Active members"))
        let admin = try staff(app, "admin@example.com", .admin)
        let adminHome = try admin.get("/admin").text
        #expect(adminHome.contains("2 waiting") && adminHome.contains("Active members") && adminHome.contains("Week from"), "\(adminHome)")
    }

    @Test func membersAreCountedSearchedOnTheServerAndInNaturalOrder() throws {
        let app = try RunningApp()
        let admin = try staff(app, "admin@example.com", .admin)
        for email in ["person10@example.com", "person2@example.com", "Person1@example.com", "ana@example.org"] {
            try app.browser().signUp(email)
        }
        let all = try admin.get("/admin/members").text
        #expect(all.contains("Members <span class=\"heading-count\">5</span>"))
        #expect(all.contains("type=\"search\" id=\"q\" name=\"q\""))
        let order = ["person1@example.com", "person2@example.com", "person10@example.com"].compactMap { all.range(of: ">\($0)<")?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "natural order: person2 before person10")
        // Found after folding: capitals and a full-width letter match.
        let found = try admin.get("/admin/members?q=PERSON%EF%BC%91").text
        #expect(found.contains("2 of 5 match") && found.contains("person10@example.com") && !found.contains("person2@") && !found.contains("ana@example.org"))
        #expect(found.contains("value=\"PERSON１\""), "the search stays in its box")
        let none = try admin.get("/admin/members?q=%3Cnobody%3E").text
        #expect(none.contains("No member’s address holds “&lt;nobody&gt;”.") && !none.contains("<table"))
        // A search as long as anyone could send is cut, not refused or grown.
        #expect(try admin.get("/admin/members?q=" + String(repeating: "a", count: 5000)).status == 200)
        #expect(try app.browser().get("/admin/members?q=a").status != 200)
    }

    @Test func aRefusedContactChangeStaysOpenWithWhatWasTyped() throws {
        let app = try RunningApp()
        let admin = try staff(app, "admin@example.com", .admin)
        let page = try admin.get("/admin/crisis-contacts").text
        #expect(page.contains("<details class=\"contact-row\"") && !page.contains("<details class=\"contact-row\" id=\"contact_") == false)
        #expect(page.contains("Call 116 123"))
        let id = try #require(try app.environment.database.read {
            try $0.string(sql: "SELECT id FROM crisis_contacts WHERE name = 'Samaritans'")
        })
        let refused = try admin.post("/admin/crisis-contacts/\(id)/save", [("name", "Samaritans typed"), ("purpose", "Any time"),
                                                                           ("phone", "not a number")])
        #expect(refused.status == 422)
        #expect(refused.text.contains("id=\"contact_\(id)\" open") && refused.text.contains("value=\"Samaritans typed\""))
        #expect(refused.text.contains("href=\"#contact_\(id)\""), "the summary leads to the open row")
        #expect(try admin.get("/admin/crisis-contacts").text.contains(">Samaritans<"), "nothing saved")
    }
}
