import Domain
import Foundation
import Testing

/// Issue 65: docs/architecture.md's table of the ways in says what each proof may do; this holds the code to it, so the
/// table cannot quietly go out of date (a new proof, or a rule that changes, fails here until the table says so).
@Suite("The proof table in docs/architecture.md")
struct ProofTableTests {
    /// Each row of the table: its proof, then whether it opens staff pages under the staff rule and lets a member in
    /// under "single sign-on only".
    static func rows() throws -> [(proof: String, staff: Bool, singleSignOnOnly: Bool)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Proving who someone is").dropFirst().first)
        return section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Way in") }.compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4 else { return nil }
            return (cells[1], cells[2] == "yes", cells[3] == "yes")
        }
    }

    @Test func everyProofIsInTheTableAndDoesWhatItSays() throws {
        let rows = try Self.rows()
        #expect(rows.count == 4)
        for proof in [SessionRecord.Proof.password, .passkey, .singleSignOn] {
            let theirs = rows.filter { $0.proof == proof.rawValue }
            #expect(!theirs.isEmpty, "\(proof.rawValue) has a row")
            for row in theirs {
                #expect(row.staff == proof.isStrong, "\(proof.rawValue): staff pages")
                #expect(row.singleSignOnOnly == proof.passesSingleSignOnOnly, "\(proof.rawValue): single sign-on only")
            }
        }
        #expect(rows.allSatisfy { SessionRecord.Proof(rawValue: $0.proof) != nil }, "no row for a proof the code does not have")
        #expect(SessionRecord.freshProofSeconds == 5 * 60, "the table says five minutes")
    }
}
