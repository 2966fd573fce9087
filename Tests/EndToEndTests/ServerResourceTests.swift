import Foundation
import Testing
@testable import HTTPServer

@Suite("Server over real sockets: timeouts, bounded resources, shutdown", .serialized)
struct ServerResourceTests {
    @Test func aSlowHeadIsCutOffWith408() throws {
        let running = try RunningServer { $0.headTimeout = 1 }
        let client = try running.client(receiveTimeout: 5)
        let started = Date()
        client.send("GET /hello HTTP/1.1\r\nHost: h\r\n")
        // Keep trickling, as slowloris does; progress must not extend the head's deadline.
        for _ in 0..<3 {
            Thread.sleep(forTimeInterval: 0.4)
            client.send("X-Slow: 1\r\n")
        }
        let answer = try client.readResponse()
        #expect(answer.status == 408)
        #expect(client.isClosedByServer())
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test func idleKeepAliveConnectionsAreClosed() throws {
        let running = try RunningServer { $0.idleTimeout = 1 }
        let client = try running.client(receiveTimeout: 5)
        #expect(try client.request("GET", "/hello").status == 200)
        let started = Date()
        #expect(client.isClosedByServer())
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test func aReaderThatNeverReadsHoldsNoWorker() throws {
        // One worker only: if writing the big answer held it, the second client would wait forever.
        let running = try RunningServer { $0.workerCount = 1; $0.writeTimeout = 1 }
        let stalled = try running.client()
        var small: Int32 = 4096
        setsockopt(stalled.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        stalled.send("GET /big?bytes=50000000 HTTP/1.1\r\nHost: h\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.3)

        let other = try running.client(receiveTimeout: 2)
        #expect(try other.request("GET", "/sleep?ms=1").status == 200)

        // And the stalled one is given up on once its write makes no progress.
        let deadline = Date().addingTimeInterval(8)
        while running.server.connectionCount > 1, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(running.server.connectionCount == 1)
    }

    @Test func connectionsOverTheCapGet503OnlyWhenEveryOneIsBusy() throws {
        let running = try RunningServer { $0.maxConnections = 2; $0.eventLoopCount = 1; $0.workerCount = 2 }
        let first = try running.client()
        let second = try running.client()
        // Both busy with a request: a third is refused.
        first.send("GET /sleep?ms=1500 HTTP/1.1\r\nHost: x\r\n\r\n")
        second.send("GET /sleep?ms=1500 HTTP/1.1\r\nHost: x\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.3)
        let third = try running.client()
        let answer = try third.readResponse()
        #expect(answer.status == 503)
        #expect(third.isClosedByServer())
        #expect(try first.readResponse().status == 200 && (try second.readResponse().status) == 200)
    }

    /// Issue 32, finding 10: connections that hold a slot and send nothing (or sit idle between requests) make way for a
    /// client with a request when the server is at its cap, oldest first, and a silent one is closed at the head timeout.
    @Test func atTheCapTheOldestIdleOrSilentConnectionMakesWayForARealRequest() throws {
        let running = try RunningServer { $0.maxConnections = 8; $0.eventLoopCount = 1; $0.headTimeout = 2; $0.idleTimeout = 30 }
        let keptAlive = try running.client()
        #expect(try keptAlive.request("GET", "/hello").status == 200)
        let silent = try (0..<7).map { _ in try running.client() }
        let deadline = Date().addingTimeInterval(3)
        while running.server.connectionCount < 8, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        // Full: each new client with a request gets in, and the oldest idle connection (the kept-alive one first) goes.
        for _ in 0..<3 {
            let newcomer = try running.client()
            #expect(try newcomer.request("GET", "/hello").status == 200)
        }
        #expect(keptAlive.isClosedByServer(), "the longest idle went first")
        #expect(silent[0].isClosedByServer() && silent[1].isClosedByServer())
        #expect(running.server.connectionCount <= 8)

        // A connection that never sends a byte is closed at the head timeout (2 s here), not the idle one (30 s).
        let quiet = try running.client()
        Thread.sleep(forTimeInterval: 3.5)
        #expect(quiet.isClosedByServer())
        let regular = try running.client()
        #expect(try regular.request("GET", "/hello").status == 200)
        Thread.sleep(forTimeInterval: 3.5)
        #expect(try regular.request("GET", "/hello").status == 200, "after a request, the keep-alive timeout applies")
    }

    @Test func manyIdleConnectionsUseNoExtraThreads() throws {
        // Both ends live in this process: make room for twice the connections in file descriptors.
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, 4096))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let running = try RunningServer { $0.eventLoopCount = 2; $0.workerCount = 2 }
        let before = Self.threadCount()
        let clients = try (0..<500).map { _ in try running.client() }
        #expect(try clients[499].request("GET", "/hello").status == 200)
        // Two event loops take connections in turn: the last answer comes from one loop while the other may still be
        // registering its last connection, so give it a moment (the count must reach 500, and not pass it).
        let deadline = Date().addingTimeInterval(5)
        while running.server.connectionCount < 500, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(running.server.connectionCount == 500)
        // Other suites run alongside and start threads of their own (an app's waiting pool alone is 64), so allow for
        // them, but never anything like one per connection.
        #expect(Self.threadCount() < before + 250)
    }

    @Test func shutdownFinishesRequestsInFlightThenStops() throws {
        let running = try RunningServer()
        let busy = try running.client()
        busy.send("GET /sleep?ms=500 HTTP/1.1\r\nHost: h\r\n\r\n")
        let idle = try running.client()
        #expect(try idle.request("GET", "/hello").status == 200)
        Thread.sleep(forTimeInterval: 0.1)

        let done = DispatchSemaphore(value: 0)
        let server = running.server
        Thread.detachNewThread {
            server.shutdown()
            done.signal()
        }
        let answer = try busy.readResponse()
        #expect(answer.text == "slept 500")
        #expect(answer.header("Connection") == "close")
        #expect(idle.isClosedByServer())
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(throws: RawClient.Failure.self) { try RawClient(port: running.port) }
    }

    static func threadCount() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") } ?? ""
        return Int(line.split(separator: "\t").last ?? "") ?? -1
    }
}
