import Domain
import HTTPServer
import Testing
@testable import Web

@Suite("The route value: every kind parses what it prints")
struct RouteTests {
    @Test(arguments: Route.Kind.allCases)
    func printsWhatItParses(_ kind: Route.Kind) throws {
        let route = Route.sample(kind)
        #expect(route.kind == kind)
        #expect(try Route.parse(method: kind.method, path: route.path[...]) == .found(route), "\(route.path)")
        if kind.method == "GET" {
            #expect(try Route.parse(method: "HEAD", path: route.path[...]) == .found(route), "HEAD is answered by GET")
        }
        // The event loop's quick answer, from the first segment alone, is the route's own placement when it gives one.
        if let quick = Route.placement(method: kind.method, path: route.path[...]) {
            #expect(quick == kind.placement && quick != .eventLoop, "\(route.path)")
        } else {
            #expect(kind.pattern.contains(":") || kind.placement == .eventLoop, "a route without values is placed by its path: \(route.path)")
        }
        // The printed path has the pattern's shape: its literals where the pattern has them.
        let printed = route.path.split(separator: "/", omittingEmptySubsequences: false)
        let pattern = kind.pattern.split(separator: "/", omittingEmptySubsequences: false)
        #expect(printed.count == pattern.count, "\(route.path) against \(kind.pattern)")
        for (part, expected) in zip(printed, pattern) where !expected.hasPrefix(":") {
            #expect(part == expected, "\(route.path) against \(kind.pattern)")
        }
    }

    @Test func patternsAreUniquePerMethod() {
        var seen: Set<String> = []
        for kind in Route.Kind.allCases {
            #expect(seen.insert(kind.method + " " + kind.pattern).inserted, "\(kind) repeats \(kind.pattern)")
        }
    }

    @Test func textStaysInsideItsSegment() throws {
        #expect(Route.reset("a/b c").path == "/resets/a%2Fb%20c")
        var written = HTMLFragment()
        Route.reset("a/b c'<").write(into: &written)
        #expect(written.text == "/resets/a%2Fb%20c%27%3C")
        #expect(try Route.parse(method: "GET", path: "/resets/a%2Fb"[...]) == .found(.reset("a/b")))
        #expect(throws: WebError.self) { try Route.parse(method: "GET", path: "/resets/%zz"[...]) }
        #expect(throws: WebError.self) { try Route.parse(method: "GET", path: "resets"[...]) }
    }

    @Test func literalsComeBeforeTheValuesBesideThem() throws {
        #expect(try Route.parse(method: "GET", path: "/calendar/year"[...]) == .found(.calendarYear))
        #expect(try Route.parse(method: "GET", path: "/calendar/2026-11-25"[...]) == .found(.calendarDay(Day(year: 2026, month: 11, day: 25)!)))
        #expect(try Route.parse(method: "GET", path: "/admin/own-resets/new"[...]) == .found(.ownResetNew))
        #expect(try Route.parse(method: "POST", path: "/account/sessions/others/delete"[...]) == .found(.accountSessionsSignOutOthers))
        #expect(try Route.parse(method: "GET", path: "/login/sso/callback"[...]) == .found(.signOnCallback))
        #expect(Route.calendarDay(Day(year: 2026, month: 1, day: 2)!).path == Route.calendarDayPrefix + "2026-01-02")
    }

    /// A value not of its type names nothing: not a page with a bad id, but no page at all.
    @Test(arguments: ["/runs/ABC/mood", "/runs/0123456789abcdef0123456789abcdef/steps/0",
                      "/runs/0123456789abcdef0123456789abcdef/steps/1000", "/runs/0123456789abcdef0123456789abcdef/steps/x",
                      "/calendar/2026-02-30", "/admin/own-resets/0123456789abcdef0123456789abcdef/rename", "/nowhere", "/resets/",
                      "/community/posts/0123456789abcdef0123456789abcdef/reactions/extra"])
    func valuesOfTheWrongTypeAreNotFound(_ path: String) throws {
        #expect(try Route.parse(method: "GET", path: path[...]) == .notFound)
    }

    @Test func aKnownPathByAnotherMethodSaysWhichWouldDo() throws {
        #expect(try Route.parse(method: "DELETE", path: "/resets/a"[...]) == .methodNotAllowed(allowed: ["GET", "HEAD"]))
        #expect(try Route.parse(method: "PUT", path: "/check-in"[...]) == .methodNotAllowed(allowed: ["GET", "HEAD", "POST"]))
        #expect(try Route.parse(method: "GET", path: "/logout"[...]) == .methodNotAllowed(allowed: ["POST"]))
        #expect(try Route.parse(method: "POST", path: "/scim/v2/Users/abc"[...]) == .methodNotAllowed(allowed: ["DELETE", "GET", "HEAD", "PATCH", "PUT"]))
    }

    /// What the table decides before a handler: the routes that hash a password or talk to an identity provider wait
    /// on their own pool, and only the browser's routes check the form's token.
    @Test func theTableSaysWhereAndWho() {
        let waiting = Route.Kind.allCases.filter { $0.placement == .waiting }.map(\.pattern).sorted()
        #expect(waiting == ["/account/delete", "/account/email", "/account/password", "/admin/single-sign-on", "/admin/single-sign-on/saml", "/login",
                            "/login/sso/:provider", "/login/sso/callback", "/login/sso/connect", "/password/reset", "/signup", "/unlock"])
        #expect(Route.Kind.allCases.filter { $0.placement == .priority } == [.health, .ready])
        let exempt = Route.Kind.allCases.filter { $0.method != "GET" && !$0.access.checksFormToken }
        #expect(exempt.allSatisfy { $0.pattern.hasPrefix(Route.scimRoot + "/") || $0 == .paymentWebhooks || $0 == .turnOffReminder || $0 == .samlAssertion })
        #expect(Route.Kind.allCases.filter { $0.pattern.hasPrefix("/admin/") }.allSatisfy { [.moderator, .admin].contains($0.access) })
        #expect(Route.Kind.allCases.filter { $0.pattern.hasPrefix("/account/") }.allSatisfy { $0.access.isForMembers })
        #expect(Route.Kind.allCases.filter { $0.access == .operator }.map(\.pattern) == ["/healthz", "/readyz", "/metrics"])
    }
}
