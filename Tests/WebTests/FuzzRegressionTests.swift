import Foundation
import Testing
import FuzzTargets

/// Every input committed under Fuzz/corpus/<Target>/ (seeds and fixed crashers) runs through its target on every
/// `make test`: a crasher that came back would trap here.
@Suite("Fuzz corpus replays cleanly")
struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus").path

    @Test(arguments: ["RequestDecoder", "FormDecoding", "Cookies", "WebhookSignature", "HostAndAddresses", "SCIM", "WebAuthn"])
    func corpusReplays(target: String) throws {
        let body = try #require(FuzzTargets.all[target])
        let folder = Self.root + "/" + target
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!names.isEmpty)
        for name in names { body(Array(try #require(FileManager.default.contents(atPath: folder + "/" + name)))) }
    }
}
