import Domain
import Testing
@testable import UseCases

@Suite("Rules: roles, joining and the community")
struct OrganisationRules {
    @Test func theLastAdminCannotStepDownButOneOfTwoCan() throws {
        let rules = try RulesFixture()
        let first = try rules.member("first.admin@example.com", role: .admin)
        #expect(throws: UseCaseError.self) { try rules.administration.changeRole(first, of: first.accountID, to: .member) }
        let second = try rules.member("second.admin@example.com", role: .admin)
        try rules.administration.changeRole(first, of: second.accountID, to: .member)
        #expect(throws: UseCaseError.self) { try rules.administration.changeRole(first, of: first.accountID, to: .moderator) }
    }

    @Test func aMemberCannotChangeRolesAndAnotherTenantsAccountIsNotFound() throws {
        let rules = try RulesFixture()
        let admin = try rules.member("admin@example.com", role: .admin)
        let member = try rules.member("member@example.com")
        let elsewhere = try rules.member("someone@example.com", tenant: "elsewhere")
        #expect(throws: UseCaseError.notFound) { try rules.administration.changeRole(member, of: member.accountID, to: .admin) }
        #expect(throws: UseCaseError.notFound) { try rules.administration.changeRole(admin, of: elsewhere.accountID, to: .admin) }
    }

    @Test func joiningByDomainNamesTheFieldItsProblemIsAbout() throws {
        let rules = try RulesFixture()
        let admin = try rules.member("admin@example.com", role: .admin)
        #expect(throws: UseCaseError.invalid("domains", "Add at least one domain, like acme.com.")) {
            try rules.joining.savePolicy(admin, rule: .domains, domains: [])
        }
        #expect(throws: UseCaseError.invalid("domains", "Put one domain on each line, like acme.com.")) {
            try rules.joining.savePolicy(admin, rule: .domains, domains: ["acme.com and beta.com"])
        }
        try rules.joining.savePolicy(admin, rule: .domains, domains: ["Acme.com", "acme.com"])
        // A scope holds the tenant as the request read it: the next request's sees the change.
        let next = MemberScope(tenant: try rules.tenant(), account: admin.account)
        #expect(try rules.joining.policy(next).domains == ["acme.com"])
    }

    @Test func aPostThatSuggestsRiskIsHeldNeverRefusedAndAnotherTenantsPostIsNotFound() throws {
        let rules = try RulesFixture()
        let author = try rules.member("author@example.com")
        let topic = try rules.community.topics(author)[0].slug
        #expect(try rules.community.post(author, topic: topic, body: "Some days I want to end it all") == .heldForSafety)
        #expect(try rules.community.post(author, topic: topic, body: "A small win today") == .published)
        let post = try #require(try rules.community.feed(author, topic: nil, before: nil, pageSize: 10).posts.first).typedID
        let elsewhere = try rules.member("mod@example.com", role: .moderator, tenant: "elsewhere")
        #expect(throws: UseCaseError.notFound) { try rules.moderation.hide(elsewhere, post: post, note: "") }
        #expect(throws: UseCaseError.notFound) { try rules.community.deleteOwn(try rules.member("other@example.com"), post: post) }
    }
}
