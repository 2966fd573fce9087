import Testing
@testable import Web

/// A feed page's posts are kept until the first "minutes ago" on them would read differently: the moment
/// `agoChanges` gives must be exactly when `timeAgo`'s words change, never later (a stale "just now") and never
/// earlier than needed.
@Suite("Time ago")
struct TimeAgoTests {
    @Test func theWordsChangeExactlyWhenSaid() {
        var ages = Array(-120...7400)
        ages += stride(from: 7400, through: 400_000, by: 97).map { $0 }
        ages += [86_399, 86_400, 86_401, 172_799, 172_800, 3_599, 3_600, 3_601]
        for age in ages {
            let change = CommunityHandler.agoChanges(after: age)
            #expect(change > age, "\(age)")
            let words = CommunityHandler.timeAgo(age)
            #expect(CommunityHandler.timeAgo(change - 1) == words, "\(age): the same words until then")
            #expect(CommunityHandler.timeAgo(change) != words, "\(age): other words at \(change)")
        }
    }
}
