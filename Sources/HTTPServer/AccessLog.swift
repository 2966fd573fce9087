import Foundation
import Logging

/// The access log, written by its own thread so an event loop never waits for a log handler (a slow
/// terminal or disk). Lines wait in a bounded queue; past the bound they are counted and dropped.
final class AccessLog: @unchecked Sendable {
    struct Line {
        let requestID: String
        let method: String
        /// The route template; "-" when no route answered. Never the path (it carries ids) or the query.
        let route: String
        let status: Int
        let bytes: Int
        let milliseconds: Int
    }

    private let logger: Logger
    private let condition = NSCondition()
    private var pending: [Line] = []
    private var dropped = 0
    private var stopping = false
    private var busy = false
    private let capacity: Int
    private let finished = DispatchGroup()

    init(logger: Logger, enabled: Bool = true, capacity: Int = 10_000) {
        self.logger = logger
        self.isEnabled = enabled && logger.logLevel <= .info
        self.capacity = capacity
        finished.enter()
        let thread = Thread { [self] in
            self.run()
            self.finished.leave()
        }
        thread.name = "resett-access-log"
        thread.start()
    }

    /// Whether lines are wanted at all: switched off, or at `--log-level notice` and above, recording costs nothing.
    /// Both are fixed at start, so they are read once rather than on every request.
    let isEnabled: Bool

    func record(_ line: Line) {
        condition.lock()
        let wasEmpty = pending.isEmpty
        if pending.count < capacity { pending.append(line) } else { dropped += 1 }
        // The writer drains everything queued at once, so only the first line of a batch needs to wake it:
        // under load that is one wake-up per batch, not a futex call per request.
        if wasEmpty { condition.signal() }
        condition.unlock()
    }

    /// Blocks until every line recorded so far has been handed to the logger (tests, shutdown).
    func flush() {
        condition.lock()
        while !pending.isEmpty || busy { _ = condition.wait(until: Date().addingTimeInterval(0.01)) }
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
        finished.wait()
    }

    private func run() {
        while true {
            condition.lock()
            while pending.isEmpty, !stopping { condition.wait() }
            if pending.isEmpty, stopping {
                condition.unlock()
                return
            }
            let lines = pending
            let lost = dropped
            pending.removeAll(keepingCapacity: true)
            dropped = 0
            busy = true
            condition.unlock()
            for line in lines {
                logger.info("request", metadata: [
                    "request_id": .string(line.requestID), "method": .string(line.method), "route": .string(line.route),
                    "status": .stringConvertible(line.status), "bytes": .stringConvertible(line.bytes),
                    "ms": .stringConvertible(line.milliseconds),
                ])
            }
            if lost > 0 { logger.warning("access log lines dropped", metadata: ["count": .stringConvertible(lost)]) }
            condition.lock()
            busy = false
            condition.broadcast()
            condition.unlock()
        }
    }
}
