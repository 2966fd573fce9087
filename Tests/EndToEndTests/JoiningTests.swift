import Domain
import Foundation
@testable import Storage
import Testing
@testable import UseCases
@testable import Web

/// Issue 17: who may join an organisation (anyone, its domains, or by invitation), over real sockets. The rule is
/// checked when the form is sent and again, with the invitation spent, in the transaction that creates the account.
@Suite("Who may join")
struct JoiningTests {
    /// Sends the sign-up form (with an invitation's token, if given).
    func ask(_ browser: Browser, _ email: String, invitation: String? = nil) throws -> RawClient.Answer {
        _ = try browser.get("/signup" + (invitation.map { "?invitation=" + $0 } ?? ""))
        var fields = [("email", email), ("password", "a calm and steady passphrase"), ("time_zone", "Europe/London")]
        if let invitation { fields.append(("invitation", invitation)) }
        return try browser.post("/signup", fields)
    }

    /// Follows the newest confirmation link mailed to `email`.
    func confirm(_ app: RunningApp, _ browser: Browser, _ email: String) throws -> RawClient.Answer {
        let mail = try #require(app.mails().last { $0.contains("To: \(email)") && $0.contains("/signup/confirm?token=") })
        let token = try #require(mail.firstMatch(of: /\/signup\/confirm\?token=([0-9a-f]{64})/)).1
        _ = try browser.get("/signup/confirm?token=\(token)")
        return try browser.post("/signup/confirm", [("token", String(token))])
    }

    func accounts(_ app: RunningApp) throws -> Int {
        try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM accounts") } ?? 0
    }

    /// Makes an invitation on the admin page and returns its token, read from the link shown once.
    func invitation(_ admin: Browser, label: String, uses: Int = 1, days: Int = 14) throws -> String {
        _ = try admin.get("/admin/joining")
        let page = try admin.post("/admin/joining/invitations", [("label", label), ("uses", String(uses)), ("days", String(days))])
        #expect(page.status == 200 && page.text.contains("shown only this once"), "\(page.status)")
        let link = try #require(page.text.firstMatch(of: /value="(http[^"]+\/signup\?invitation=([0-9a-f]{64}))"/))
        return String(link.2)
    }

    @Test func onlyAddressesAtTheOrganisationsDomains() throws {
        let app = try RunningApp()
        let admin = try staff(app, "joining.admin@example.com", .admin)
        _ = try admin.get("/admin/joining")
        for (domains, reason) in [("", "Add at least one domain"), ("acme", "one domain on each line"), ("acme.com\nnot a domain", "one domain on each line")] {
            let refused = try admin.post("/admin/joining", [("rule", "domains"), ("domains", domains)])
            #expect(refused.status == 422 && refused.text.lowercased().contains(reason.lowercased()), "\(domains)")
        }
        #expect(try admin.post("/admin/joining", [("rule", "everyone")]).status == 422)
        #expect(try admin.post("/admin/joining", [("rule", "open")], csrf: "forged").status == 403)
        #expect(try admin.post("/admin/joining/invitations", [("label", "x"), ("uses", "1"), ("days", "1")], csrf: "forged").status == 403)
        #expect(try admin.post("/admin/joining", [("rule", "domains"), ("domains", "@Acme.com\nacme.co.uk ")]).status == 303)
        #expect(try admin.get("/admin/audit").text.contains("Set who may join: addresses at acme.com, acme.co.uk"))

        let visitor = app.browser()
        #expect(try visitor.get("/signup").text.contains("Use your email address at acme.com or acme.co.uk."))
        let refused = try ask(visitor, "someone@gmail.com")
        #expect(refused.status == 403 && refused.text.contains("Please use your email address at acme.com or acme.co.uk"))
        #expect(refused.text.contains("value=\"someone@gmail.com\""), "what was typed stays")
        #expect(try ask(visitor, "look.alike@notacme.com").status == 403, "a domain ending in the name is not the domain")
        #expect(app.mails().allSatisfy { !$0.contains("gmail.com") }, "no mail for a refused address")
        #expect(try ask(visitor, "ana@mail.acme.com").text.contains("Check your email"))
        #expect(try confirm(app, visitor, "ana@mail.acme.com").status == 303)
        #expect(try accounts(app) == 2)
    }

    @Test func byInvitationASingleUseLinkMakesOneAccount() throws {
        let app = try RunningApp()
        let admin = try staff(app, "invite.admin@example.com", .admin)
        _ = try admin.get("/admin/joining")
        #expect(try admin.post("/admin/joining", [("rule", "invitations"), ("domains", "")]).status == 303)
        let visitor = app.browser()
        let closed = try visitor.get("/signup")
        #expect(closed.status == 403 && closed.text.contains("is by invitation"))
        #expect(try ask(visitor, "no.link@example.com").status == 403)

        let token = try invitation(admin, label: "Welcome week")
        #expect(try admin.get("/admin/joining").text.contains("Welcome week</strong>: For one person. Works for 14 more days."))
        #expect(!(try admin.get("/admin/joining").text.contains(token)), "the link is shown once")
        // Two people open the same single-use link; both are sent a mail, only the first to confirm gets an account.
        let first = app.browser(), second = app.browser()
        #expect(try first.get("/signup?invitation=\(token)").text.contains("name=\"invitation\" value=\"\(token)\""))
        #expect(try ask(first, "first@example.com", invitation: token).text.contains("Check your email"))
        #expect(try ask(second, "second@example.com", invitation: token).text.contains("Check your email"))
        #expect(try confirm(app, first, "first@example.com").status == 303)
        let late = try confirm(app, second, "second@example.com")
        #expect(late.status == 410 && late.text.contains("This invitation has ended"))
        #expect(try accounts(app) == 2)
        #expect(try visitor.get("/signup?invitation=\(token)").status == 410)
        #expect(try admin.get("/admin/joining").text.contains("Welcome week</strong>: Used. Used up."))
        // Made-up, malformed and another organisation's tokens are all simply ended.
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let acmeAdmin = try staff(app, "acme.admin@example.com", .admin, tenant: "acme", host: "acme.localhost")
        let acmeToken = try invitation(acmeAdmin, label: "Acme link")
        for bad in [acmeToken, String(repeating: "0", count: 64), "short", "<script>"] {
            #expect(try visitor.get("/signup?invitation=\(Browser.encode(bad))").status == 410, "\(bad)")
            #expect(try ask(visitor, "bad.link@example.com", invitation: bad).status == 410)
        }
    }

    @Test func aSharedLinkEndsWhenUsedUpWhenItsDaysPassOrWhenWithdrawn() throws {
        let app = try RunningApp()
        let admin = try staff(app, "shared.admin@example.com", .admin)
        _ = try admin.get("/admin/joining")
        #expect(try admin.post("/admin/joining", [("rule", "invitations")]).status == 303)
        let team = try invitation(admin, label: "Night team", uses: 2, days: 1)
        for name in ["one", "two"] {
            let browser = app.browser()
            _ = try ask(browser, "\(name)@example.com", invitation: team)
            #expect(try confirm(app, browser, "\(name)@example.com").status == 303)
        }
        #expect(try app.browser().get("/signup?invitation=\(team)").status == 410, "used up")

        let short = try invitation(admin, label: "Short", uses: 50, days: 1)
        app.clock.advance(86_400 + 1)
        #expect(try app.browser().get("/signup?invitation=\(short)").status == 410, "its day has passed")

        let withdrawn = try invitation(admin, label: "Oops", uses: 5, days: 30)
        let pending = app.browser()
        #expect(try ask(pending, "pending@example.com", invitation: withdrawn).text.contains("Check your email"))
        let id = try #require(try app.environment.database.read { try $0.string(sql: "SELECT id FROM invitations WHERE label = 'Oops'") })
        _ = try admin.get("/admin/joining")
        let member = try staff(app, "just.member@example.com", .member)
        #expect(try member.post("/admin/joining/invitations/\(id)/withdraw", []).status == 404)
        #expect(try member.get("/admin/joining").status == 404)
        #expect(try admin.post("/admin/joining/invitations/\(id)/withdraw", []).status == 303)
        #expect(try admin.post("/admin/joining/invitations/\(id)/withdraw", []).status == 404, "already withdrawn")
        #expect(try confirm(app, pending, "pending@example.com").status == 410, "withdrawn before the mail was opened")
        #expect(try app.browser().get("/signup?invitation=\(withdrawn)").status == 410)
        #expect(try admin.get("/admin/audit").text.contains("Withdrew an invitation link"))
        // Bounds on the form, with what was typed kept.
        for (uses, days) in [("0", "14"), ("10001", "14"), ("1", "0"), ("1", "91"), ("-1", "x"), ("99999999999999999999", "1")] {
            let refused = try admin.post("/admin/joining/invitations", [("label", "Bounds"), ("uses", uses), ("days", days)])
            #expect(refused.status == 422 && refused.text.contains("value=\"Bounds\""), "\(uses) \(days)")
        }
        #expect(try admin.post("/admin/joining/invitations", [("label", ""), ("uses", "1"), ("days", "1")]).status == 422)
    }

    @Test func theRuleIsCheckedAgainWhenTheEmailedLinkIsOpened() throws {
        let app = try RunningApp()
        let admin = try staff(app, "again.admin@example.com", .admin)
        let visitor = app.browser()
        #expect(try ask(visitor, "early@example.com").text.contains("Check your email"))
        _ = try admin.get("/admin/joining")
        #expect(try admin.post("/admin/joining", [("rule", "invitations")]).status == 303)
        let refused = try confirm(app, visitor, "early@example.com")
        #expect(refused.status == 403 && refused.text.contains("is by invitation"), "no invitation came with it: not an ended one")
        #expect(try accounts(app) == 1)
        // Opening up again lets new people in, and the operator's command is never refused.
        #expect(try admin.post("/admin/joining", [("rule", "open")]).status == 303)
        #expect(try app.browser().signUp("later@example.com").status == 303)
    }
}
