import Domain
import Foundation
import HTTPServer
import Testing
@testable import Web

/// Issue 15: what an operator expects: /metrics, request ids, logs that name routes (never paths or queries),
/// JSON logs and an access log that can be switched off.
@Suite("Metrics and logs for operators")
struct OperabilityTests {
    static let token = "scrape-me-please-0123456789"

    @Test func metricsCountRoutesNotPathsAndAreOnlyForTheToken() throws {
        let app = try RunningApp(configure: { $0.metricsToken = Self.token })
        let browser = app.browser()
        _ = try browser.get("/")
        _ = try browser.get("/emotions/tired")
        _ = try browser.get("/emotions/calm")  // not an emotion: a 404 under the route
        _ = try browser.get("/resets/stressed-tense-release?utm=x")
        _ = try app.client().request("BREW", "/")  // a method nobody knows adds no series of its own
        let scrape = try app.client().request("GET", "/metrics", headers: ["Authorization: Bearer \(Self.token)"])
        #expect(scrape.status == 200)
        #expect(scrape.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        let text = scrape.text
        #expect(text.contains(#"resett_http_requests_total{route="/emotions/:emotion",method="GET",status="200"} 1"#))
        #expect(text.contains(#"resett_http_requests_total{route="/emotions/:emotion",method="GET",status="404"} 1"#))
        #expect(text.contains(#"resett_http_requests_total{route="/resets/:id",method="GET",status="200"} 1"#))
        #expect(text.contains(#"method="other""#) && !text.contains("BREW"))
        #expect(text.contains(#"resett_http_request_duration_seconds_bucket{route="/",method="GET",le="0.005"}"#))
        for name in ["resett_database_seconds_count{kind=\"read\"}", "resett_open_connections", "resett_worker_queue_depth",
                     "resett_password_hashes_in_progress", "resett_password_hash_refusals_total", "resett_mail_sent_total",
                     "resett_mail_failed_attempts_total"] {
            #expect(text.contains(name), "\(name)")
        }
        // Never a path with its values, a query, a tenant's name or a person.
        #expect(!text.contains("tired") && !text.contains("utm") && !text.contains("stressed-tense-release") && !text.contains("Resett\""))

        // Whatever a proxy in front says about where a request came from (or says nothing), it needs the token: even from
        // this machine, since a proxy on this machine is this machine.
        #expect(try app.client().request("GET", "/metrics").status == 404)
        for header in ["X-Forwarded-For: 203.0.113.9", "Forwarded: for=203.0.113.9", "X-Real-IP: 203.0.113.9", "True-Client-IP: 203.0.113.9",
                       "CF-Connecting-IP: 203.0.113.9", "X-Client-IP: 203.0.113.9", "X-Cluster-Client-IP: 203.0.113.9",
                       "Forwarded-For: 203.0.113.9"] {
            #expect(try app.client().request("GET", "/metrics", headers: [header]).status == 404, "\(header)")
        }
        #expect(try app.client().request("GET", "/metrics", headers: ["X-Forwarded-For: 203.0.113.9",
                                                                       "Authorization: Bearer not-the-token-at-all"]).status == 404)
        #expect(try app.client().request("GET", "/metrics", headers: ["X-Forwarded-For: 203.0.113.9",
                                                                       "Authorization: Bearer \(Self.token)"]).status == 200)
        #expect(!MetricsHandler.isAllowed(requestFrom("192.0.2.7"), token: nil))
        #expect(!MetricsHandler.isAllowed(requestFrom("::1"), token: nil) && !MetricsHandler.isAllowed(requestFrom("127.0.0.1"), token: nil))
    }

    @Test func theOperatorsOwnListenerServesMetricsWithoutATokenAndNothingElse() throws {
        let app = try RunningApp()
        _ = try app.browser().get("/")
        let listener = try RunningServer(responder: MetricsResponder(environment: app.environment))
        let scrape = try listener.client().request("GET", "/metrics")
        #expect(scrape.status == 200 && scrape.text.contains("resett_http_requests_total"))
        for path in ["/", "/login", "/admin", "/metrics/../admin", "/healthz"] {
            #expect(try listener.client().request("GET", path).status == 404, "\(path)")
        }
        #expect(try app.client().request("GET", "/metrics").status == 404, "and the public listener has none without a token")
    }

    func requestFrom(_ address: String) -> HTTPServer.Request {
        var request = HTTPServer.Request(method: "GET", target: "/metrics")
        request.remoteAddress = address
        return request
    }

    @Test func everyResponseHasARequestIDAndTheLogNamesItWithTheRouteNotThePath() throws {
        let app = try RunningApp()
        let browser = app.browser()
        try browser.signUp("logs@example.com")
        // A day of last month: a month and a day that have passed whatever the date (a later one redirects to today).
        let today = Day.of(app.clock.now, in: "Europe/London")
        let lastMonth = String(today.adding(days: -today.day).description.prefix(7)), day = lastMonth + "-02"
        let first = try browser.get("/calendar?month=\(lastMonth)")
        let second = try browser.get("/calendar/\(day)")
        let firstID = try #require(first.header("X-Request-Id")), secondID = try #require(second.header("X-Request-Id"))
        #expect(!firstID.isEmpty && firstID != secondID)
        #expect(try app.client().request("GET", "/no/such/page").header("X-Request-Id") != nil)
        app.running.server.flushAccessLog()
        let lines = app.logs.all
        let line = try #require(lines.first { $0.contains("request_id=\(firstID)") })
        #expect(line.contains("route=/calendar") && line.contains("status=200") && line.contains("ms="))
        #expect(try #require(lines.first { $0.contains("request_id=\(secondID)") }).contains("route=/calendar/:day"))
        // No query, no path with its values, no email, anywhere in the log.
        #expect(!lines.contains { $0.contains("month=") || $0.contains(day) || $0.contains("logs@example.com") })
    }
}
