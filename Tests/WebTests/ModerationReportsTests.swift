import Testing
@testable import Web

/// A post's reports as moderators read them: the same reason counted once ("3 × Spam"), words kept apart.
struct ModerationReportsTests {
    @Test func reportsWithoutWordsAreCountedByReason() {
        let reports = [ModerationItemView.Report(reason: "Spam", note: nil), .init(reason: "Unkind", note: nil),
                       .init(reason: "Spam", note: nil), .init(reason: "Something else", note: "It names a colleague"),
                       .init(reason: "Spam", note: ""), .init(reason: "Unkind", note: "Mocking someone")]
        let grouped = ModerationItemView.grouped(reports)
        #expect(grouped.map(\.reason) == ["3 × Spam", "Unkind", "Something else", "Unkind"])
        #expect(grouped.map(\.note) == [nil, nil, "It names a colleague", "Mocking someone"])
        #expect(ModerationItemView.grouped([]).isEmpty)
    }
}
