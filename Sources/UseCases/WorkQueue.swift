import Foundation
import Logging

/// Work done on a thread of its own, so a request (or the clock) never waits for another server: mail for an SMTP
/// server, a push message for a push service. Bounded: past `capacity`, new work is dropped and logged (without its
/// contents), so a slow server cannot grow memory without end.
final class WorkQueue<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [Item] = []
    private var working = false
    private let capacity: Int
    private let logger: Logger
    private let label: String
    private let handle: @Sendable (Item) -> Void

    /// `label` names the thread and the log line ("mail", "push").
    init(label: String, capacity: Int, logger: Logger, handle: @escaping @Sendable (Item) -> Void) {
        self.label = label
        self.capacity = max(1, capacity)
        self.logger = logger
        self.handle = handle
        let thread = Thread { [self] in self.run() }
        thread.name = "resett-\(label)"
        thread.start()
    }

    func add(_ item: Item) {
        condition.lock()
        defer { condition.unlock() }
        guard pending.count < capacity else {
            logger.error("\(label) queue full; dropped")
            return
        }
        pending.append(item)
        condition.signal()
    }

    /// Waits until everything queued so far has been handled (tests; shutdown).
    func flush() {
        condition.lock()
        while !pending.isEmpty || working { _ = condition.wait(until: Date().addingTimeInterval(0.01)) }
        condition.unlock()
    }

    /// Drops waiting work that `matches` (an erased account's).
    func removeAll(where matches: (Item) -> Bool) {
        condition.lock()
        pending.removeAll(where: matches)
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            let item = pending.removeFirst()
            working = true
            condition.unlock()
            handle(item)
            condition.lock()
            working = false
            condition.broadcast()
            condition.unlock()
        }
    }
}
