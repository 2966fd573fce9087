@testable import Domain
import Foundation
@testable import Storage
import Testing
@testable import Web

/// Issue 17: an organisation's logo, uploaded as multipart/form-data over a real socket, checked, shown and served.
@Suite("Organisation logo")
struct LogoTests {
    /// A PNG's structure (signature, IHDR, IDAT, IEND) with `width` × `height`; its pixels are not decoded by the check.
    static func png(width: Int = 64, height: Int = 32, padding: Int = 0) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let length = UInt32(data.count)
            return [UInt8(length >> 24), UInt8(length >> 16 & 255), UInt8(length >> 8 & 255), UInt8(length & 255)] + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        func be(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)] }
        return PNGImage.signature + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C] + Array(repeating: 0, count: padding)) + chunk("IEND", [])
    }

    /// A multipart body with the CSRF token and one file.
    static func upload(_ browser: Browser, csrf: String?, file: [UInt8], filename: String = "logo.png", type: String = "image/png",
                       extra: [(String, String)] = []) throws -> RawClient.Answer {
        let boundary = "----resett\(UUID().uuidString.prefix(8))"
        var body: [UInt8] = []
        func text(_ string: String) { body += Array(string.utf8) }
        for (name, value) in (csrf.map { [("_csrf", $0)] } ?? []) + extra {
            text("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        text("--\(boundary)\r\nContent-Disposition: form-data; name=\"logo\"; filename=\"\(filename)\"\r\nContent-Type: \(type)\r\n\r\n")
        body += file
        text("\r\n--\(boundary)--\r\n")
        let client = try RawClient(port: browser.port)
        var head = "POST /admin/logo HTTP/1.1\r\nHost: \(browser.host)\r\nConnection: close\r\n"
        head += "Cookie: " + browser.cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") + "\r\n"
        head += "Content-Type: multipart/form-data; boundary=\(boundary)\r\nContent-Length: \(body.count)\r\n\r\n"
        client.send(Array(head.utf8) + body)
        return try client.readResponse()
    }

    @Test func anAdminUploadsAPNGThatEveryPageThenShows() throws {
        let app = try RunningApp()
        let admin = try staff(app, "logo.admin@example.com", .admin)
        let page = try admin.get("/admin/logo")
        #expect(page.status == 200 && page.text.contains("enctype=\"multipart/form-data\""))
        let csrf = try #require(admin.lastCSRF)
        #expect(try Self.upload(admin, csrf: nil, file: Self.png()).status == 403, "no CSRF token, no upload")
        #expect(try Self.upload(admin, csrf: String(repeating: "0", count: 64), file: Self.png()).status == 403)
        let saved = try Self.upload(admin, csrf: csrf, file: Self.png())
        #expect(saved.status == 303, "\(saved.status) \(saved.text.prefix(300))")
        let sha = try #require(try app.environment.database.tenant(slug: "default")?.settings.logoSHA)
        let home = try app.browser().get("/").text
        #expect(home.contains("<img class=\"site-logo\" src=\"/brand/logo.png?v=\(sha.prefix(16))\" alt=\"\">"))
        let served = try app.browser().get("/brand/logo.png?v=\(sha.prefix(16))")
        #expect(served.status == 200 && served.header("Content-Type") == "image/png" && served.header("Cache-Control")?.contains("immutable") == true)
        #expect(served.body == Self.png())
        #expect(try app.browser().get("/brand/logo.png").header("Cache-Control") == "no-cache")
        // Another organisation has no logo: its header has none and its logo URL does not exist.
        _ = try app.environment.database.createTenant(slug: "acme", name: "Acme Ltd")
        #expect(try app.browser(host: "acme.localhost").get("/brand/logo.png").status == 404)
        #expect(!(try app.browser(host: "acme.localhost").get("/").text.contains("site-logo")))
        // Removed: gone from the header, and the URL with it.
        _ = try admin.get("/admin/logo")
        #expect(try admin.post("/admin/logo", [("remove", "1")]).status == 303)
        #expect(!(try app.browser().get("/").text.contains("site-logo")))
        #expect(try app.browser().get("/brand/logo.png").status == 404)
        #expect(try admin.get("/admin/audit").text.contains("Uploaded a logo") && (try admin.get("/admin/audit").text.contains("Removed the logo")))
    }

    @Test func anythingButASensiblePNGIsRefusedWithTheReason() throws {
        let app = try RunningApp()
        let admin = try staff(app, "refuse.admin@example.com", .admin)
        _ = try admin.get("/admin/logo")
        let csrf = try #require(admin.lastCSRF)
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8)
        let cases: [([UInt8], String, String, String)] = [
            (svg, "logo.svg", "image/svg+xml", "SVG files can carry scripts"),
            (Array("not an image".utf8), "logo.png", "image/png", "isn’t a PNG we can read"),
            (Array(Self.png().dropLast(5)), "logo.png", "image/png", "isn’t a PNG we can read"),
            (Self.png() + [0], "logo.png", "image/png", "isn’t a PNG we can read"),
            (Self.png(width: 2001), "logo.png", "image/png", "up to 2000 pixels"),
            (Self.png(width: 0), "logo.png", "image/png", "up to 2000 pixels"),
            (Self.png(padding: 60_001), "logo.png", "image/png", "60 KB or less"),
            ([], "logo.png", "image/png", "Choose a PNG file"),
        ]
        for (file, name, type, reason) in cases {
            let refused = try Self.upload(admin, csrf: csrf, file: file, filename: name, type: type)
            #expect(refused.status == 422 && refused.text.contains(reason), "\(name) \(file.count): \(refused.status)")
        }
        #expect(try app.environment.database.tenant(slug: "default")?.settings.logoSHA == nil)
        // Members never see the page, and cannot upload.
        let member = try staff(app, "logo.member@example.com", .member)
        #expect(try member.get("/admin/logo").status == 404)
        _ = try member.get("/account")
        let token = try #require(member.lastCSRF)
        #expect(try Self.upload(member, csrf: token, file: Self.png()).status == 404)
    }

    @Test func malformedMultipartBodiesAreRefusedNotMisread() throws {
        let boundary = "XyZ"
        for body in ["", "--XyZ", "--XyZ\r\n", "--XyZ\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--XyZ--",
                     "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end",
                     "--XyZ\r\n" + String(repeating: "H: v\r\n", count: 300) + "\r\nx\r\n--XyZ--",
                     String(repeating: "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n", count: 30) + "--XyZ--"] {
            #expect(throws: WebError.self, "\(body.prefix(40))") { try MultipartForm(body: Array(body.utf8), boundary: boundary) }
        }
        let good = try MultipartForm(body: Array("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nfirst\r\n--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.png\"\r\nContent-Type: image/png\r\n\r\n\r\n--XyZ--\r\n".utf8), boundary: boundary)
        #expect(good.fields["a"] == "first" && good.files.first?.filename == "x.png" && good.files.first?.bytes == [])
        #expect(MultipartForm.boundary(contentType: "multipart/form-data; boundary=\"a b\"") == nil, "a space is not allowed unquoted or quoted here")
        #expect(MultipartForm.boundary(contentType: "multipart/form-data; boundary=" + String(repeating: "b", count: 71)) == nil)
        #expect(MultipartForm.boundary(contentType: "multipart/form-data; boundary=----abc") == "----abc")
    }
}
