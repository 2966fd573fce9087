import Domain
import Foundation
@testable import Storage
import Testing
@testable import Web

/// Issue 17: an organisation writes resets of its own, previews them in the player, publishes, unpublishes and
/// reorders them, over real sockets; another organisation cannot see or touch them.
@Suite("An organisation's own resets")
struct OrganisationResetsTests {
    /// The form for a reset named `name`, with two steps unless `steps` says otherwise.
    static func fields(name: String, emotion: String = "stressed", duration: String = "90",
                       steps: [(String, String)] = [("Drop your shoulders", "Let them fall.\nBreathe out slowly."),
                                                    ("Look up", "Find something green.\nRest your eyes on it.")]) -> [(String, String)] {
        var fields = [("emotion", emotion), ("name", name), ("description", "A short pause between meetings."),
                      ("science", "Slow breathing out calms the body’s stress response."), ("duration", duration),
                      ("safety", "")]
        for (index, step) in steps.enumerated() {
            fields += [("step_\(index + 1)_title", step.0), ("step_\(index + 1)_lines", step.1)]
        }
        return fields
    }

    /// Writes a reset through the editor; returns its id.
    static func write(_ admin: Browser, _ fields: [(String, String)]) throws -> String {
        _ = try admin.get("/admin/own-resets/new")
        let saved = try admin.post("/admin/own-resets", fields)
        #expect(saved.status == 303, "\(saved.text.prefix(2000))")
        let location = try #require(saved.header("Location"))
        return String(try #require(location.firstMatch(of: /^\/admin\/own-resets\/([0-9a-f]{32})\?notice=reset-written$/)).1)
    }

    @Test func anAdminWritesPreviewsAndPublishesAResetThatMembersThenPlay() throws {
        let app = try RunningApp()
        let admin = try staff(app, "own.admin@example.com", .admin)
        let member = app.browser()
        try member.signUp("own.member@example.com")
        #expect(try member.get("/admin/own-resets/new").status == 404)
        #expect(try app.browser().get("/admin/own-resets/new").status == 404)
        #expect(try admin.get("/admin/own-resets/new").status == 200)

        let id = try Self.write(admin, Self.fields(name: "Desk & <Pause>"))
        let editor = try admin.get("/admin/own-resets/\(id)")
        #expect(editor.status == 200 && editor.text.contains("Draft: only admins can see it."))
        #expect(editor.text.contains("value=\"Desk &amp; &lt;Pause&gt;\"") && !editor.text.contains("<Pause>"))
        #expect(try admin.get("/admin/resets").text.contains("<strong>Desk &amp; &lt;Pause&gt;</strong>"))
        #expect(try admin.get("/admin/audit").text.contains("Wrote a reset"))

        // A draft: members do not see it, cannot open or start it.
        #expect(!(try member.get("/emotions/stressed").text.contains("Desk &amp;")))
        #expect(try member.get("/resets/\(id)").status == 404)
        #expect(try member.post("/resets/\(id)/start", []).status == 404)
        #expect(try member.get("/admin/own-resets/\(id)/preview/1").status == 404)

        // The preview is the player itself; it records nothing.
        let preview = try admin.get("/admin/own-resets/\(id)/preview/1")
        #expect(preview.status == 200 && preview.text.contains("class=\"player-body emotion-stressed\""))
        #expect(preview.text.contains("Drop your shoulders") && preview.text.contains("<p class=\"step-line\">Breathe out slowly.</p>"))
        #expect(preview.text.contains("members can’t see this reset until you publish it"))
        #expect(preview.text.contains("href=\"/admin/own-resets/\(id)/preview/2\""))
        #expect(try admin.get("/admin/own-resets/\(id)/preview/2").text.contains(">Finish<"))
        for step in ["0", "3", "-1", "99999999999999999999", "x"] {
            #expect(try admin.get("/admin/own-resets/\(id)/preview/\(step)").status == 404)
        }
        #expect(try admin.post("/admin/own-resets/\(id)/preview-done", []).header("Location") == "/admin/own-resets/\(id)")
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM runs") } == 0)

        // Published: listed first under its feeling, named as the organisation's, and played like any other.
        #expect(try admin.post("/admin/own-resets/\(id)/publish", [], csrf: "forged").status == 403)
        #expect(try admin.post("/admin/own-resets/\(id)/publish", []).status == 303)
        #expect(try admin.get("/admin/own-resets/\(id)").text.contains("Published: your members can see it."))
        let list = try member.get("/emotions/stressed").text
        let first = try #require(list.range(of: "class=\"card reset-card\""))
        #expect(list[first.upperBound...].prefix(400).contains("Desk &amp; &lt;Pause&gt;"))
        #expect(list.components(separatedBy: "<p class=\"own-reset-tag\">From ").count == 2, "one reset is marked as the organisation’s")
        let intro = try member.get("/resets/\(id)")
        #expect(intro.status == 200 && intro.text.contains("About 90 seconds"))
        let started = try member.post("/resets/\(id)/start", [])
        let runLocation = try #require(started.header("Location"))
        let run = String(try #require(runLocation.firstMatch(of: /^\/runs\/([0-9a-f]{32})\/steps\/1$/)).1)
        #expect(try member.get("/runs/\(run)/steps/2").text.contains("Look up"))
        #expect(try member.get("/runs/\(run)/steps/3").status == 404)
        #expect(try member.post("/runs/\(run)/finish", [("outcome", "completed")]).status == 303)
        #expect(try member.post("/runs/\(run)/mood", [("mood", "7")]).status == 303)
        #expect(try member.get("/runs/\(run)/result").text.contains("You did all 2 steps of Desk &amp; &lt;Pause&gt;"))
        #expect(try member.get("/account/export.csv").text.contains("Desk & <Pause>"))

        // Changed: members see the new text at once; history follows the name.
        var renamed = Self.fields(name: "Desk Pause")
        renamed[2] = ("description", "Two minutes back to yourself.")
        #expect(try admin.post("/admin/own-resets/\(id)", renamed).header("Location") == "/admin/own-resets/\(id)?notice=reset-saved")
        #expect(try member.get("/emotions/stressed").text.contains("Two minutes back to yourself."))
        let calendar = try member.get("/calendar").text
        let day = try #require(calendar.firstMatch(of: /href="(\/calendar\/\d{4}-\d{2}-\d{2})"/)).1
        #expect(try member.get(String(day)).text.contains("Do Desk Pause again"))

        // Unpublished: gone from the list and cannot be started; history keeps it; once published it cannot be deleted.
        #expect(try admin.post("/admin/own-resets/\(id)/unpublish", []).status == 303)
        #expect(!(try member.get("/emotions/stressed").text.contains("Desk Pause")))
        #expect(try member.get("/resets/\(id)").status == 404)
        #expect(try member.post("/resets/\(id)/start", []).status == 404)
        let history = try member.get(String(day)).text
        #expect(history.contains("Desk Pause") && !history.contains("Do Desk Pause again"))
        #expect(try member.get("/runs/\(run)/result").status == 200, "a finished run of it still shows")
        #expect(try admin.post("/admin/own-resets/\(id)/delete", []).status == 409)
        #expect(try admin.get("/admin/own-resets/\(id)").text.contains("Unpublished: members no longer see it."))
        let audit = try admin.get("/admin/audit").text
        #expect(audit.contains("Published a reset") && audit.contains("Changed a reset") && audit.contains("Unpublished a reset"))
        #expect(try admin.post("/admin/own-resets/\(id)/launch", []).status == 404)
    }

    @Test func theEditorChecksEveryFieldAndGivesBackWhatWasTyped() throws {
        let app = try RunningApp()
        let admin = try staff(app, "checks.admin@example.com", .admin)
        _ = try admin.get("/admin/own-resets/new")
        let long = String(repeating: "a", count: 41)
        var fields = Self.fields(name: long, emotion: "angry", duration: "59",
                                 steps: [("Only a title", ""), ("", "Lines without a title"),
                                         ("Seven lines", (1...7).map { "Line \($0)" }.joined(separator: "\n"))])
        fields[2] = ("description", "")
        let refused = try admin.post("/admin/own-resets", fields)
        #expect(refused.status == 422)
        let page = refused.text
        for message in ["Choose the feeling this reset is for.", "Please keep a name to 40 characters or fewer (it has 41).",
                        "Please write a description.", "Give the time it takes in seconds, from 60 to 150.",
                        "Please write what to do in step 1.", "Please write a title for step 2.",
                        "Please keep step 3 to 6 lines or fewer."] {
            #expect(page.contains(message), "\(message)")
        }
        #expect(page.contains("href=\"#step-1-lines\"") && page.contains("id=\"step-1-lines\""))
        #expect(page.contains("value=\"\(long)\"") && page.contains("Lines without a title</textarea>"), "what was typed is kept")
        #expect(page.contains("<title>Error: Write a reset – Resett</title>"))

        for duration in ["151", "abc", "99999999999999999999999", "-90", "9 0"] {
            let answer = try admin.post("/admin/own-resets", Self.fields(name: "Timing", duration: duration))
            #expect(answer.status == 422 && answer.text.contains("from 60 to 150"), "\(duration)")
        }
        let control = try admin.post("/admin/own-resets", Self.fields(name: "Bell\u{7}", steps: [("Ring", "A\u{1b}[31m line")]))
        #expect(control.status == 422 && control.text.contains("without special characters")
                && control.text.contains("Step 1 has special characters"))
        #expect(try admin.post("/admin/own-resets", Self.fields(name: "No steps", steps: [])).text.contains("Please write at least one step."))
        // Thirty accented letters typed with combining marks are sixty characters to the database: refused here, kindly.
        let combining = String(repeating: "e\u{301}", count: 30)
        let accents = try admin.post("/admin/own-resets", Self.fields(name: combining))
        #expect(accents.status == 422 && accents.text.contains("Please keep a name to 40 characters or fewer (it has 60)."))

        // "Add another step" keeps everything and adds a box; nothing is saved.
        let more = try admin.post("/admin/own-resets", Self.fields(name: "Growing") + [("intent", "add-step")])
        #expect(more.status == 200 && more.text.contains("name=\"step_3_title\"") && more.text.contains("value=\"Growing\""))
        // Only twelve steps are read, whatever is sent.
        let many = (1...14).map { ("Step \($0)", "Line \($0)") }
        let twelve = try Self.write(admin, Self.fields(name: "Twelve", steps: many))
        #expect(try admin.get("/admin/own-resets/\(twelve)/preview/12").status == 200)
        #expect(try admin.get("/admin/own-resets/\(twelve)/preview/13").status == 404)

        // Names are unique within the organisation (any case); nothing was saved by the refusals.
        let duplicate = try admin.post("/admin/own-resets", Self.fields(name: "TWELVE"))
        #expect(duplicate.status == 422 && duplicate.text.contains("You already have a reset called “TWELVE”."))
        #expect(try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM organisation_resets") } == 1)
        // A saved reset's edit that breaks a rule keeps the saved one as it was.
        let broken = try admin.post("/admin/own-resets/\(twelve)", Self.fields(name: ""))
        #expect(broken.status == 422 && broken.text.contains("Please write a name."))
        #expect(try admin.get("/admin/own-resets/\(twelve)").text.contains("value=\"Twelve\""))
    }

    @Test func anotherOrganisationCannotSeeOrChangeThem() throws {
        let app = try RunningApp()
        let admin = try staff(app, "iso.admin@example.com", .admin)
        let id = try Self.write(admin, Self.fields(name: "Ours Alone"))
        #expect(try admin.post("/admin/own-resets/\(id)/publish", []).status == 303)

        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        let other = try staff(app, "acme.admin@example.com", .admin, tenant: "acme", host: "acme.localhost")
        let otherMember = app.browser(host: "acme.localhost")
        try otherMember.signUp("acme.member@example.com")
        #expect(try other.get("/admin/own-resets/\(id)").status == 404)
        #expect(try other.get("/admin/own-resets/\(id)/preview/1").status == 404)
        for action in ["publish", "unpublish", "up", "down", "delete", "preview-done"] {
            #expect(try other.post("/admin/own-resets/\(id)/\(action)", []).status == 404, "\(action)")
        }
        #expect(try other.post("/admin/own-resets/\(id)", Self.fields(name: "Taken over")).status == 404)
        #expect(!(try other.get("/admin/resets").text.contains("Ours Alone")))
        #expect(!(try otherMember.get("/emotions/stressed").text.contains("Ours Alone")))
        #expect(try otherMember.get("/resets/\(id)").status == 404)
        #expect(try otherMember.post("/resets/\(id)/start", []).status == 404)
        // Its own reset with the same name is fine: names are unique per organisation.
        _ = try Self.write(other, Self.fields(name: "Ours Alone"))
        #expect(try admin.get("/admin/own-resets/\(id)").text.contains("Published: your members can see it."))
        // Ids that are not ids, and a moderator of the right tenant, find nothing either.
        #expect(try admin.get("/admin/own-resets/\(id.uppercased())").status == 404)
        #expect(try admin.get("/admin/own-resets/..%2F..%2Fadmin").status == 404)
        let moderator = try staff(app, "iso.moderator@example.com", .moderator)
        #expect(try moderator.get("/admin/own-resets/\(id)").status == 404)
        #expect(try moderator.post("/admin/own-resets/\(id)/unpublish", []).status == 404)
    }

    @Test func resetsAreReorderedAndDraftsDeletedUpToTheLimit() throws {
        let app = try RunningApp()
        let admin = try staff(app, "order.admin@example.com", .admin)
        let member = app.browser()
        try member.signUp("order.member@example.com")
        let first = try Self.write(admin, Self.fields(name: "First Light"))
        let second = try Self.write(admin, Self.fields(name: "Second Wind"))
        for id in [first, second] { #expect(try admin.post("/admin/own-resets/\(id)/publish", []).status == 303) }
        func order() throws -> Bool {
            let text = try member.get("/emotions/stressed").text
            let firstAt = try #require(text.range(of: "First Light"))
            let secondAt = try #require(text.range(of: "Second Wind"))
            return firstAt.lowerBound < secondAt.lowerBound
        }
        #expect(try order())
        #expect(try admin.post("/admin/own-resets/\(second)/up", []).status == 303)
        #expect(!(try order()))
        #expect(try admin.post("/admin/own-resets/\(second)/up", []).status == 303, "already first: nothing moves")
        #expect(!(try order()))
        #expect(try admin.post("/admin/own-resets/\(second)/down", []).status == 303)
        #expect(try order())
        #expect(try admin.get("/admin/audit").text.contains("Moved a reset up"))

        // A draft can be deleted; the organisation keeps at most its limit of resets.
        for number in 3...OrganisationReset.limit { _ = try Self.write(admin, Self.fields(name: "Reset \(number)")) }
        let full = try admin.post("/admin/own-resets", Self.fields(name: "One Too Many"))
        #expect(full.status == 422 && full.text.contains("You have \(OrganisationReset.limit) resets of your own"))
        #expect(!(try admin.get("/admin/resets").text.contains("Write a reset</a>")))
        let draft = try #require(try app.environment.database.read {
            try $0.string(sql: "SELECT id FROM organisation_resets WHERE name = 'Reset 3'")
        })
        #expect(try admin.post("/admin/own-resets/\(draft)/delete", []).header("Location") == "/admin/resets?notice=reset-deleted")
        #expect(try admin.get("/admin/own-resets/\(draft)").status == 404)
        _ = try Self.write(admin, Self.fields(name: "One More"))
    }
}
