import Foundation
import Testing

/// The dependency direction `Package.swift` states, held for every source file: SwiftPM puts every module the build
/// makes on the search path, so an `import` a target does not declare would still compile, and only this finds it.
@Suite("Layers, one way only")
struct LayeringTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Each Swift file under `Sources/<module>` and the modules it imports.
    static func imports(of module: String) throws -> [(file: String, modules: Set<String>)] {
        let folder = sources.appendingPathComponent(module)
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty, "Sources/\(module) has Swift files")
        return try files.map { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let modules = text.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard words.count >= 2, words[0] == "import" || (words[0].hasPrefix("@") && words.count >= 3 && words[1] == "import")
                else { return nil }
                return String(words[words[0] == "import" ? 1 : 2])
            }
            return (file, Set(modules))
        }
    }

    @Test(arguments: [
        ("Web", ["Storage", "GRDB", "CSQLite", "CPostgres"]),
        ("HTTPServer", ["Domain", "Storage", "UseCases", "Web", "Cryptography"]),
        ("Domain", ["Storage", "UseCases", "Web", "HTTPServer", "Cryptography", "GRDB"]),
        ("Storage", ["UseCases", "Web", "HTTPServer", "Cryptography"]),
        ("UseCases", ["Web", "HTTPServer", "GRDB"]),
    ])
    func aModuleImportsNothingAboveIt(module: String, forbidden: [String]) throws {
        for (file, modules) in try Self.imports(of: module) {
            let wrong = modules.intersection(forbidden)
            #expect(wrong.isEmpty, "Sources/\(module)/\(file) imports \(wrong.sorted())")
        }
    }
}
