import Cryptography
import Domain
import Foundation
import OpenIDConnect
@testable import Storage
import Testing
@testable import Web

/// Issue 37, passkeys and the app lock, over real sockets with a software authenticator (`SoftwareAuthenticator`):
/// adding, listing and removing a passkey; signing in with one; every refusal (replay, another organisation's, another
/// site's, a counter that went back, a forged signature, hostile JSON); the app lock; staff asked for a passkey.
@Suite("Passkeys and the app lock")
struct PasskeyTests {
    /// The options' `publicKey` object, and its challenge.
    func options(_ answer: RawClient.Answer) throws -> (json: [String: Any], challenge: String) {
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(answer.header("Cache-Control") == "no-store")
        return try #require(Browser.passkeyOptions(answer))
    }

    /// Signs up `email` and adds a passkey named `name` through the security page, as the page's script does.
    func memberWithPasskey(_ app: RunningApp, _ email: String, host: String = "localhost",
                           authenticator: SoftwareAuthenticator = SoftwareAuthenticator()) throws -> (Browser, SoftwareAuthenticator) {
        let browser = app.browser(host: host)
        try browser.signUp(email)
        let page = try browser.get("/account/security").text
        #expect(page.contains(">Add a passkey</button>"))
        #expect(page.contains("data-options=\"/account/passkeys/options\""))
        let (json, challenge) = try options(try browser.post("/account/passkeys/options", []))
        let user = try #require(json["user"] as? [String: Any])
        let handle = try #require(user["id"] as? String)
        authenticator.userHandle = Array(try #require(Base64URL.decode(handle)))
        #expect((json["rp"] as? [String: Any])?["id"] as? String == authenticator.rpID)
        #expect((json["authenticatorSelection"] as? [String: Any])?["userVerification"] as? String == "required")
        let added = try browser.post("/account/passkeys", [("name", "My phone"), ("credential", authenticator.register(challenge: challenge))])
        #expect(added.status == 303 && added.header("Location") == "/account/security?notice=passkey-added")
        return (browser, authenticator)
    }

    func signIn(_ browser: Browser, _ authenticator: SoftwareAuthenticator, origin: String? = nil, rpID: String? = nil) throws -> RawClient.Answer {
        let (_, challenge) = try options(try browser.post("/login/passkey/options", []))
        return try browser.post("/login/passkey", [("next", "/calendar"),
                                                   ("credential", authenticator.assert(challenge: challenge, origin: origin, rpID: rpID))])
    }

    @Test func aPasskeyIsAddedListedUsedToSignInAndRemoved() throws {
        let app = try RunningApp()
        let (member, authenticator) = try memberWithPasskey(app, "keys@example.com")
        let security = try member.get("/account/security").text
        #expect(security.contains("My phone") && security.contains("not used yet"))
        // The options also answer a script posting JSON with the token in X-CSRF-Token; without the token, nothing.
        let token = try #require(member.lastCSRF)
        let json = try member.exchange("POST", "/account/passkeys/options", headers: ["Content-Type: application/json", "X-CSRF-Token: \(token)"],
                                       body: "{}")
        let (jsonOptions, _) = try options(json)
        #expect((jsonOptions["excludeCredentials"] as? [Any])?.count == 1)
        #expect(try member.exchange("POST", "/account/passkeys/options", headers: ["Content-Type: application/json"], body: "{}").status == 403)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM passkeys") } == 1)

        let visitor = app.browser()
        let login = try visitor.get("/login").text
        #expect(login.contains(">Sign in with a passkey</button>") && login.contains("autocomplete=\"email webauthn\""))
        let signedIn = try signIn(visitor, authenticator)
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/calendar")
        #expect(try visitor.get("/calendar").status == 200)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM sessions WHERE proof = 'passkey'") } == 1)
        #expect(try visitor.get("/account/security").text.contains("last used"))
        let export = try visitor.get("/account/export.json").text
        #expect(export.contains("\"name\" : \"My phone\"") && export.contains("\"algorithm\" : \"ES256\""))

        // Removed, it signs nobody in.
        let id = try #require(try app.environment.database.read { try $0.string(sql: "SELECT id FROM passkeys") })
        #expect(try member.post("/account/passkeys/\(id)/remove", []).header("Location") == "/account/security?notice=passkey-removed")
        let refused = try signIn(app.browser(), authenticator)
        #expect(refused.status == 422 && refused.text.contains("We couldn’t recognise that passkey"))
    }

    @Test func replaysOtherSitesCopiesAndForgeriesAreRefused() throws {
        let app = try RunningApp()
        let (_, authenticator) = try memberWithPasskey(app, "careful@example.com")
        // The same signed answer twice: the second finds its challenge spent.
        let visitor = app.browser()
        let (_, challenge) = try options(try visitor.post("/login/passkey/options", []))
        let answer = authenticator.assert(challenge: challenge)
        #expect(try visitor.post("/login/passkey", [("credential", answer)]).status == 303)
        let replay = app.browser()
        // (This key counts its uses, so the stale count is what gives it away; a synced passkey that counts nothing is
        // caught by the challenge, below.)
        let replayed = try replay.post("/login/passkey", [("credential", answer)])
        #expect(replayed.status == 422 && replayed.text.contains("may have been copied"))
        #expect(replay.cookies.keys.allSatisfy { !$0.hasSuffix("resett_session") })
        // Another origin, another RP ID.
        #expect(try signIn(app.browser(), authenticator, origin: "https://evil.example").text.contains("made for a different website"))
        #expect(try signIn(app.browser(), authenticator, rpID: "evil.example").text.contains("made for a different website"))
        // A counter that goes back looks like a copied key.
        authenticator.counter = 0
        let copied = try signIn(app.browser(), authenticator)
        #expect(copied.status == 422 && copied.text.contains("may have been copied"))
        // Not verified (touched, not unlocked).
        authenticator.counter = 100
        authenticator.flags = 0x19
        #expect(try signIn(app.browser(), authenticator).text.contains("didn’t confirm it was you"))
        authenticator.flags = 0x1d
        // Another key claiming this credential's id: its signature does not check out.
        let impostor = SoftwareAuthenticator()
        let forged = app.browser()
        let (_, forgedChallenge) = try options(try forged.post("/login/passkey/options", []))
        let forgedAnswer = impostor.assert(challenge: forgedChallenge)
            .replacingOccurrences(of: Base64URL.encode(impostor.credentialID), with: Base64URL.encode(authenticator.credentialID))
        #expect(try forged.post("/login/passkey", [("credential", forgedAnswer)]).status == 422)
        // Hostile bodies: not JSON, JSON of the wrong shape, huge, bytes that are not base64url; and no script at all.
        for credential in ["", "{", "[]", #"{"id":"AA","type":"public-key","response":{"clientDataJSON":"!!"}}"#,
                           String(repeating: "A", count: 200_000), #"{"id":"\#(String(repeating: "A", count: 5000))","type":"public-key","response":{"clientDataJSON":"AA"}}"#] {
            let hostile = try app.browser().post("/login/passkey", [("credential", credential)])
            #expect(hostile.status == 422 || hostile.status == 413, "\(credential.prefix(40))")
        }
        #expect(try app.browser().post("/login/passkey", []).text.contains("Passkeys need JavaScript"))
        // Still signs in properly after all that.
        #expect(try signIn(app.browser(), authenticator).status == 303)
        // A passkey that keeps no counter (synced ones send 0 every time): its replay is caught by the spent challenge.
        let synced = SoftwareAuthenticator()
        _ = try memberWithPasskey(app, "synced@example.com", authenticator: synced)
        let (_, syncedChallenge) = try options(try app.browser().post("/login/passkey/options", []))
        let syncedAnswer = synced.assert(challenge: syncedChallenge, countUp: false)
        #expect(try app.browser().post("/login/passkey", [("credential", syncedAnswer)]).status == 303)
        let syncedReplay = try app.browser().post("/login/passkey", [("credential", syncedAnswer)])
        #expect(syncedReplay.status == 409 && syncedReplay.text.contains("already used"))
    }

    @Test func anotherOrganisationsPasskeyIsNoneHere() throws {
        let app = try RunningApp()
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let acmeKey = SoftwareAuthenticator(rpID: "acme.localhost", origin: "http://acme.localhost")
        let (_, authenticator) = try memberWithPasskey(app, "both@example.com", host: "acme.localhost", authenticator: acmeKey)
        #expect(try signIn(app.browser(host: "acme.localhost"), authenticator).status == 303)
        // Presented to the default organisation (as if its RP ID and origin were right): no such passkey there.
        let elsewhere = try signIn(app.browser(), authenticator, origin: "http://localhost", rpID: "localhost")
        #expect(elsewhere.status == 422 && elsewhere.text.contains("We couldn’t recognise that passkey"))
        // A registration challenge is one person's: another account cannot spend it.
        let first = app.browser()
        try first.signUp("first@example.com")
        let (_, challenge) = try options(try first.post("/account/passkeys/options", []))
        let second = app.browser()
        try second.signUp("second@example.com")
        let stolen = try second.post("/account/passkeys", [("credential", SoftwareAuthenticator().register(challenge: challenge))])
        #expect(stolen.status == 409)
    }

    @Test func theAppLockClosesPrivatePagesAndOpensWithAPasskeyOrPassword() throws {
        let app = try RunningApp()
        let (member, authenticator) = try memberWithPasskey(app, "locked@example.com")
        #expect(try member.post("/account/lock", [("minutes", "7")]).status == 422)
        #expect(try member.post("/account/lock", [("minutes", "five")]).status == 422)
        #expect(try member.post("/account/lock", [("minutes", "5")]).header("Location") == "/account/security?notice=lock-saved")
        #expect(try member.get("/calendar").status == 200)
        app.clock.advance(6 * 60)
        let locked = try member.get("/calendar")
        #expect(locked.status == 303 && locked.header("Location") == "/unlock?next=/calendar")
        #expect(try member.exchange("HEAD", "/calendar", headers: [], body: nil).status == 303, "HEAD reads too")
        for path in ["/glimmers", "/worries", "/setbacks", "/check-in", "/reflection", "/account/report", "/account/export.json"] {
            #expect(try member.get(path).header("Location")?.hasPrefix("/unlock?next=") == true, "\(path)")
        }
        // The community, the resets, help and the account stay open, and using them does not open the lock; the ways
        // into the account (passkeys, the lock, sessions) do not (issue 65).
        for path in ["/", "/community", "/help/now", "/practices", "/account"] {
            #expect(try member.get(path).status == 200, "\(path)")
        }
        #expect(try member.get("/account/security").header("Location") == "/unlock?next=/account/security")
        #expect(try member.get("/calendar").status == 303)
        let unlock = try member.get("/unlock?next=/calendar").text
        #expect(unlock.contains(">Unlock with a passkey</button>") && unlock.contains("Your password"))
        // A wrong password is refused, and the lock stays.
        #expect(try member.post("/unlock", [("password", "not it"), ("next", "/calendar")]).status == 422)
        #expect(try member.get("/calendar").status == 303)
        // The passkey opens it, and goes back where the person was.
        let (_, challenge) = try options(try member.post("/unlock/passkey/options", []))
        let opened = try member.post("/unlock/passkey", [("next", "/calendar"), ("credential", authenticator.assert(challenge: challenge))])
        #expect(opened.status == 303 && opened.header("Location") == "/calendar")
        #expect(try member.get("/calendar").status == 200)
        // And the password does too, next time.
        app.clock.advance(10 * 60)
        #expect(try member.get("/glimmers").status == 303)
        #expect(try member.post("/unlock", [("password", "a calm and steady passphrase"), ("next", "/glimmers")]).header("Location") == "/glimmers")
        #expect(try member.get("/glimmers").status == 200)
        // A form saved while locked is kept (written before the lock closed); what it leads to asks to unlock.
        app.clock.advance(10 * 60)
        #expect(try member.post("/glimmers", [("text", "Tea in the sun")]).status == 303)
        #expect(try member.get("/glimmers").status == 303)
        // Someone else's passkey cannot open this lock.
        let (_, other) = try memberWithPasskey(app, "someone.else@example.com")
        let (_, lockChallenge) = try options(try member.post("/unlock/passkey/options", []))
        #expect(try member.post("/unlock/passkey", [("next", "/glimmers"), ("credential", other.assert(challenge: lockChallenge))]).status == 422)
    }

    @Test func anOrganisationMayAskItsStaffForAPasskey() throws {
        let app = try RunningApp()
        let admin = try staff(app, "strong.admin@example.com", .admin)
        let authenticator = SoftwareAuthenticator()
        #expect(try admin.addPasskey(authenticator).status == 303)
        let settings = try admin.get("/admin/settings").text
        #expect(settings.contains("Admins and moderators must use a passkey or single sign-on"))
        // Turning it on from a session proven by password alone is refused (it would lock the admin out).
        let form: [(String, String)] = [("name", "Resett"), ("accent", "#0F7A5C"), ("freeResets", "3"), ("price", "1.99"), ("threshold", "3"),
                                        ("crisis", "Call 999."), ("unlimited", ""), ("community", "on"), ("exitButton", "on"),
                                        ("exitURL", ""), ("staffStrongSignIn", "on")]
        let refused = try admin.post("/admin/settings", form)
        #expect(refused.status == 422 && refused.text.contains("sign in with it first"))
        // Confirmed with the passkey, it may.
        let (_, confirm) = try options(try admin.post("/unlock/passkey/options", []))
        #expect(try admin.post("/unlock/passkey", [("next", "/admin"), ("credential", authenticator.assert(challenge: confirm))]).status == 303)
        #expect(try admin.post("/admin/settings", form).status == 303)
        #expect(try admin.get("/admin/settings").status == 200)
        // A moderator signed in by password is sent to confirm with a passkey; members are not affected.
        let moderator = try staff(app, "password.moderator@example.com", .moderator)
        let sent = try moderator.get("/admin/moderation")
        #expect(sent.status == 303 && sent.header("Location") == "/unlock?next=/admin/moderation&for=staff")
        let page = try moderator.get("/unlock?next=/admin/moderation&for=staff").text
        #expect(page.contains("Confirm it’s you") && page.contains("Ask an admin to approve my passkey") && !page.contains("Your password"))
        #expect(try moderator.post("/admin/moderation/posts/\(String(repeating: "a", count: 32))/approve", [("note", "")]).header("Location")?
            .hasPrefix("/unlock?next=/admin&for=staff") == true)
        #expect(try moderator.get("/calendar").status == 200)
    }

    /// What an attacker might send to this issue's routes: path values that climb or are not ids, huge, negative and
    /// non-numeric numbers, a forged Host, and a double click on every POST that keeps something.
    @Test func hostileInputToThePasskeyLockAndReminderRoutesIsRefusedCalmly() throws {
        let app = try RunningApp()
        let (member, _) = try memberWithPasskey(app, "hostile.keys@example.com")
        for id in ["..%2F..%2Faccount", "ZZZ", String(repeating: "a", count: 33), String(repeating: "a", count: 32)] {
            #expect(try member.post("/account/passkeys/\(id)/remove", []).status == 404, "\(id)")
        }
        #expect(try member.post("/account/passkeys/%00/remove", []).status == 400)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM passkeys") } == 1)
        for minutes in ["-5", "99999999999999999999999", "", "5.0", "0x5"] {
            #expect(try member.post("/account/lock", [("minutes", minutes)]).status == 422, "\(minutes)")
        }
        for (time, quiet) in [("99999:00", "22:00"), ("-1:00", "22:00"), ("09:00", "9999999999999999999:00"), ("09:00", "")] {
            let answer = try member.post("/account/reminders", [("checkIn", "on"), ("checkInTime", time), ("quietStart", quiet), ("quietEnd", "08:00")])
            #expect(answer.status == 422 && answer.text.contains("value=\"\(time)\""), "\(time) \(quiet)")
        }
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM reminders") } == 0, "nothing half-saved")
        for query in ["account=..%2F&r=1&v=1&sig=\(String(repeating: "0", count: 64))", "account=\(String(repeating: "a", count: 32))&r=9&v=1&sig=00",
                      "account=\(String(repeating: "a", count: 32))&r=1&v=-1&sig=\(String(repeating: "0", count: 64))",
                      "account=\(String(repeating: "a", count: 32))&r=1&v=99999999999999999999999&sig=\(String(repeating: "0", count: 64))", ""] {
            #expect(try app.browser().get("/reminders/off?" + query).status == 404, "\(query)")
            #expect(try app.browser().exchange("POST", "/reminders/off?" + query, headers: ["Content-Type: application/x-www-form-urlencoded"],
                                               body: "List-Unsubscribe=One-Click").status == 404, "\(query)")
        }
        // A Host that is no organisation of ours gets nothing, not even a challenge.
        let stranger = app.browser(host: "evil.example")
        #expect(try stranger.exchange("POST", "/login/passkey/options", headers: ["Content-Type: application/x-www-form-urlencoded"], body: "").status == 404)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM passkey_challenges WHERE purpose = 'sign-in'") } == 0)
        // A double click on "Add a passkey" sends the same credential twice: the second finds its challenge spent.
        let twice = SoftwareAuthenticator()
        let (_, challenge) = try options(try member.post("/account/passkeys/options", []))
        let credential = twice.register(challenge: challenge)
        #expect(try member.post("/account/passkeys", [("credential", credential)]).status == 303)
        #expect(try member.post("/account/passkeys", [("credential", credential)]).status == 409)
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM passkeys") } == 2)
        // Saving reminders twice is the same as once.
        for _ in 0..<2 {
            #expect(try member.post("/account/reminders", [("checkIn", "on"), ("checkInTime", "09:00"), ("quietStart", "22:00"), ("quietEnd", "08:00")]).status == 303)
        }
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM reminders WHERE enabled = 1") } == 1)
    }
}
