import Dispatch
import Foundation
import Logging
import Storage

/// What carries a message to its recipient: SMTP in production (the executable gives it one).
public protocol MailTransport: Sendable {
    func send(from sender: String, to recipient: String, message: String) throws
}

/// With `--smtp-url`: a message is written to the database's outbox in the moment it is made (durable: a restart
/// or a mail server that is down loses nothing), and `MailDelivery` sends it. Nothing waits for a mail server on
/// the request path.
public struct DurableMailer: Mailer {
    let database: AppDatabase
    let sender: String
    let clock: @Sendable () -> Int
    let wake: @Sendable () -> Void

    public init(database: AppDatabase, sender: String, clock: @escaping @Sendable () -> Int, wake: @escaping @Sendable () -> Void) {
        self.database = database
        self.sender = sender
        self.clock = clock
        self.wake = wake
    }

    public func send(_ mail: Mail) throws {
        try database.enqueueMail(recipient: mail.to, recipientTag: OutboxMailer.recipientTag(mail.to),
                                 message: mail.rendered(from: sender), now: clock())
        wake()
    }

    public func forget(recipient: String) { try? database.forgetMail(recipientTag: OutboxMailer.recipientTag(recipient)) }

    public func removeOlder(than seconds: Int) { try? database.purgeMail(createdBefore: clock() - seconds) }
}

/// Sends what waits in the outbox, on its own thread, on every node (claims keep two nodes from sending one
/// message). A failure is retried with growing waits: 30 s, 2 min, 8 min, 32 min, then every few hours, giving up
/// after `maxAttempts` (about a day). Logs say what happened, never to whom or what.
public final class MailDelivery: @unchecked Sendable {
    let database: AppDatabase
    let transport: any MailTransport
    let envelopeSender: String
    let logger: Logger
    let clock: @Sendable () -> Int
    let maxAttempts: Int
    let pollSeconds: Double
    let onSent: @Sendable () -> Void
    let onFailedAttempt: @Sendable () -> Void
    private let condition = NSCondition()
    private var woken = false
    private var stopping = false
    private let finished = DispatchGroup()

    public init(database: AppDatabase, transport: any MailTransport, sender: String, logger: Logger,
                clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }, maxAttempts: Int = 8,
                pollSeconds: Double = 5, onSent: @escaping @Sendable () -> Void = {}, onFailedAttempt: @escaping @Sendable () -> Void = {}) {
        self.database = database
        self.transport = transport
        self.envelopeSender = Self.address(in: sender)
        self.logger = logger
        self.clock = clock
        self.maxAttempts = max(1, maxAttempts)
        self.pollSeconds = max(0.05, pollSeconds)
        self.onSent = onSent
        self.onFailedAttempt = onFailedAttempt
    }

    /// "Resett <no-reply@example.org>" → "no-reply@example.org" (the SMTP envelope takes the bare address).
    static func address(in sender: String) -> String {
        guard let open = sender.lastIndex(of: "<"), let close = sender.lastIndex(of: ">"), open < close else {
            return sender.trimmingCharacters(in: .whitespaces)
        }
        return String(sender[sender.index(after: open)..<close])
    }

    /// The wait before try number `attempt + 1`, after `attempt` failures.
    static func backoff(afterAttempt attempt: Int) -> Int {
        min(6 * 3600, 30 << (2 * min(max(attempt - 1, 0), 10)))
    }

    public func start() {
        finished.enter()
        let thread = Thread { [self] in
            self.run()
            self.finished.leave()
        }
        thread.name = "resett-mail-delivery"
        thread.start()
    }

    /// A message was just queued: look now rather than at the next poll.
    public func wake() {
        condition.lock()
        woken = true
        condition.signal()
        condition.unlock()
    }

    public func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
        finished.wait()
    }

    /// Sends everything due now; returns how many were sent (tests call this directly).
    @discardableResult
    public func deliverDue() -> Int {
        var sent = 0
        let now = clock()
        guard let due = try? database.claimDueMail(now: now, lease: 120, limit: 20) else {
            logger.error("mail outbox unreadable")
            return 0
        }
        for message in due {
            do {
                try transport.send(from: envelopeSender, to: message.recipient, message: message.message)
                try? database.removeMail(id: message.id)
                onSent()
                sent += 1
            } catch {
                onFailedAttempt()
                let attempts = message.attempts + 1
                if attempts >= maxAttempts {
                    try? database.removeMail(id: message.id)
                    logger.error("mail given up", metadata: ["attempts": .stringConvertible(attempts), "error": .string("\(error)")])
                } else {
                    try? database.deferMail(id: message.id, attempts: attempts, nextAttemptAt: now + Self.backoff(afterAttempt: attempts),
                                            error: "\(error)")
                    logger.warning("mail not sent; will retry", metadata: ["attempts": .stringConvertible(attempts), "error": .string("\(error)")])
                }
            }
        }
        return sent
    }

    private func run() {
        while true {
            condition.lock()
            if !woken, !stopping { _ = condition.wait(until: Date().addingTimeInterval(pollSeconds)) }
            woken = false
            let stop = stopping
            condition.unlock()
            if stop { return }
            // Keep going while there is more due (a backlog after the mail server comes back).
            while deliverDue() == 20 {}
        }
    }
}
