import Foundation
import Logging
import Synchronization

/// The HTTP/1.1 server: a few event-loop threads that own the sockets and a fixed pool of workers
/// for handlers. `start()` returns once it listens; `shutdown()` stops accepting, lets requests in
/// flight finish and returns when every connection is closed.
public final class Server: Sendable {
    public let configuration: ServerConfiguration
    /// The port it listens on (the kernel's choice when the configuration asked for 0).
    public let port: Int
    private let shared: ServerShared
    private let loops: [EventLoop]
    private let stopped = DispatchGroup()
    private let listenerFD: Int32
    private let listenerClosed = Mutex(false)

    public init(configuration: ServerConfiguration, responder: any HTTPResponder, logger: Logger) throws(ServerError) {
        self.configuration = configuration
        let listener = try Socket.listen(host: configuration.host, port: configuration.port, backlog: configuration.listenBacklog)
        self.listenerFD = listener
        self.port = Socket.boundPort(listener)
        do {
            let cap = Self.connectionCap(configured: configuration.maxConnections)
            if cap < configuration.maxConnections {
                logger.notice("connection cap lowered to fit the file-descriptor limit", metadata: ["cap": .stringConvertible(cap)])
            }
            let shared = ServerShared(configuration: configuration, responder: responder, logger: logger, connectionCap: cap)
            self.shared = shared
            self.loops = try (0..<max(1, configuration.eventLoopCount)).map { (_: Int) throws(ServerError) in
                try EventLoop(listenerFD: listener, shared: shared)
            }
        } catch {
            close(listener)
            throw error
        }
    }

    /// Starts the event-loop threads.
    public func start() {
        for (number, loop) in loops.enumerated() {
            stopped.enter()
            let thread = Thread { [stopped] in
                loop.run()
                stopped.leave()
            }
            thread.name = "resett-loop-\(number)"
            thread.start()
        }
        shared.logger.notice("listening", metadata: ["address": "\(configuration.host):\(port)"])
    }

    /// Stops accepting, finishes requests in flight (up to the grace period) and waits for the loops to end.
    public func shutdown() {
        beginShutdown()
        wait()
    }

    /// Starts a shutdown without waiting for it (safe from any thread).
    public func beginShutdown() {
        shared.beginShutdown()
        loops.forEach { $0.wake() }
    }

    /// Blocks until the server has shut down.
    public func wait() {
        stopped.wait()
        listenerClosed.withLock { closed in
            if !closed { close(listenerFD) }
            closed = true
        }
        shared.workers.shutdown()
        shared.priorityWorkers.shutdown()
        shared.waitingWorkers.shutdown()
        shared.accessLog.stop()
    }

    /// Waits until every access-log line so far has reached the logger.
    public func flushAccessLog() { shared.accessLog.flush() }

    /// The configured cap, lowered so that connections can never take every descriptor: the database,
    /// static files, mail and the listener need some too.
    static func connectionCap(configured: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return configured }
        let reserve = 64
        let available = Int(clamping: limit.rlim_cur) - reserve
        return max(1, min(configured, available))
    }

    /// Open connections across all loops.
    public var connectionCount: Int { shared.openConnections.load(ordering: .relaxed) }

    /// Requests waiting for a worker thread.
    public var queuedRequests: Int { shared.workers.queuedCount }
}
