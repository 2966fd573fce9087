import Domain
import Foundation
@testable import Storage
import Testing
@testable import Web

/// Issue 65, the third trust round, over real sockets on both databases: a passkey proves the person only if its
/// owner added it (a fresh proof first, a mail after, and a password reset takes back what was added since the owner
/// last proved themselves without one); the app lock covers the ways into the account; a locked session sees nothing
/// of the person's day and no private page is drawn for its forms; the export holds the reminder choices.
@Suite("Trust, third round: passkeys, the lock and the export")
struct TrustThirdRoundTests {
    let password = "a calm and steady passphrase"

    func passkeys(_ app: RunningApp) throws -> Int {
        try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM passkeys") } ?? -1
    }

    /// Signs up `email` and turns the app lock on (five minutes), then lets it close.
    func lockedMember(_ app: RunningApp, _ email: String) throws -> Browser {
        let member = app.browser()
        try member.signUp(email)
        #expect(try member.post("/account/lock", [("minutes", "5")]).status == 303)
        app.clock.advance(6 * 60)
        #expect(try member.get("/calendar").header("Location") == "/unlock?next=/calendar", "locked")
        return member
    }

    /// Finding 1: with the lock closed, the security page and every way to add, remove or change a way in sends the
    /// session to unlock, a POST too; nothing changes. (Before: a passkey added from the locked session opened it.)
    @Test func aLockedSessionCannotAddAPasskeyNorChangeTheWaysIn() throws {
        let app = try RunningApp()
        let member = try lockedMember(app, "locked.keys@example.com")
        #expect(try member.get("/account/security").header("Location") == "/unlock?next=/account/security")
        let authenticator = SoftwareAuthenticator()
        for (path, fields) in [("/account/passkeys/options", []), ("/account/passkeys", [("name", "Mine now"), ("credential", "{}")]),
                               ("/account/lock", [("minutes", "0")]), ("/account/sessions/others/delete", []),
                               ("/account/password", [("current_password", password), ("new_password", "a thief's new passphrase")])] as [(String, [(String, String)])] {
            let answer = try member.post(path, fields)
            #expect(answer.status == 303 && answer.header("Location") == "/unlock?next=/account/security", "\(path)")
        }
        #expect(throws: (any Error).self, "no options to make a passkey with") { try member.addPasskey(authenticator) }
        #expect(try passkeys(app) == 0)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT lock_minutes FROM accounts") } == 5)
        #expect(try member.get("/calendar").status == 303, "still locked")
        // The owner unlocks with their password and is back where they were.
        let opened = try member.post("/unlock", [("password", password), ("next", "/account/security")])
        #expect(opened.header("Location") == "/account/security")
        #expect(try member.get("/account/security").status == 200)
    }

    /// Finding 1: a member with neither a password nor a passkey is offered the organisation's sign-in or a password by
    /// email, never a link to add a passkey from the locked session.
    @Test func theUnlockPageNeverOffersToAddAPasskey() throws {
        let app = try RunningApp()
        let member = try lockedMember(app, "no.password@example.com")
        try app.environment.database.write { db in
            try db.execute(sql: "UPDATE accounts SET password_hash = ?", arguments: ["$argon2id$v=19$m=1,t=1,p=1$" + String(repeating: "0", count: 32) + "$x"])
        }
        let page = try member.get("/unlock?next=/calendar")
        #expect(page.status == 200 && page.text.contains("Welcome back"))
        #expect(!page.text.contains("/account/security") && !page.text.contains("Add a passkey") && !page.text.contains("Your password"))
        #expect(page.text.contains("href=\"/password/forgot\""))
    }

    /// Finding 3: adding a passkey needs a proof from the last few minutes; the owner is mailed when one is added or
    /// removed, with the way to remove it.
    @Test func aPasskeyIsAddedOnlyAfterAFreshProofAndItsOwnerIsTold() throws {
        let app = try RunningApp()
        let member = app.browser()
        try member.signUp("fresh.proof@example.com")
        app.clock.advance(6 * 60)  // an open session, its owner away: whoever holds it has proven nothing
        let security = try member.get("/account/security").text
        #expect(!security.contains("data-passkey=\"register\""))
        #expect(security.contains("<a class=\"button\" href=\"/unlock?next=/account/security&amp;for=passkey\">Add a passkey</a>"))
        let options = try member.post("/account/passkeys/options", [])
        #expect(options.status == 403 && options.text.contains("\"confirm\"") && options.text.contains("for=passkey"))
        let authenticator = SoftwareAuthenticator()
        #expect(throws: (any Error).self) { try member.addPasskey(authenticator) }
        let posted = try member.post("/account/passkeys", [("name", "Thief"), ("credential", authenticator.register(challenge: String(repeating: "A", count: 43)))])
        #expect(posted.status == 303 && posted.header("Location") == "/unlock?next=/account/security&for=passkey")
        #expect(try passkeys(app) == 0)

        // The confirm page asks for the password (a wrong one is refused and keeps its purpose), then sends them back.
        let confirm = try member.get("/unlock?next=/account/security&for=passkey").text
        #expect(confirm.contains("Confirm it’s you") && confirm.contains("Your password") && confirm.contains("name=\"for\" value=\"passkey\""))
        let wrong = try member.post("/unlock", [("password", "not it"), ("next", "/account/security"), ("for", "passkey")])
        #expect(wrong.status == 422 && wrong.text.contains("Confirm it’s you"))
        let confirmed = try member.post("/unlock", [("password", password), ("next", "/account/security"), ("for", "passkey")])
        #expect(confirmed.header("Location") == "/account/security")
        #expect(try member.get("/account/security").text.contains("data-passkey=\"register\""))
        #expect(try member.addPasskey(authenticator, name: "My phone").header("Location") == "/account/security?notice=passkey-added")
        #expect(try passkeys(app) == 1)
        let added = try #require(app.mails().last)
        #expect(added.contains("To: fresh.proof@example.com") && added.contains("Subject: A passkey was added to your Resett account"))
        #expect(added.contains("“My phone”") && added.contains("/account/security"))
        // Removing one is told too.
        let id = try #require(try app.environment.database.read { try $0.string(sql: "SELECT id FROM passkeys") })
        #expect(try member.post("/account/passkeys/\(id)/remove", []).status == 303)
        #expect(try #require(app.mails().last).contains("Subject: A passkey was removed from your Resett account"))
        // Minutes later the proof has gone stale again.
        app.clock.advance(6 * 60)
        #expect(try member.post("/account/passkeys/options", []).status == 403)
    }

    /// Finding 3: a password reset removes every passkey added since the owner last proved themselves by more than a
    /// password (the link mailed to them, here; or the organisation's sign-in, or making the account), and keeps the
    /// ones from before; logging in with the password again, as whoever knows it can, moves nothing. The log-in page
    /// says so.
    @Test func aPasswordResetTakesBackPasskeysAddedSinceTheOwnerLastProvedThemselves() throws {
        let app = try RunningApp()
        let owner = app.browser()
        try owner.signUp("recovered@example.com")
        app.clock.advance(60)
        #expect(try owner.addPasskey(SoftwareAuthenticator(), name: "Owner's phone").status == 303)
        // Later, after someone else's wrong guesses, the owner finishes logging in with the link mailed to them.
        app.clock.advance(60)
        let guesser = app.browser()
        for attempt in 0..<12 {
            _ = try guesser.get("/login")
            _ = try guesser.post("/login", [("email", "recovered@example.com"), ("password", "wrong guess \(attempt)")])
        }
        let again = app.browser()
        #expect(try again.logIn("recovered@example.com").text.contains("Check your email"))
        let link = try #require(app.mails().last { $0.contains("/login/link?token=") })
        let linkToken = String(try #require(link.firstMatch(of: /login\/link\?token=([0-9a-f]{64})/)).1)
        _ = try again.get("/login/link?token=\(linkToken)")
        #expect(try again.post("/login/link", [("token", linkToken)]).status == 303)
        // Hours on, whoever knows the password logs in, adds a passkey of their own, and logs in with the password again.
        app.clock.advance(4 * 3_600)
        let thief = app.browser()
        #expect(try thief.logIn("recovered@example.com").status == 303)
        app.clock.advance(60)
        #expect(try thief.addPasskey(SoftwareAuthenticator(), name: "Not mine").status == 303)
        app.clock.advance(60)
        #expect(try app.browser().logIn("recovered@example.com").status == 303)
        #expect(try passkeys(app) == 2)
        // The owner, told by mail, resets their password.
        let visitor = app.browser()
        _ = try visitor.get("/password/forgot")
        #expect(try visitor.post("/password/forgot", [("email", "recovered@example.com")]).status == 200)
        let mail = try #require(app.mails().last { $0.contains("/password/reset?token=") })
        let token = String(try #require(mail.firstMatch(of: /\/password\/reset\?token=([0-9a-f]{64})/)).1)
        _ = try visitor.get("/password/reset?token=\(token)")
        let done = try visitor.post("/password/reset", [("token", token), ("password", "a brand new passphrase")])
        #expect(done.header("Location") == "/login?notice=password-reset-passkeys")
        #expect(try visitor.get("/login?notice=password-reset-passkeys").text.contains("has been removed"))
        let names = try app.environment.database.read { try $0.rows(sql: "SELECT name FROM passkeys").map { $0["name"] as String } }
        #expect(names == ["Owner's phone"])
        #expect(try thief.get("/calendar").status == 303, "every session ended")
    }

    /// The review of this round: staff pages are behind the app lock too (a locked admin session approves, promotes
    /// and provisions nothing), and a session opened again by password alone is a password session.
    @Test func aLockedStaffSessionReachesNoStaffPageAndAPasswordUnlockIsAPasswordProof() throws {
        let app = try RunningApp()
        let admin = try staff(app, "locked.admin@example.com", .admin)
        let key = SoftwareAuthenticator()
        #expect(try admin.addPasskey(key).status == 303)
        let (_, challenge) = try #require(Browser.passkeyOptions(try admin.post("/unlock/passkey/options", [])))
        #expect(try admin.post("/unlock/passkey", [("next", "/admin"), ("credential", key.assert(challenge: challenge))]).status == 303)
        #expect(try admin.post("/account/lock", [("minutes", "5")]).status == 303)
        app.clock.advance(6 * 60)
        #expect(try admin.get("/admin/members").header("Location") == "/unlock?next=/admin/members")
        let member = app.browser()
        try member.signUp("to.promote@example.com")
        let id = try #require(try app.environment.database.read { try $0.string(sql: "SELECT id FROM accounts WHERE email = 'to.promote@example.com'") })
        #expect(try admin.post("/admin/members/\(id)/role", [("role", "admin")]).header("Location") == "/unlock?next=/admin")
        #expect(try app.environment.database.read { try $0.string(sql: "SELECT role FROM accounts WHERE id = ?", arguments: [id]) } == "member")
        #expect(try admin.post("/unlock", [("password", password), ("next", "/admin/members")]).header("Location") == "/admin/members")
        #expect(try app.environment.database.read { try $0.string(sql: "SELECT proof FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.email = 'locked.admin@example.com'") } == "password")
        #expect(try admin.get("/admin/members").status == 200)
    }

    /// Finding 5: while locked, the home page shows nothing of the person's day: no check-in, no last mood, no glimmer.
    @Test func whileLockedTheHomePageShowsNothingOfTheDay() throws {
        let app = try RunningApp()
        let member = app.browser()
        try member.signUp("home.locked@example.com")
        _ = try member.get("/glimmers")
        #expect(try member.post("/glimmers", [("text", "Sunlight on the kitchen floor")]).status == 303)
        for _ in 0..<2 { app.clock.advance(4 * 86_400); _ = try member.get("/") }  // a glimmer from a week ago comes back
        _ = try member.get("/check-in")
        #expect(try member.post("/check-in", [("rating", "4"), ("note", "A quiet walk")]).status == 303)
        let open = try member.get("/").text
        #expect(open.contains("Sunlight on the kitchen floor") && open.contains("You checked in"))
        #expect(try member.post("/account/lock", [("minutes", "5")]).status == 303)
        app.clock.advance(6 * 60)
        let locked = try member.get("/")
        #expect(locked.status == 200 && locked.text.contains("Unlock to see your day") && locked.text.contains("href=\"/unlock?next=/\""))
        #expect(!locked.text.contains("Sunlight") && !locked.text.contains("You checked in") && !locked.text.contains("After your last reset"))
    }

    /// Finding 5: every page a locked session can still reach, from the route table (so a new one is covered the day
    /// it is added), shows none of the person's own words: a glimmer, a check-in's note, a worry, a setback's note, a
    /// reflection's answer.
    @Test func noPageReachableWhileLockedShowsWhatThePersonWrote() throws {
        let app = try RunningApp()
        let member = app.browser()
        try member.signUp("every.page@example.com")
        let words = ["Sunlight on the kitchen floor", "A quiet walk with Sam", "The appointment on Friday", "Interview went badly",
                     "An argument at dinner"]
        _ = try member.get("/glimmers")
        #expect(try member.post("/glimmers", [("text", words[0])]).status == 303)
        _ = try member.get("/check-in")
        #expect(try member.post("/check-in", [("rating", "2"), ("note", words[1])]).status == 303)
        #expect(try member.post("/worries", [("text", words[2]), ("answer", "no")]).status == 303)
        #expect(try member.post("/setbacks", [("kind", "job"), ("hurt", "6"), ("note", words[3]), ("happened", "")]).status == 303)
        _ = try member.post("/reflection", [("step", "1"), ("intensity", "7")])
        _ = try member.post("/reflection", [("step", "2"), ("answer", words[4])])
        #expect(try member.get("/calendar/\(Day.of(app.clock.now, in: "Europe/London"))").text.contains(words[1]), "the words are there to find")
        #expect(try member.post("/account/lock", [("minutes", "5")]).status == 303)
        app.clock.advance(6 * 60)
        var seen = 0
        for kind in Route.Kind.allCases where kind.method == "GET" && !kind.pattern.contains(":")
            && [.anyone, .member, .privateMember, .credentials].contains(kind.access) {
            let page = try member.get(Route.sample(kind).path)
            for word in words { #expect(!page.text.contains(word), "\(kind.pattern) shows “\(word)” while locked") }
            if page.status == 200 { seen += 1 }
        }
        #expect(seen > 20, "the pages still open while locked were looked at: \(seen)")
    }

    /// Finding 6: a locked session's form on a private page saves, refused or not, but gets the unlock page, never the
    /// private page drawn (which would show every worry, this month's glimmers, today's note).
    @Test func aLockedSessionsFormSavesButNoPrivatePageIsDrawn() throws {
        let app = try RunningApp()
        let member = app.browser()
        try member.signUp("locked.forms@example.com")
        _ = try member.get("/worries")
        #expect(try member.post("/worries", [("text", "The appointment on Friday"), ("answer", "no")]).status == 303)
        _ = try member.get("/glimmers")
        #expect(try member.post("/glimmers", [("text", "Birdsong at six")]).status == 303)
        #expect(try member.post("/account/lock", [("minutes", "5")]).status == 303)
        app.clock.advance(6 * 60)
        // A refusal draws no private page: the unlock page, carrying what was typed (and nothing else of theirs).
        for (path, fields) in [("/worries", [("text", ""), ("answer", "no")]), ("/worries/time", [("start", "25:99")]),
                               ("/glimmers", [("text", "")]), ("/check-in", [("rating", "9"), ("note", "Typed while locked")])]
            as [(String, [(String, String)])] {
            let refused = try member.post(path, fields)
            #expect(refused.status == 200 && refused.text.contains("Welcome back"), "\(path)")
            #expect(refused.text.contains("<input type=\"hidden\" name=\"carry_action\" value=\"\(path)\">"), "\(path)")
            #expect(!refused.text.contains("The appointment on Friday") && !refused.text.contains("Birdsong"), "\(path)")
        }
        let refused = try member.post("/check-in", [("rating", "9"), ("note", "Typed while locked")])
        #expect(refused.text.contains("<input type=\"hidden\" name=\"carry:note\" value=\"Typed while locked\">"))
        // After the unlock, it is offered back, and saved with one tap (now unlocked, a refusal shows the page).
        let unlocked = try member.post("/unlock", [("password", password), ("next", "/check-in"), ("carry_action", "/check-in"),
                                                   ("carry:rating", "4"), ("carry:note", "Typed while locked")])
        #expect(unlocked.status == 200 && unlocked.text.contains("Save what you wrote") && unlocked.text.contains("action=\"/check-in\""))
        #expect(unlocked.text.contains("<input type=\"hidden\" name=\"note\" value=\"Typed while locked\">"))
        #expect(try member.post("/check-in", [("rating", "4"), ("note", "Typed while locked")]).status == 303)
        #expect(try member.get("/check-in").text.contains("Typed while locked"))
        // A carried form goes only to a private page's own form.
        #expect(try member.post("/unlock", [("password", password), ("next", "/"), ("carry_action", "/account/lock"),
                                            ("carry:minutes", "0")]).header("Location") == "/")
        #expect(try member.post("/account/lock", [("minutes", "5")]).status == 303)
        app.clock.advance(6 * 60)
        // A good form is still saved, and what it leads to waits behind the unlock.
        let saved = try member.post("/glimmers", [("text", "Warm tea")])
        #expect(saved.status == 303 && saved.header("Location")?.hasPrefix("/unlock?next=/glimmers") == true)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM glimmers") } == 2)
    }

    /// Finding 9: the export holds the reminder choices (which, when, quiet hours) and the devices that show them.
    @Test func theExportHoldsTheReminderChoices() throws {
        let app = try RunningApp()
        let member = app.browser()
        try member.signUp("reminded@example.com")
        _ = try member.get("/account/reminders")
        #expect(try member.post("/account/reminders", [("checkIn", "on"), ("checkInTime", "07:30"), ("quietStart", "21:00"),
                                                       ("quietEnd", "06:30")]).status == 303)
        let export = try member.get("/account/export.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(export.text.utf8)) as? [String: Any])
        let reminders = try #require(json["reminders"] as? [String: Any])
        #expect(reminders["checkIn"] as? Bool == true && reminders["checkInTime"] as? String == "07:30")
        #expect(reminders["quietHours"] as? String == "21:00–06:30" && reminders["setbackFollowUp"] as? Bool == false)
        #expect(json["reminderDevices"] as? [Any] != nil)
    }

    /// Finding 7: "single sign-on only" holds for every way in, not only the password form: a member's passkey and the
    /// link emailed after many wrong passwords are refused too, and make no session. Staff keep theirs.
    @Test func singleSignOnOnlyHoldsForPasskeysAndEmailedLinks() throws {
        let app = try RunningApp()
        let member = app.browser()
        try member.signUp("sso.only@example.com")
        let authenticator = SoftwareAuthenticator()
        #expect(try member.addPasskey(authenticator).status == 303)
        let admin = try staff(app, "sso.admin@example.com", .admin)
        let adminKey = SoftwareAuthenticator()
        #expect(try admin.addPasskey(adminKey).status == 303)
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        let provider = AppDatabase.IdentityProvider(id: String(repeating: "e", count: 32), displayName: "Acme SSO", issuer: "https://idp.acme.example",
                                                    clientID: "resett", authorizationOrigin: "https://idp.acme.example", sealedSecret: "",
                                                    secretKeyID: "", allowedDomains: [], isRequired: true)
        try app.environment.database.saveIdentityProvider(tenantID: tenant.id, provider, now: app.clock.now,
                                                          audit: AuditEntry(actor: "sso.admin@example.com", actorID: nil, action: "Set up single sign-on", at: app.clock.now))
        func passkeySignIn(_ key: SoftwareAuthenticator) throws -> RawClient.Answer {
            let visitor = app.browser()
            _ = try visitor.get("/login")
            let (_, challenge) = try #require(Browser.passkeyOptions(try visitor.post("/login/passkey/options", [])))
            return try visitor.post("/login/passkey", [("next", "/calendar"), ("credential", key.assert(challenge: challenge))])
        }
        let refused = try passkeySignIn(authenticator)
        #expect(refused.status == 409 && refused.text.contains("Resett signs its people in with Acme SSO") && refused.header("Set-Cookie") == nil)
        #expect(try passkeySignIn(adminKey).status == 303, "staff keep their passkeys")
        // The emailed link after many wrong passwords (the right one last) makes no session either.
        let guesser = app.browser()
        for attempt in 0..<12 {
            _ = try guesser.get("/login")
            _ = try guesser.post("/login", [("email", "sso.only@example.com"), ("password", "wrong guess \(attempt)")])
        }
        let owner = app.browser()
        #expect(try owner.logIn("sso.only@example.com").text.contains("Check your email"))
        let mail = try #require(app.mails().last { $0.contains("/login/link?token=") })
        let token = String(try #require(mail.firstMatch(of: /login\/link\?token=([0-9a-f]{64})/)).1)
        _ = try owner.get("/login/link?token=\(token)")
        let link = try owner.post("/login/link", [("token", token)])
        #expect(link.status == 409 && link.header("Set-Cookie") == nil)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.email = 'sso.only@example.com'") } == 1,
                "only the session from before the rule")
    }

    /// Finding 2: while the organisation asks its staff for a passkey or single sign-on, a password alone never adds a
    /// staff member's passkey (which would then open the staff pages). Their first needs another admin's approval and
    /// the link mailed to them, each step audited and the other admins told; the passkey added does not upgrade the
    /// session that added it: using it does.
    @Test func aStaffMembersFirstPasskeyNeedsAnotherAdminsApprovalAndTheirOwnMail() throws {
        let app = try RunningApp()
        let first = try staff(app, "first.admin@example.com", .admin)
        let firstKey = SoftwareAuthenticator()
        #expect(try first.addPasskey(firstKey).status == 303)
        func confirm(_ browser: Browser, _ key: SoftwareAuthenticator, next: String) throws -> RawClient.Answer {
            let (_, challenge) = try #require(Browser.passkeyOptions(try browser.post("/unlock/passkey/options", [])))
            return try browser.post("/unlock/passkey", [("next", next), ("for", "staff"), ("credential", key.assert(challenge: challenge))])
        }
        #expect(try confirm(first, firstKey, next: "/admin").status == 303)
        let form: [(String, String)] = [("name", "Resett"), ("accent", "#0F7A5C"), ("freeResets", "3"), ("price", "1.99"), ("threshold", "3"),
                                        ("crisis", "Call 999."), ("unlimited", ""), ("community", "on"), ("exitButton", "on"),
                                        ("exitURL", ""), ("staffStrongSignIn", "on")]
        #expect(try first.post("/admin/settings", form).status == 303)

        // A second admin, signed in with a password (theirs, or whoever knows it): no staff pages, and no passkey.
        let second = try staff(app, "second.admin@example.com", .admin)
        #expect(try second.get("/admin/members").header("Location") == "/unlock?next=/admin/members&for=staff")
        #expect(try second.post("/account/passkeys/options", []).status == 403)
        let security = try second.get("/account/security").text
        #expect(security.contains("Ask an admin to approve my passkey") && !security.contains("data-passkey=\"register\""))
        let unlock = try second.get("/unlock?next=/admin/members&for=staff").text
        #expect(unlock.contains("Ask an admin to approve my passkey") && !unlock.contains("href=\"/account/security\""))

        // They ask: the other admin is told, and nobody else.
        let before = app.mails().count
        #expect(try second.post("/account/passkeys/first", []).header("Location") == "/account/security?notice=first-passkey-asked")
        #expect(app.mails().count == before + 1)
        let told = try #require(app.mails().last)
        #expect(told.contains("To: first.admin@example.com") && told.contains("second.admin@example.com asks to add their first passkey"))
        #expect(try second.post("/account/passkeys/first", []).status == 303 && app.mails().count == before + 1, "told once an hour")

        // The first admin approves, once; the link goes to the second admin's own address.
        let secondID = try #require(try app.environment.database.read {
            try $0.string(sql: "SELECT id FROM accounts WHERE email = 'second.admin@example.com'")
        })
        let members = try first.get("/admin/members").text
        #expect(members.contains("Waiting for your approval") && members.contains("/admin/members/\(secondID)/first-passkey"))
        #expect(try first.post("/admin/members/\(secondID)/first-passkey", []).header("Location") == "/admin/members?notice=first-passkey-approved")
        #expect(try first.post("/admin/members/\(secondID)/first-passkey", []).status == 404, "once")
        let mail = try #require(app.mails().last { $0.contains("/account/passkeys/first?token=") })
        #expect(mail.contains("To: second.admin@example.com"))
        let token = String(try #require(mail.firstMatch(of: /account\/passkeys\/first\?token=([0-9a-f]{64})/)).1)
        // In anyone else's session the link is nothing.
        let member = app.browser()
        try member.signUp("someone@example.com")
        #expect(try member.get("/account/passkeys/first?token=\(token)").status == 404)
        #expect(try member.post("/account/passkeys/first", [("token", token)]).status == 404)

        // Used in theirs, the session may add one passkey; it is still not a staff session until the passkey is used.
        #expect(try second.get("/account/passkeys/first?token=\(token)").status == 200)
        #expect(try second.post("/account/passkeys/first", [("token", token)]).header("Location") == "/account/security?notice=first-passkey-ready")
        let secondKey = SoftwareAuthenticator()
        #expect(try second.addPasskey(secondKey).status == 303)
        #expect(try second.get("/admin/members").status == 303, "adding a passkey never upgrades the session")
        #expect(try confirm(second, secondKey, next: "/admin/members").header("Location") == "/admin/members")
        #expect(try second.get("/admin/members").status == 200)
        let audit = try first.get("/admin/audit").text
        #expect(audit.contains("Asked to add a first passkey") && audit.contains("Approved a first passkey"))
    }
}
