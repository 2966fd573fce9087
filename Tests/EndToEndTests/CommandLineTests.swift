import Foundation
import Testing

/// The built `resett` executable, run as an operator would.
@Suite("The resett command", .serialized)
struct CommandLineTests {
    static let executable = projectRoot + "/.build/debug/resett"

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

    @Test func migrateCreatesTheDatabase() throws {
        let path = temporaryDatabasePath()
        let (process, errors) = try launch(["migrate", "--db", path])
        process.waitUntilExit()
        let output = read(errors, until: "\n")
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(FileManager.default.fileExists(atPath: path))
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

    @Test func aBrokenTemplateStopsTheStartAndNamesTheFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: projectRoot + "/Views", toPath: root + "/Views")
        try FileManager.default.copyItem(atPath: projectRoot + "/Public", toPath: root + "/Public")
        try FileManager.default.copyItem(atPath: projectRoot + "/Migrations", toPath: root + "/Migrations")
        try "{{#unclosed}}".write(toFile: root + "/Views/home/index.mustache", atomically: true, encoding: .utf8)
        let (process, errors) = try launch(["serve", "--port", "0", "--db", temporaryDatabasePath(), "--root", root])
        process.waitUntilExit()
        let output = read(errors, until: "\n")
        #expect(process.terminationStatus != 0)
        #expect(output.contains("home/index.mustache"))
    }

    @Test func aFailedMigrationStopsTheStartAndNamesTheFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: projectRoot + "/Migrations", toPath: root + "/Migrations")
        try "CREATE TABLE oops (;".write(toFile: root + "/Migrations/9999_broken.sql", atomically: true, encoding: .utf8)
        let (process, errors) = try launch(["migrate", "--db", temporaryDatabasePath(), "--root", root])
        process.waitUntilExit()
        let output = read(errors, until: "\n")
        #expect(process.terminationStatus != 0)
        #expect(output.contains("9999_broken.sql"))
    }
}
