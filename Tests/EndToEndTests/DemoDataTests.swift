import Cryptography
import Domain
import Foundation
import Testing
@testable import Storage
@testable import UseCases
@testable import Web

/// The demo data `make screenshots` and a first `make run` show: the demo member's insights have something to say.
@Suite("Demo data")
struct DemoDataTests {
    @Test func theDemoMembersInsightsHaveSomethingToSay() throws {
        let app = try RunningApp()
        let tenant = try #require(try app.environment.database.tenant(slug: "default"))
        let demo = DemoData(database: app.environment.database, library: app.environment.library, now: app.environment.clock())
        let hash = try PasswordHasher(parameters: .init(memoryKiB: 1024, iterations: 1, parallelism: 1)).hash("a calm and steady passphrase")
        _ = try demo.fill(tenant, passwordHash: hash)
        let member = try app.member("member@demo.example")
        let insights = try app.environment.checkIns.insights(member, runs: try app.environment.moodHistory.allRuns(member),
                                                              resetNames: app.environment.library.namesByID)
        let waiting = insights.sections.filter { $0.notEnough != nil }.map(\.title)
        #expect(waiting.count <= 1, "\(waiting)")
        #expect(insights.sections.first?.bars.map(\.value).reduce(0, +) ?? 0 >= Insights.checkInsForDistribution)
        #expect(throws: DemoData.Problem.alreadyFilled) { _ = try demo.fill(tenant, passwordHash: hash) }
    }
}
