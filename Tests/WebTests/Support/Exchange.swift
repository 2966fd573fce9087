import Foundation
import HTTPServer
import Testing

/// A whole response as text (status, every header the app set, the body), with what is random on every run written as
/// placeholders: session and CSRF tokens, row ids (numbered by first appearance, so the same id stays the same name),
/// pseudonyms and asset fingerprints. Compared with `Tests/Exchanges/<name>.txt`; a missing file, or
/// `RESETT_RECORD_EXCHANGES=1`, writes it and fails the test, so a new or changed page is read before it is kept.
enum Exchange {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Exchanges")

    static func transcript(_ response: Response) -> String {
        var text = "HTTP/1.1 \(response.status.code)\n"
        for (name, value) in response.headers { text += "\(name): \(value)\n" }
        text += "\n" + String(decoding: response.body, as: UTF8.self)
        return normalised(text)
    }

    static func normalised(_ text: String) -> String {
        var text = text.replacing(/[0-9a-f]{64}/, with: "<token>")
        text = text.replacing(/Member [0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}/, with: "Member <pseudonym>")
        text = text.replacing(/\?v=[0-9a-f]{6,}/, with: "?v=<fingerprint>")
        text = text.replacing(/\.[0-9a-f]{16}\.(css|js|svg|png|woff2|webmanifest)/) { ".<fingerprint>." + $0.output.1 }
        var names: [Substring: String] = [:]
        return text.replacing(/[0-9a-f]{32}/) { match in
            if let name = names[match.output] { return name }
            let name = "<id\(names.count + 1)>"
            names[match.output] = name
            return name
        }
    }

    /// Expects `response` to be exactly what `Tests/Exchanges/<name>.txt` holds.
    static func expect(_ response: Response, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = transcript(response)
        let file = folder.appendingPathComponent(name + ".txt")
        let recording = ProcessInfo.processInfo.environment["RESETT_RECORD_EXCHANGES"] == "1"
        guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("Recorded Tests/Exchanges/\(name).txt: read it, then run again", sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false), e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(a, e)).firstIndex { $0.0 != $0.1 } ?? min(a.count, e.count)
        Issue.record("""
            \(name): differs from line \(line + 1)
              expected: \(line < e.count ? String(e[line].prefix(300)) : "(end)")
              actual:   \(line < a.count ? String(a[line].prefix(300)) : "(end)")
            (RESETT_RECORD_EXCHANGES=1 writes what the app answers now)
            """, sourceLocation: sourceLocation)
    }
}
