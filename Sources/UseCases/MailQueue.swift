import Foundation
import Logging

/// Sends mail on its own thread, so a request never waits for a mail server (or a disk), and so how long a
/// page takes says nothing about whether a message was sent. The queue is bounded; past it, mail is dropped
/// and logged (without its address or contents).
public final class MailQueue: Mailer, @unchecked Sendable {
    private let mailer: any Mailer
    private let logger: Logger
    private let condition = NSCondition()
    private var pending: [Mail] = []
    private var sending = false
    private let capacity: Int
    private let onSent: @Sendable () -> Void
    private let onFailed: @Sendable () -> Void

    public init(sending mailer: any Mailer, logger: Logger, capacity: Int = 1000, onSent: @escaping @Sendable () -> Void = {},
                onFailed: @escaping @Sendable () -> Void = {}) {
        self.mailer = mailer
        self.logger = logger
        self.capacity = capacity
        self.onSent = onSent
        self.onFailed = onFailed
        let thread = Thread { [self] in self.run() }
        thread.name = "resett-mail"
        thread.start()
    }

    public func send(_ mail: Mail) throws {
        condition.lock()
        defer { condition.unlock() }
        guard pending.count < capacity else {
            logger.error("mail queue full; message dropped")
            return
        }
        pending.append(mail)
        condition.signal()
    }

    /// Waits until everything queued so far has been handed on (tests; shutdown).
    public func flush() {
        condition.lock()
        while !pending.isEmpty || sending { _ = condition.wait(until: Date().addingTimeInterval(0.01)) }
        condition.unlock()
    }

    public func forget(recipient: String) {
        condition.lock()
        pending.removeAll { $0.to.lowercased() == recipient.lowercased() }
        condition.unlock()
        mailer.forget(recipient: recipient)
    }

    public func removeOlder(than seconds: Int) { mailer.removeOlder(than: seconds) }

    private func run() {
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            let mail = pending.removeFirst()
            sending = true
            condition.unlock()
            do {
                try mailer.send(mail)
                onSent()
            } catch {
                onFailed()
                logger.error("mail not sent", metadata: ["error": "\(error)"])
            }
            condition.lock()
            sending = false
            condition.broadcast()
            condition.unlock()
        }
    }
}
