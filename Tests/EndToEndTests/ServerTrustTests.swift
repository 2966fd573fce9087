import Foundation
import Synchronization
import Testing
@testable import HTTPServer

/// Issue 11's resource findings against the server alone, over real sockets.
@Suite("Server trust: bounded memory, deadlines and caps", .serialized)
struct ServerTrustTests {
    /// Counts the requests that reach the handler.
    final class CountingResponder: HTTPResponder {
        let handled = Atomic<Int>(0)
        func placement(for request: Request) -> ResponsePlacement { request.path == "/healthz" ? .priority : .workerPool }
        func respond(to request: Request) -> Response {
            handled.add(1, ordering: .relaxed)
            if request.path == "/sleep" { usleep(3_000_000) }
            return Response(status: .ok, headers: ["Content-Type": "text/plain"], body: [UInt8](repeating: 66, count: 8192))
        }
    }

    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = Int(text.split(separator: " ")[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func aPipeliningClientThatDoesNotReadIsNotAnsweredWithoutEnd() throws {
        let responder = CountingResponder()
        let running = try RunningServer(responder: responder)
        let before = Self.residentBytes()
        var clients: [RawClient] = []
        for _ in 0..<4 {
            let client = try running.client()
            var small: Int32 = 4096
            setsockopt(client.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            clients.append(client)
        }
        let request = Array("GET /login HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        let burst = [UInt8]((0..<2000).flatMap { _ in request })
        // Send without ever reading: the server may hold a bounded amount per connection, then must stop.
        let descriptors = clients.map(\.fd)
        // Non-blocking sends: whatever the kernel takes, until the server stops reading and the buffers fill.
        for _ in 0..<20 {
            for fd in descriptors { _ = burst.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) } }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Thread.sleep(forTimeInterval: 1)
        let answered = responder.handled.load(ordering: .relaxed)
        // 40,000 requests per connection were offered; the server answers only what its 256 KiB of unsent output
        // and the kernel's socket buffers hold (a few MiB on loopback), then stops reading and parsing.
        #expect(answered < 10_000, "answered \(answered) requests for clients that read nothing")
        Thread.sleep(forTimeInterval: 1)
        #expect(responder.handled.load(ordering: .relaxed) == answered, "still answering")
        let growth = Self.residentBytes() - before
        #expect(growth < 64 * 1024 * 1024, "RSS grew by \(growth / 1024 / 1024) MiB")
        // Once a client reads, it is answered again.
        clients[0].setReceiveTimeout(5)
        #expect(try clients[0].readResponse().status == 200)
    }

    @Test func aTricklingBodyMeetsATotalDeadline() throws {
        let running = try RunningServer { $0.requestDeadline = 1.5; $0.bodyTimeout = 10 }
        let client = try running.client(receiveTimeout: 6)
        let started = Date()
        client.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n")
        for _ in 0..<8 {
            Thread.sleep(forTimeInterval: 0.3)
            client.send("x")  // steady progress that would reset a per-read timeout forever
        }
        #expect(try client.readResponse().status == 408)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func oneAddressCannotTakeEveryConnection() throws {
        let running = try RunningServer { $0.maxConnectionsPerAddress = 3; $0.eventLoopCount = 1 }
        let held = try (0..<3).map { _ in try running.client() }
        for client in held { #expect(try client.request("GET", "/hello").status == 200) }
        let fourth = try running.client()
        #expect(try fourth.readResponse().status == 503)
        shutdown(held[0].fd, Int32(SHUT_RDWR))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try running.client().request("GET", "/hello").status == 200)
    }

    @Test func aHandlerPastItsDeadlineIsAnswered503() throws {
        let running = try RunningServer(responder: CountingResponder()) { $0.handlerTimeout = 1 }
        let client = try running.client(receiveTimeout: 5)
        let started = Date()
        let answer = try client.request("GET", "/sleep")
        #expect(answer.status == 503)
        #expect(Date().timeIntervalSince(started) < 2.9)
    }

    @Test func aFullWorkerQueueAnswers503AtOnce() throws {
        let running = try RunningServer(responder: CountingResponder()) { $0.workerCount = 1; $0.maxQueuedRequests = 1 }
        let busy = try running.client(receiveTimeout: 5)
        busy.send("GET /sleep HTTP/1.1\r\nHost: h\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.2)
        let queued = try running.client(receiveTimeout: 5)
        queued.send("GET /sleep HTTP/1.1\r\nHost: h\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.2)
        let started = Date()
        let refused = try running.client(receiveTimeout: 5).request("GET", "/hello")
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") != nil)
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func theHealthCheckNeverWaitsBehindTheWorkers() throws {
        let running = try RunningServer(responder: CountingResponder()) { $0.workerCount = 1 }
        let busy = try running.client(receiveTimeout: 5)
        busy.send("GET /sleep HTTP/1.1\r\nHost: h\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.2)
        let started = Date()
        #expect(try running.client().request("GET", "/healthz").status == 200)
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func theConnectionCapFitsTheDescriptorLimit() {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let cap = Server.connectionCap(configured: 1_000_000)
        #expect(cap <= Int(clamping: limit.rlim_cur) - 64)
        #expect(Server.connectionCap(configured: 10) == 10)
    }
}
