import Cryptography
import Domain
import Foundation
@testable import Storage
import Testing
@testable import UseCases
@testable import Web

/// Issue 32, finding 12: a server started without the key that sealed a person's words still serves every page, says
/// plainly what it cannot open, exports what it can, and never writes over what it could not read; and a key file
/// others may read is refused at start.
@Suite("A server without its master key")
struct MissingMasterKeyTests {
    @Test func everyPageStillAnswersAndNothingSealedIsLost() throws {
        let path = temporaryDatabasePath()
        do {
            let app = try RunningApp(database: path)
            let browser = try ReflectionTests().checkedIn(app, "keyless@example.com", rating: 2)
            #expect(try browser.post("/check-in", [("rating", "2"), ("note", "Harbour walk after a rough meeting"), ("tags", "work")]).status == 303)
            _ = try ReflectionTests().step(browser, [("step", "1"), ("intensity", "7")])
            _ = try ReflectionTests().step(browser, [("step", "2"), ("answer", "A rough meeting")])
            _ = try browser.get("/insights/week")
            _ = try browser.post("/insights/week/intention", [("intention", "Walk at lunch")])
        }
        let keyless = try RunningApp(database: path, masterKey: nil)
        let browser = keyless.browser()
        #expect(try browser.logIn("keyless@example.com").status == 303)
        for page in ["/check-in", "/reflection", "/insights", "/calendar", "/insights/week", "/account/export.json", "/account/check-ins.csv",
                     "/account/export.csv"] {
            let answer = try browser.get(page)
            #expect(answer.status == 200, "\(page): \(answer.status)")
            #expect(!answer.text.contains("Harbour") && !answer.text.contains("A rough meeting"), "\(page)")
        }
        #expect(try browser.get("/check-in").text.contains("can’t be opened right now"))
        #expect(try browser.get("/reflection").text.contains("can’t be opened right now"))
        let export = try browser.get("/account/export.json").text
        #expect(export.contains("could not open it") && export.contains("\"rating\""))
        #expect(try browser.get("/account/check-ins.csv").text.contains("could not open it"))
        // A new rating without words keeps the words it cannot read; writing over the answers is refused.
        #expect(try browser.post("/check-in", [("rating", "4")]).status == 303)
        #expect(try browser.post("/reflection", [("step", "3"), ("answer", "")]).status == 422)
        #expect(try browser.post("/insights/week/intention", [("intention", "")]).status == 422, "nor an intention it cannot read")

        let withKey = try RunningApp(database: path)
        let member = try withKey.member("keyless@example.com")
        let today = try #require(try withKey.environment.checkIns.todays(member))
        #expect(today.note == "Harbour walk after a rough meeting" && today.rating.rawValue == 4 && !today.wordsUnreadable)
        #expect(try withKey.environment.reflections.todays(member)?.answers.first == "A rough meeting")
        #expect(try withKey.environment.weeklyDigest.page(member, runs: [], resetNames: [:]).intention == "Walk at lunch")
    }

    @Test func aKeyFileOthersMayReadIsRefusedWithTheFix() throws {
        let path = temporaryFolder() + "/master.key"
        try MasterKey.create(at: path)
        #expect(throws: Never.self) { try MasterKey.load(path: path) }
        for mode in [0o644, 0o640, 0o604, 0o660] {
            chmod(path, mode_t(mode))
            #expect(throws: MasterKey.Failure.exposed(path)) { try MasterKey.load(path: path) }
        }
        #expect(MasterKey.Failure.exposed(path).description.contains("chmod 600 \(path)"))
        // And the command says so and does not start.
        chmod(path, 0o644)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLineTests.executable)
        process.arguments = ["serve", "--port", "0", "--db", temporaryDatabasePath(), "--data-key-file", path, "--root", projectRoot]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus != 0 && text.contains("chmod 600"), "\(text)")
    }
}
