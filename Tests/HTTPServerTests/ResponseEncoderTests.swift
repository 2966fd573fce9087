import Testing
@testable import HTTPServer

@Suite("Response heads")
struct ResponseEncoderTests {
    func text(_ response: Response, isHead: Bool = false, keepAlive: Bool = true, version: HTTPVersion = .http1_1) -> String {
        String(decoding: ResponseEncoder.head(for: response, version: version, isHead: isHead, keepAlive: keepAlive,
                                              date: "Sun, 22 Nov 2026 10:00:00 GMT"), as: UTF8.self)
    }

    @Test func fullHead() {
        let head = text(.text("hello"))
        #expect(head == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nDate: Sun, 22 Nov 2026 10:00:00 GMT\r\nContent-Length: 5\r\n\r\n")
    }

    @Test func headRequestKeepsTheBodyLength() {
        #expect(text(.text("hello"), isHead: true).contains("Content-Length: 5\r\n"))
    }

    @Test func noLengthOn204And304() {
        #expect(!text(Response(status: .noContent)).contains("Content-Length"))
        #expect(!text(Response(status: .notModified)).contains("Content-Length"))
    }

    @Test func closeAndHTTP10KeepAlive() {
        #expect(text(.text("x"), keepAlive: false).contains("Connection: close\r\n"))
        #expect(text(.text("x"), version: .http1_0).contains("Connection: keep-alive\r\n"))
    }

    @Test func handlersCannotInjectHeadersOrFraming() {
        var response = Response.text("x")
        response.headers.add("X-Evil", "a\r\nSet-Cookie: stolen=1")
        response.headers.add("Content-Length", "999")
        response.headers.add("Transfer-Encoding", "chunked")
        let head = text(response)
        #expect(!head.contains("\r\nSet-Cookie"))
        #expect(head.contains("X-Evil: aSet-Cookie: stolen=1\r\n"))
        #expect(!head.contains("999"))
        #expect(!head.contains("chunked"))
    }
}

@Suite("HTTP dates")
struct HTTPDateTests {
    @Test func formatsAndParsesIMFFixdate() {
        #expect(HTTPDate.format(epochSeconds: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("garbage") == nil)
    }
}
