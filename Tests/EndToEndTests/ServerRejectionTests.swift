import Foundation
import Testing
@testable import HTTPServer

@Suite("Server over real sockets: refusals close the connection")
struct ServerRejectionTests {
    static let cases: [(String, Int)] = [
        ("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc", 400),
        ("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 5\r\n\r\nabc", 400),
        ("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
        ("HELLO\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n", 400),
    ]

    @Test(arguments: cases)
    func refuses(_ testCase: (String, Int)) throws {
        let running = try RunningServer()
        let client = try running.client()
        client.send(testCase.0)
        let answer = try client.readResponse()
        #expect(answer.status == testCase.1)
        #expect(answer.header("Connection") == "close")
        #expect(client.isClosedByServer())
    }

    @Test func limitsAnswerWithTheirOwnStatus() throws {
        let running = try RunningServer { $0.limits = HTTPLimits(maxRequestLineBytes: 100, maxHeaderBlockBytes: 400, maxHeaderCount: 10, maxBodyBytes: 20) }
        let cases: [(String, Int)] = [
            ("GET /" + String(repeating: "a", count: 200) + " HTTP/1.1\r\nHost: h\r\n\r\n", 414),
            ("GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "v", count: 500) + "\r\n\r\n", 431),
            ("GET / HTTP/1.1\r\nHost: h\r\n" + (0..<11).map { "X\($0): v\r\n" }.joined() + "\r\n", 431),
            ("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 21\r\n\r\n", 413),
            ("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n15\r\n" + String(repeating: "b", count: 21) + "\r\n0\r\n\r\n", 413),
        ]
        for (request, status) in cases {
            let client = try running.client()
            client.send(request)
            #expect(try client.readResponse().status == status)
            #expect(client.isClosedByServer())
        }
    }

    @Test func randomGarbageNeverTakesTheServerDown() throws {
        let running = try RunningServer()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            let client = try running.client(receiveTimeout: 2)
            let length = Int.random(in: 1...2000, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if round % 2 == 0 { bytes = Array("GET / HTTP/1.1\r\n".utf8) + bytes }
            client.send(bytes + Array("\r\n\r\n".utf8))
            if let answer = try? client.readResponse() { #expect(answer.status >= 400) }
        }
        let client = try running.client()
        #expect(try client.request("GET", "/hello").status == 200)
    }
}
