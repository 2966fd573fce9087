import Domain
import HTTPServer
import Testing
@testable import UseCases
@testable import Web

@Suite("Forms, queries and cookies")
struct FormAndCookieTests {
    @Test func decodesPairsPlusesAndPercents() throws {
        let form = try FormData(urlEncoded: "name=Sam+Smith&note=caf%C3%A9%20%26%20tea&empty=&flag&name=Two"[...])
        #expect(form["name"] == "Sam Smith")
        #expect(form.values("name") == ["Sam Smith", "Two"])
        #expect(form["note"] == "café & tea")
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form["missing"] == nil)
    }

    @Test(arguments: ["a=%", "a=%2", "a=%zz", "a=%C3", "a=%FF%FE", "a=%00", "%=1"])
    func refusesMalformedEncoding(_ text: String) {
        #expect(throws: WebError.self) { try FormData(urlEncoded: text[...]) }
    }

    @Test func refusesInvalidUTF8Bodies() {
        #expect(throws: WebError.self) { try FormData(urlEncoded: [0x61, 0x3D, 0xC3, 0x28]) }
    }

    @Test func formNeedsTheRightContentType() throws {
        let good = RequestContext(request: Request(method: "POST", target: "/", headers: ["Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"], body: Array("a=1".utf8)), scope: testScope)
        #expect(try good.form()["a"] == "1")
        let bad = RequestContext(request: Request(method: "POST", target: "/", headers: ["Content-Type": "text/plain"], body: Array("a=1".utf8)), scope: testScope)
        #expect(throws: WebError.self) { try bad.form() }
    }

    @Test func parsesCookieHeaders() {
        let cookies = RequestCookies(headers: ["Cookie": "session=abc; theme=\"dark\";  empty=; junk"])
        #expect(cookies["session"] == "abc")
        #expect(cookies["theme"] == "dark")
        #expect(cookies["empty"] == "")
        #expect(cookies["junk"] == nil)
    }

    @Test func buildsSafeSetCookieValues() {
        #expect(SetCookie(name: "session", value: "abc", maxAge: 3600).headerValue
                == "session=abc; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax")
        #expect(SetCookie(name: "s", value: "x; Domain=evil.test", secure: true).headerValue
                == "s=xDomain=evil.test; Path=/; HttpOnly; Secure; SameSite=Lax")
        #expect(SetCookie.expired("s").headerValue == "s=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
    }
}

@Suite("Router")
struct RouterTests {
    func router() -> Router {
        var router = Router()
        router.get("/") { _ in .text("home") }
        router.get("/resets/:id") { context in .text("reset \(try context.parameter("id"))") }
        router.post("/resets/:id/start") { context in .text("start \(try context.parameter("id"))") }
        router.get("/calendar/year") { _ in .text("year") }
        router.get("/calendar/:day") { _ in .text("day") }
        return router
    }

    func run(_ method: String, _ path: String) throws -> String? {
        guard case .found(let handler, let parameters, _) = try router().match(method: method, path: path[...]) else { return nil }
        let response = try handler(RequestContext(request: Request(method: method, target: path), parameters: parameters, scope: testScope))
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test func matchesLiteralsAndParameters() throws {
        #expect(try run("GET", "/") == "home")
        #expect(try run("GET", "/resets/stressed-tense-release") == "reset stressed-tense-release")
        #expect(try run("POST", "/resets/x/start") == "start x")
        #expect(try run("GET", "/calendar/year") == "year")
        #expect(try run("HEAD", "/resets/a") == "reset a")
    }

    @Test func decodesEachSegmentOnItsOwn() throws {
        #expect(try run("GET", "/resets/a%2Fb") == "reset a/b")
        #expect(throws: WebError.self) { try router().match(method: "GET", path: "/resets/%zz"[...]) }
    }

    @Test func unknownPathsAndWrongMethods() throws {
        guard case .notFound = try router().match(method: "GET", path: "/nowhere"[...]) else { Issue.record("expected 404"); return }
        guard case .notFound = try router().match(method: "GET", path: "/resets/"[...]) else { Issue.record("expected 404"); return }
        guard case .methodNotAllowed(let allowed) = try router().match(method: "DELETE", path: "/resets/a"[...]) else {
            Issue.record("expected 405"); return
        }
        #expect(allowed == ["GET", "HEAD"])
    }
}

let testScope = Scope(tenant: Tenant(id: String(repeating: "0", count: 32), slug: "default", name: "Resett"), account: nil)

@Suite("Whole numbers from clients")
struct WholeNumberTests {
    @Test(arguments: ["", "-1", "+5", " 5", "5 ", "1e3", "0x10", "١", "99999999999999999999", "9223372036854775808", "11"])
    func refuses(_ text: String) {
        #expect(WholeNumber.parse(text, in: 0...10) == nil)
    }

    @Test func acceptsDigitsInRange() {
        #expect(WholeNumber.parse("0", in: 0...10) == 0)
        #expect(WholeNumber.parse("07", in: 0...10) == 7)
        #expect(WholeNumber.parse("2026", in: 1970...9999, digits: 4...4) == 2026)
        #expect(WholeNumber.parse("026", in: 1...99, digits: 2...2) == nil)
        #expect(WholeNumber.parse("999999999999999999", in: 1...Int.max) == 999_999_999_999_999_999)
    }
}
