import Foundation
@testable import Storage
import Synchronization
import Testing

/// One `resett serve` process: a node among several on one PostgreSQL.
final class AppNode {
    let process = Process()
    let port: Int

    /// `name` becomes the node's PostgreSQL application_name, so a test can see which node holds what.
    init(database: String, folder: String, name: String) throws {
        let url = database + "&application_name=" + name
        process.executableURL = URL(fileURLWithPath: CommandLineTests.executable)
        process.arguments = ["serve", "--port", "0", "--db", url, "--root", projectRoot, "--clock-interval", "0.5",
                             "--argon2-memory-kib", "19456", "--argon2-iterations", "2"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("Resett is ready") {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let port = text.firstMatch(of: /url=http:\/\/localhost:(\d+)\//).flatMap({ Int($0.1) }) else {
            process.terminate()
            throw RawClient.Failure.closedEarly(text)
        }
        self.port = port
        // Keep reading its log so a full pipe never blocks the node.
        Thread.detachNewThread { while !errors.fileHandleForReading.availableData.isEmpty {} }
    }

    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { kill9() }
    }
}

/// Issue 12: app nodes share nothing but the database. Two real `resett serve` processes on one PostgreSQL.
@Suite("Several app nodes on one PostgreSQL", .enabled(if: testPostgresURL != nil, "needs RESETT_TEST_POSTGRES"), .serialized)
struct MultiNodeTests {
    let database = temporaryDatabasePath()
    let folder = temporaryFolder()

    func createMember(_ email: String, role: String = "member") throws {
        let created = try CommandLineTests().run(["user", "create", "--db", database, "--tenant", "default", "--email", email,
                                                  "--password-stdin", "--role", role], input: "a calm and steady passphrase\n")
        #expect(created.status == 0, "\(created.output)")
    }

    @Test func limitsSessionsAndLockoutsHoldAcrossNodes() throws {
        let storage = try AppDatabase.open(DatabaseLocation(database), migrationsDirectory: projectRoot + "/Migrations")
        let first = try AppNode(database: database, folder: folder, name: "node-a")
        let second = try AppNode(database: database, folder: folder, name: "node-b")
        try createMember("multi@example.com")

        // A session made on one node works on the other.
        let onFirst = Browser(port: first.port)
        #expect(try onFirst.logIn("multi@example.com").status == 303)
        let onSecond = Browser(port: second.port)
        onSecond.cookies = onFirst.cookies
        #expect(try onSecond.get("/account").status == 200)

        // Fifty starts of one reset at once, split across both nodes: one run, which every start resumes.
        _ = try onFirst.get("/resets/tired-blink-track")
        let start = onFirst.formPostText("/resets/tired-blink-track/start", [])
        let answers = try RawClient.simultaneously((0..<50).map { (start, $0 % 2 == 0 ? first.port : second.port) })
        let tenant = try #require(try storage.tenant(slug: "default"))
        #expect(try storage.read { try $0.int(sql: "SELECT count(*) FROM runs WHERE tenant_id = ?", arguments: [tenant.id]) } == 1)
        #expect(Set(answers.compactMap { $0?.header("Location") }).count == 1)
        #expect(answers.allSatisfy { $0 != nil })
        // Every reset started, then all taken past their first step at once across both nodes, for a member with
        // three free resets: exactly three go on, the rest are sent to the paywall.
        var steps: [(String, Int)] = []
        for (index, reset) in ["stressed-tense-release", "stressed-grounding-walk", "stressed-safety-scan", "anxiety-calm-corridor",
                               "restless-pulse-reset", "tired-posture-ladder", "scattered-grid-focus", "tired-blink-track"].enumerated() {
            _ = try onFirst.get("/resets/\(reset)")
            let location = try #require(try onFirst.post("/resets/\(reset)/start", []).header("Location"))
            let run = try #require(location.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1)
            steps.append((onFirst.requestText("GET", "/runs/\(run)/steps/2", headers: [], body: nil), index % 2 == 0 ? first.port : second.port))
        }
        let moved = try RawClient.simultaneously(steps)
        #expect(moved.filter { $0?.status == 200 }.count == 3)
        #expect(moved.filter { $0?.header("Location") == "/paywall" }.count == steps.count - 3)

        // Logging out on one node ends the session on both.
        #expect(try onFirst.post("/logout", []).status == 303)
        #expect(try onSecond.get("/account").status == 303)

        // Ten wrong passwords on one node: the other asks for the emailed link even with the right password.
        try createMember("locked@example.com")
        for _ in 0..<10 { _ = try Browser(port: first.port).logIn("locked@example.com", "not the passphrase at all") }
        let after = try Browser(port: second.port).logIn("locked@example.com")
        // The step-up page itself: a plain refusal (422, "don't match") would not do.
        #expect(after.status == 200, "signed in despite the lockout, or refused as a wrong password")
        #expect(after.text.contains("Check your email to finish logging in"))
    }

    /// A node keeps the year calendars it drew (CalendarGrid), under the account's history version: a reset
    /// started and rated through the other node shows on it at once.
    @Test func aYearCalendarKeptOnOneNodeShowsAResetMadeOnTheOther() throws {
        let first = try AppNode(database: database, folder: folder, name: "node-a")
        let second = try AppNode(database: database, folder: folder, name: "node-b")
        try createMember("calendar.nodes@example.com")
        let onFirst = Browser(port: first.port)
        #expect(try onFirst.logIn("calendar.nodes@example.com").status == 303)
        let onSecond = Browser(port: second.port)
        onSecond.cookies = onFirst.cookies
        #expect(try onFirst.get("/calendar/year").text.contains("0 resets this year."))
        #expect(try onFirst.get("/calendar/year").text.contains("0 resets this year."), "drawn again from what it kept")

        _ = try onSecond.get("/resets/tired-blink-track")
        let location = try #require(try onSecond.post("/resets/tired-blink-track/start", []).header("Location"))
        let run = try #require(location.firstMatch(of: /\/runs\/([0-9a-f]{32})\/steps\/1$/)?.1)
        #expect(try onFirst.get("/calendar/year").text.contains("1 reset this year."))
        #expect(try onSecond.post("/runs/\(run)/finish", [("outcome", "finished_early")]).status == 303)
        #expect(try onSecond.post("/runs/\(run)/mood", [("mood", "7")]).status == 303)
        let year = try onFirst.get("/calendar/year").text
        #expect(year.contains(": 1 reset, average mood 7</span>"), "the rating made on the other node")
    }

    /// A node keeps the feed and the moderation queue it drew (KeptPages), under the tenant's community version: a
    /// reaction, a post and a moderation made through the other node show on it at once.
    @Test func aFeedAndAQueueKeptOnOneNodeShowChangesMadeOnTheOther() throws {
        let first = try AppNode(database: database, folder: folder, name: "node-a")
        let second = try AppNode(database: database, folder: folder, name: "node-b")
        try createMember("feed.nodes@example.com")
        try createMember("feed.nodes.mod@example.com", role: "moderator")
        let onFirst = Browser(port: first.port)
        #expect(try onFirst.logIn("feed.nodes@example.com").status == 303)
        let onSecond = Browser(port: second.port)
        onSecond.cookies = onFirst.cookies
        let modOnFirst = Browser(port: first.port)
        #expect(try modOnFirst.logIn("feed.nodes.mod@example.com").status == 303)
        let modOnSecond = Browser(port: second.port)
        modOnSecond.cookies = modOnFirst.cookies

        #expect(try share(onSecond, "Shared through the second node").status == 303)
        var feed = try onFirst.get("/community").text
        #expect(feed.contains("Shared through the second node"))
        #expect(try onFirst.get("/community").text == feed, "drawn again from what it kept")
        let post = try #require(feed.firstMatch(of: /id="post-([0-9a-f]{32})"/)?.1)
        #expect(try onSecond.post("/community/posts/\(post)/reactions", [("kind", "support")]).status == 303)
        feed = try onFirst.get("/community").text
        #expect(feed.contains("value=\"support\" aria-pressed=\"true\""), "the reaction made on the other node")

        #expect(try modOnFirst.get("/admin/moderation").text.contains("Nothing is waiting."))
        #expect(try share(onSecond, topic: "anxious", "Honestly I just want to end my life tonight").status == 200)
        #expect(try modOnFirst.get("/admin/moderation").text.contains("Honestly I just want to end my life tonight"))
        _ = try modOnSecond.get("/admin/moderation")
        #expect(try modOnSecond.post("/admin/moderation/posts/\(post)/hide", []).status == 303)
        // Its author still sees it, as waiting for a moderator.
        #expect(try onFirst.get("/community").text.contains(" · waiting for a moderator"), "hidden on the other node")
    }

    /// The subscription clock ticks on exactly one node; when that node dies, another takes over.
    @Test func theClockRunsOnOneNodeAndHandsOverWhenItDies() throws {
        let storage = try AppDatabase.open(DatabaseLocation(database), migrationsDirectory: projectRoot + "/Migrations")
        var nodes = ["node-a": try AppNode(database: database, folder: folder, name: "node-a"),
                     "node-b": try AppNode(database: database, folder: folder, name: "node-b")]
        func holders() throws -> [String] {
            try storage.read { db in
                try db.strings(sql: """
                    SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                    WHERE l.locktype = 'advisory' AND l.granted AND a.application_name IN ('node-a', 'node-b')
                      AND l.objid = (hashtext('resett-clock:' || current_schema()) & 4294967295)::oid
                    """)
            }
        }
        // One holder, and not the node just killed: PostgreSQL lets its lock go only once its backend sees the
        // connection closed, so straight after the kill the dead node can still be the one holder for a moment.
        func waitForOneHolder(otherThan gone: String? = nil) throws -> [String] {
            for _ in 0..<40 {
                let found = try holders()
                if found.count == 1 && found.first != gone { return found }
                Thread.sleep(forTimeInterval: 0.25)
            }
            return try holders()
        }
        let holder = try #require(try waitForOneHolder().first)
        Thread.sleep(forTimeInterval: 1.5)  // three more ticks: still one holder
        #expect(try holders() == [holder])
        nodes[holder]?.kill9()
        nodes[holder] = nil
        let successor = try waitForOneHolder(otherThan: holder)
        #expect(successor.count == 1)
        #expect(successor.first != holder)
        #expect(successor.first.map { nodes[$0] != nil } == true)
    }

    /// kill -9 of one node under write load: every write it acknowledged is there, and the other node keeps serving.
    @Test func killingANodeUnderLoadLosesNoAcknowledgedWrite() throws {
        let storage = try AppDatabase.open(DatabaseLocation(database), migrationsDirectory: projectRoot + "/Migrations")
        let victim = try AppNode(database: database, folder: folder, name: "node-a")
        let survivor = try AppNode(database: database, folder: folder, name: "node-b")
        // An admin has no daily limit, so every start is a write.
        try createMember("writer@example.com", role: "admin")
        let login = Browser(port: victim.port)
        #expect(try login.logIn("writer@example.com").status == 303)
        _ = try login.get("/resets/tired-blink-track")
        let start = login.formPostText("/resets/tired-blink-track/start", [])
        let finishTemplate = login.formPostText("/runs/RUN/finish", [("outcome", "finished_early")])
        let finish: @Sendable (String) -> String = { finishTemplate.replacingOccurrences(of: "RUN", with: $0) }
        let acknowledged = Mutex<[String]>([])
        let stop = Atomic<Bool>(false)
        let writers = DispatchGroup()
        let victimPort = victim.port
        for _ in 0..<4 {
            writers.enter()
            Thread.detachNewThread {
                defer { writers.leave() }
                while !stop.load(ordering: .relaxed) {
                    guard let client = try? RawClient(port: victimPort) else { return }
                    client.send(start)
                    guard let answer = try? client.readResponse(), let location = answer.header("Location"),
                          let id = location.firstMatch(of: /\/runs\/([0-9a-f]{32})/)?.1 else { return }
                    acknowledged.withLock { $0.append(String(id)) }
                    // Finished, so the next start makes a new run rather than resuming this one.
                    guard let finisher = try? RawClient(port: victimPort) else { return }
                    finisher.send(finish(String(id)))
                    _ = try? finisher.readResponse()
                }
            }
        }
        Thread.sleep(forTimeInterval: 1.5)
        victim.kill9()
        stop.store(true, ordering: .relaxed)
        writers.wait()
        let ids = Array(Set(acknowledged.withLock { $0 }))
        #expect(ids.count >= 10, "only \(ids.count) writes before the kill")
        let stored = Set(try storage.read { try $0.strings(sql: "SELECT id FROM runs") })
        #expect(ids.filter { !stored.contains($0) }.isEmpty, "acknowledged runs missing after kill -9")
        // The survivor serves the same member with the session made on the victim.
        let onSurvivor = Browser(port: survivor.port)
        onSurvivor.cookies = login.cookies
        #expect(try onSurvivor.get("/calendar").status == 200)
        #expect(try RawClient(port: survivor.port).request("GET", "/healthz").status == 200)
    }
}
