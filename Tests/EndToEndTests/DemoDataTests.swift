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
        let today = app.environment.checkIns.today(member)
        let lifts = try app.environment.moodHistory.resetLifts(member, from: today.adding(days: -364), through: today)
        let insights = try app.environment.checkIns.insights(member, lifts: lifts, resetNames: app.environment.library.namesByID)
        // The database's sums are the runs' own.
        #expect(lifts == Insights.ResetLift.of(try app.environment.moodHistory.allRuns(member).filter { run in
            Day(run.localDay).map { $0 >= today.adding(days: -364) } ?? false
        }))
        let waiting = insights.sections.filter { $0.notEnough != nil }.map(\.title)
        #expect(waiting.count <= 1, "\(waiting)")
        #expect(insights.sections.first?.bars.map(\.value).reduce(0, +) ?? 0 >= Insights.checkInsForDistribution)
        // Setbacks too: a pattern to state, and months of moving on for the chart.
        let setbacks = try app.environment.setbacks.insights(member)
        #expect(!setbacks.patterns.isEmpty && setbacks.months.contains { $0.movedOn > 0 }, "\(setbacks.patterns)")
        // Practices every few days, finished, so the calendar's days and the report have them.
        #expect(try app.environment.practices.between(member, today.adding(days: -60), today).count >= 15)
        #expect(throws: DemoData.Problem.alreadyFilled) { _ = try demo.fill(tenant, passwordHash: hash) }
    }
}
