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

    @Test func findsOneCookieAsTheDictionaryWould() {
        let headers: HTTPHeaders = ["Cookie": "=x; a=1;b=\"two\"; a=shadowed;  session=café"]
        let all = RequestCookies(headers: headers)
        for name in ["a", "b", "session", "missing", ""] {
            #expect(RequestCookies.value(named: name, in: headers) == all[name], "\(name)")
        }
        #expect(RequestCookies.value(named: "a", in: headers) == "1")
        #expect(RequestCookies.value(named: "session", in: headers) == "café")
        var two = HTTPHeaders()
        two.add("Cookie", "other=1")
        two.add("Cookie", "session=second")
        #expect(RequestCookies.value(named: "session", in: two) == "second")
        #expect(RequestCookies.value(named: "session", in: HTTPHeaders()) == nil)
    }

    @Test func readsAHostName() {
        #expect(Gate.hostName("Example.ORG:8080") == "example.org")
        #expect(Gate.hostName("uni.resett.test.") == "uni.resett.test")
        #expect(Gate.hostName("[::1]:8080") == "::1")
        #expect(Gate.hostName("localhost") == "localhost")
        for bad in ["", "exa mple.org", "example.org:80a", "example.org:٣", "exämple.org", "[::1", "[evil.test]", "a_b.test",
                    String(repeating: "a", count: 254), ":", "."] {
            #expect(Gate.hostName(bad) == nil, "\(bad)")
        }
    }

    @Test func buildsSafeSetCookieValues() {
        #expect(SetCookie(name: "session", value: "abc", maxAge: 3600).headerValue
                == "session=abc; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax")
        #expect(SetCookie(name: "s", value: "x; Domain=evil.test", secure: true).headerValue
                == "s=xDomain=evil.test; Path=/; HttpOnly; Secure; SameSite=Lax")
        #expect(SetCookie.expired("s").headerValue == "s=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
    }
}

let testScope = Scope(tenant: Tenant(id: TenantID(stored: String(repeating: "0", count: 32)), slug: "default", name: "Resett"), account: nil)

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
