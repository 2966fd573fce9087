import Foundation
import Logging

/// Sends mail on its own thread, so a request never waits for a mail server (or a disk), and so how long a
/// page takes says nothing about whether a message was sent. The queue is bounded; past it, mail is dropped
/// and logged (without its address or contents).
public final class MailQueue: Mailer, Sendable {
    private let mailer: any Mailer
    private let queue: WorkQueue<Mail>

    public init(sending mailer: any Mailer, logger: Logger, capacity: Int = 1000, onSent: @escaping @Sendable () -> Void = {},
                onFailed: @escaping @Sendable () -> Void = {}) {
        self.mailer = mailer
        queue = WorkQueue(label: "mail", capacity: capacity, logger: logger) { mail in
            do {
                try mailer.send(mail)
                onSent()
            } catch {
                onFailed()
                logger.error("mail not sent", metadata: ["error": "\(error)"])
            }
        }
    }

    public func send(_ mail: Mail) throws { queue.add(mail) }

    /// Waits until everything queued so far has been handed on (tests; shutdown).
    public func flush() { queue.flush() }

    public func forget(recipient: String) {
        queue.removeAll { $0.to.lowercased() == recipient.lowercased() }
        mailer.forget(recipient: recipient)
    }

    public func removeOlder(than seconds: Int) { mailer.removeOlder(than: seconds) }
}
