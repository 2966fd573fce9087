import Foundation
import Cryptography
import Storage
import Testing
@testable import UseCases

/// The built `resett` executable, run as an operator would.
@Suite("The resett command", .serialized)
struct CommandLineTests {
    static let executable = projectRoot + "/.build/debug/resett"

    /// Runs `resett` to the end with `input` on standard input; returns its exit status and standard output.
    func run(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: projectRoot)
        let standardInput = Pipe(), standardOutput = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardOutput
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let output = String(decoding: standardOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func tenantsAndUsersFromTheCommandLine() throws {
        let db = temporaryDatabasePath()
        // The default tenant exists before anything is served.
        #expect(try run(["tenant", "list", "--db", db]).output.contains("default\tResett"))
        #expect(try run(["tenant", "create", "--db", db, "--slug", "acme", "--name", "Acme Ltd"]).status == 0)
        let taken = try run(["tenant", "create", "--db", db, "--slug", "acme", "--name", "Again"])
        #expect(taken.status != 0 && taken.output.contains("already exists"))
        #expect(try run(["tenant", "create", "--db", db, "--slug", "Bad Slug!", "--name", "X"]).status != 0)
        #expect(try run(["tenant", "list", "--db", db]).output.contains("acme\tAcme Ltd"))

        let created = try run(["user", "create", "--db", db, "--tenant", "acme", "--email", "Mod@Example.com",
                               "--password-stdin", "--role", "moderator"], input: "a calm and steady passphrase\n")
        #expect(created.status == 0, "\(created.output)")
        #expect(created.output.contains("Created moderator mod@example.com in acme."))
        #expect(!created.output.contains("passphrase"))
        let weak = try run(["user", "create", "--db", db, "--tenant", "acme", "--email", "weak@example.com", "--password-stdin"],
                           input: "password\n")
        #expect(weak.status != 0)
        #expect(try run(["user", "create", "--db", db, "--tenant", "nowhere", "--email", "x@example.com", "--password-stdin"],
                        input: "a calm and steady passphrase\n").status != 0)
        #expect(try run(["user", "set-role", "--db", db, "--tenant", "acme", "--email", "mod@example.com", "--role", "admin"]).status == 0)
        #expect(try run(["user", "set-role", "--db", db, "--tenant", "default", "--email", "mod@example.com", "--role", "admin"]).status != 0)
        #expect(try run(["user", "set-role", "--db", db, "--tenant", "acme", "--email", "mod@example.com", "--role", "owner"]).status != 0)
    }

    @Test func subscriptionsTickRunsOnce() throws {
        let db = temporaryDatabasePath()
        let tick = try run(["subscriptions", "tick", "--db", db])
        #expect(tick.status == 0, "\(tick.output)")
        #expect(tick.output.contains("Renewals requested: 0. Expired: 0."))
    }

    /// Runs `resett` with `arguments`; returns the process and a pipe for its standard error.
    func launch(_ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: projectRoot)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    /// Reads standard error until `marker` appears (or the process ends); returns what was read.
    func read(_ pipe: Pipe, until marker: String) -> String {
        var text = ""
        while !text.contains(marker) {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return text
    }

    @Test func masterKeysAreMadeOnceKeptPrivateAndRotatedByRewrapping() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let old = folder + "/old.key", new = folder + "/new.key"
        let made = try run(["keys", "create", "--out", old])
        #expect(made.status == 0, "\(made.output)")
        let mode = try FileManager.default.attributesOfItem(atPath: old)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let text = try String(contentsOfFile: old, encoding: .utf8)
        #expect(text.count == 65 && Hex.isLowercase(String(text.prefix(64)), length: 64))
        // Never overwritten: the data it protects would be lost.
        #expect(try run(["keys", "create", "--out", old]).status != 0)
        #expect(try String(contentsOfFile: old, encoding: .utf8) == text)
        #expect(try run(["keys", "create", "--out", new]).status == 0)
        // A database with one tenant's data key, wrapped by the old master key; rotation re-wraps it for the new one.
        let path = temporaryDatabasePath()
        let database = try AppDatabase.open(DatabaseLocation(path), migrationsDirectory: projectRoot + "/Migrations")
        let tenant = try #require(try database.tenant(slug: "default"))
        let vault = DataVault(database: database, masterKey: try MasterKey.load(path: old), clock: { 0 })
        let sealed = try vault.seal("kept", tenantID: tenant.id, context: "test")
        let rotated = try run(["keys", "rotate", "--db", path, "--from", old, "--to", new])
        #expect(rotated.status == 0, "\(rotated.output)")
        #expect(rotated.output.contains("Re-wrapped 1 data key."))
        let after = DataVault(database: database, masterKey: try MasterKey.load(path: new), clock: { 0 })
        #expect(try after.open(sealed.sealed, keyID: sealed.keyID, tenantID: tenant.id, context: "test") == "kept")
        // The old key no longer opens anything, so rotating from it again changes nothing and says so.
        let again = try run(["keys", "rotate", "--db", path, "--from", old, "--to", new])
        #expect(again.status != 0 && again.output.contains("nothing was changed"))
        #expect(try after.open(sealed.sealed, keyID: sealed.keyID, tenantID: tenant.id, context: "test") == "kept")
        // A new data key for the organisation: new words get it, older ones still open with theirs.
        let retired = try run(["keys", "new-data-key", "--db", path, "--tenant", "default"])
        #expect(retired.status == 0 && retired.output.contains("Retired default's data key."), "\(retired.output)")
        let fresh = try after.seal("newer", tenantID: tenant.id, context: "test")
        #expect(fresh.keyID != sealed.keyID)
        #expect(try after.open(sealed.sealed, keyID: sealed.keyID, tenantID: tenant.id, context: "test") == "kept")
        #expect(try after.open(fresh.sealed, keyID: fresh.keyID, tenantID: tenant.id, context: "test") == "newer")
        #expect(try run(["keys", "new-data-key", "--db", path, "--tenant", "nobody"]).status != 0)
    }

    @Test func migrateCreatesTheDatabase() throws {
        let path = temporaryDatabasePath()
        let (process, errors) = try launch(["migrate", "--db", path])
        process.waitUntilExit()
        let output = read(errors, until: "\n")
        #expect(process.terminationStatus == 0, "\(output)")
        // Every numbered migration of the database's dialect (not Citus's, which is run by hand), and the tables they make;
        // a second run applies none.
        let dialect = path.hasPrefix("postgres") ? "postgres" : "sqlite"
        let files = try FileManager.default.contentsOfDirectory(atPath: projectRoot + "/Migrations/" + dialect)
            .filter { $0.hasSuffix(".sql") && $0.first?.isNumber == true }.sorted()
        let database = try AppDatabase.openWithoutMigrating(DatabaseLocation(path))
        #expect(try database.appliedMigrations().sorted() == files)
        #expect(Set(try database.tableNames()).isSuperset(of: ["tenants", "accounts", "sessions", "runs", "check_ins", "posts"]))
        let (again, _) = try launch(["migrate", "--db", path])
        again.waitUntilExit()
        #expect(again.terminationStatus == 0)
        #expect(try database.appliedMigrations().sorted() == files)
    }

    /// `--log-format json`: every line one JSON object; the access line names its request id and route, with numbers
    /// as numbers. `--no-access-log` drops those lines and keeps the rest.
    @Test func jsonLogsOneObjectALineAndAnAccessLogThatCanBeSwitchedOff() throws {
        for accessLog in [true, false] {
            let (process, errors) = try launch(["serve", "--port", "0", "--db", temporaryDatabasePath(), "--log-format", "json"]
                                               + (accessLog ? [] : ["--no-access-log"]))
            let ready = read(errors, until: "Resett is ready")
            let port = try #require(ready.firstMatch(of: /"url":"http:\/\/localhost:(\d+)\/"/).flatMap { Int($0.1) }, "\(ready)")
            let answer = try RawClient(port: port).request("GET", "/emotions/tired?from=somewhere")
            let id = try #require(answer.header("X-Request-Id"))
            Thread.sleep(forTimeInterval: 0.3)
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            let output = ready + String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let objects = try output.split(separator: "\n").map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
            }
            #expect(objects.allSatisfy { $0["time"] is String && $0["level"] is String && $0["message"] is String })
            let request = objects.first { $0["message"] as? String == "request" }
            if accessLog {
                let line = try #require(request, "\(output)")
                #expect(line["request_id"] as? String == id && line["route"] as? String == "/emotions/:emotion")
                #expect(line["status"] as? Int == 200 && line["ms"] is Int)
                #expect(!output.contains("from=somewhere") && !output.contains("/emotions/tired"))
            } else {
                #expect(request == nil, "\(output)")
                #expect(objects.contains { $0["message"] as? String == "stopped" })
            }
        }
    }

    @Test func serveAnswersThenStopsCleanlyOnSIGTERM() throws {
        let path = temporaryDatabasePath()
        let (process, errors) = try launch(["serve", "--port", "0", "--db", path])
        let output = read(errors, until: "Resett is ready")
        let port = try #require(output.firstMatch(of: /url=http:\/\/localhost:(\d+)\//).flatMap { Int($0.1) }, "\(output)")
        let client = try RawClient(port: port)
        #expect(try client.request("GET", "/healthz").status == 200)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    /// Issue 11: with `ulimit -n 256` and 400 idle connections the server spun at 198% CPU. Now its cap fits the
    /// limit, connections beyond it get a quick 503, and it idles.
    @Test func runningOutOfDescriptorsNeitherSpinsNorStopsServing() throws {
        let path = temporaryDatabasePath()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "ulimit -n 256 && exec \"$0\" serve --port 0 --db \"$1\"", Self.executable, path]
        process.currentDirectoryURL = URL(fileURLWithPath: projectRoot)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        let output = read(errors, until: "Resett is ready")
        #expect(output.contains("connection cap lowered"))
        let port = try #require(output.firstMatch(of: /url=http:\/\/localhost:(\d+)\//).flatMap { Int($0.1) }, "\(output)")
        var idle: [RawClient] = []
        for _ in 0..<400 { if let client = try? RawClient(port: port) { idle.append(client) } }
        Thread.sleep(forTimeInterval: 0.5)
        func cpuTicks() -> Int {
            let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
        }
        let before = cpuTicks()
        Thread.sleep(forTimeInterval: 2)
        let used = Double(cpuTicks() - before) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #expect(used < 0.4, "used \(used) s of CPU in 2 s while idle")
        idle.removeAll()
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try RawClient(port: port).request("GET", "/healthz").status == 200)
    }

    /// The templates are compiled when the server is built (Plugins/CompileViews), so a broken one stops the build, not a
    /// start, and the view compiler names the file; a good one becomes its view model's render function.
    @Test func aBrokenTemplateStopsTheBuildAndNamesTheFile() throws {
        let compiler = [projectRoot + "/.build/debug/ViewCompiler-tool", projectRoot + "/.build/debug/ViewCompiler"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        let views = temporaryFolder() + "/Views", output = temporaryFolder()
        try FileManager.default.createDirectory(atPath: views + "/home", withIntermediateDirectories: true)
        try "<p>{{>partials.missing}}</p>".write(toFile: views + "/home/other.mustache", atomically: true, encoding: .utf8)
        func compile() throws -> (Int32, String) {
            let process = Process(), errors = Pipe()
            process.executableURL = URL(fileURLWithPath: try #require(compiler))
            process.arguments = [views, output]
            process.standardError = errors
            try process.run()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        try "{{! view: HomePage }}\n<h1>{{#unclosed}}{{title}}</h1>".write(toFile: views + "/home/index.mustache", atomically: true, encoding: .utf8)
        var (status, errors) = try compile()
        #expect(status != 0)
        #expect(errors.contains("Views/home/index.mustache") && errors.contains("never closed"), "\(errors)")
        try "{{! view: HomePage }}\n<h1>{{title}}</h1>{{>home.other}}".write(toFile: views + "/home/index.mustache", atomically: true, encoding: .utf8)
        (status, errors) = try compile()
        #expect(status != 0)
        #expect(errors.contains("partials.missing, which does not exist"), "\(errors)")
        try "<p>{{#items}}{{name}}{{/items}}</p>".write(toFile: views + "/home/other.mustache", atomically: true, encoding: .utf8)
        (status, errors) = try compile()
        #expect(status == 0, "\(errors)")
        let swift = try String(contentsOfFile: output + "/View+home_index.swift", encoding: .utf8)
        #expect(swift.contains("extension HomePage {") && swift.contains("out.view(s0.title)") && swift.contains("viewSection(s0.items)"))
        #expect(try String(contentsOfFile: output + "/View+home_other.swift", encoding: .utf8).contains("names no view model"))
    }

    @Test func aFailedMigrationStopsTheStartAndNamesTheFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: projectRoot + "/Migrations", toPath: root + "/Migrations")
        for dialect in ["sqlite", "postgres"] {
            try "CREATE TABLE oops (;".write(toFile: root + "/Migrations/\(dialect)/9999_broken.sql", atomically: true, encoding: .utf8)
        }
        let (process, errors) = try launch(["migrate", "--db", temporaryDatabasePath(), "--root", root])
        process.waitUntilExit()
        let output = read(errors, until: "\n")
        #expect(process.terminationStatus != 0)
        #expect(output.contains("9999_broken.sql"))
    }
}
