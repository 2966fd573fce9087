import Foundation
import Logging
import Testing
@testable import HTTPServer

@Suite("Server over real sockets: connections")
struct ServerConnectionTests {
    @Test func keepAliveCarriesManyRequests() throws {
        let running = try RunningServer()
        let client = try running.client()
        for _ in 0..<5 {
            let answer = try client.request("GET", "/hello")
            #expect(answer.status == 200)
            #expect(answer.text == "hello")
            #expect(answer.header("Connection") == nil)
            #expect(answer.header("Date") != nil)
        }
        #expect(running.server.connectionCount == 1)
    }

    @Test func aSecondServerOnTheSamePortRefusesToStart() throws {
        let running = try RunningServer()
        var configuration = ServerConfiguration()
        configuration.port = running.port
        #expect(throws: ServerError.self) {
            try Server(configuration: configuration, responder: TestResponder(), logger: Logger(label: "second"))
        }
        #expect(try running.client().request("GET", "/hello").status == 200)
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let running = try RunningServer()
        let client = try running.client()
        // The first takes longest on a worker; its answer must still come first.
        client.send("GET /sleep?ms=150 HTTP/1.1\r\nHost: h\r\n\r\nGET /inline HTTP/1.1\r\nHost: h\r\n\r\nGET /sleep?ms=10 HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try client.readResponse().text == "slept 150")
        #expect(try client.readResponse().text == "hello")
        #expect(try client.readResponse().text == "slept 10")
    }

    @Test func connectionCloseIsHonoured() throws {
        let running = try RunningServer()
        let client = try running.client()
        let answer = try client.request("GET", "/hello", headers: ["Connection: close"])
        #expect(answer.status == 200)
        #expect(answer.header("Connection") == "close")
        #expect(client.isClosedByServer())
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        let running = try RunningServer()
        let closing = try running.client()
        closing.send("GET /hello HTTP/1.0\r\n\r\n")
        #expect(try closing.readResponse().header("Connection") == "close")
        #expect(closing.isClosedByServer())

        let keeping = try running.client()
        keeping.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try keeping.readResponse().header("Connection") == "keep-alive")
        keeping.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try keeping.readResponse().status == 200)
    }

    @Test func headAnswersHeadersWithoutABody() throws {
        let running = try RunningServer()
        let client = try running.client()
        let head = try client.request("HEAD", "/big?bytes=1000")
        #expect(head.header("Content-Length") == "1000")
        #expect(head.body.isEmpty)
        // Had a body been sent, this next answer would be misread.
        #expect(try client.request("GET", "/hello").text == "hello")
    }

    @Test func contentLengthAndChunkedBodiesArrive() throws {
        let running = try RunningServer()
        let client = try running.client()
        #expect(try client.request("POST", "/echo", body: "name=Sam").text == "name=Sam")
        client.send("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n5;x=y\r\npedia\r\n0\r\n\r\n")
        #expect(try client.readResponse().text == "Wikipedia")
    }

    @Test func expectContinueGetsAnInterimAnswer() throws {
        let running = try RunningServer()
        let client = try running.client()
        client.send("POST /echo HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        let interim = try client.readResponse()
        #expect(interim.status == 100)
        client.send("hello")
        #expect(try client.readResponse().text == "hello")
    }

    @Test func expectContinueOverTheLimitIsRefusedAtOnce() throws {
        let running = try RunningServer { $0.limits.maxBodyBytes = 10 }
        let client = try running.client()
        client.send("POST /echo HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 11\r\n\r\n")
        #expect(try client.readResponse().status == 413)
        #expect(client.isClosedByServer())
    }

    @Test func aHalfClosedClientStillGetsItsAnswer() throws {
        let running = try RunningServer()
        let client = try running.client()
        client.send("GET /sleep?ms=50 HTTP/1.1\r\nHost: h\r\n\r\n")
        shutdown(client.fd, Int32(SHUT_WR))
        #expect(try client.readResponse().text == "slept 50")
        #expect(client.isClosedByServer())
    }
}
