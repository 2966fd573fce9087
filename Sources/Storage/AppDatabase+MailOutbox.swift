/// Mail waiting to be sent over SMTP: the durable outbox any node's delivery worker drains.
extension AppDatabase {
    /// A message due for sending, claimed by one worker.
    public struct OutboxMessage: Sendable, Equatable {
        public let id: String
        public let recipient: String
        public let message: String
        /// Tries before this one.
        public let attempts: Int
    }

    public func enqueueMail(recipient: String, recipientTag: String, message: String, now: Int) throws(StorageError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO mail_outbox (id, recipient, recipient_tag, message, attempts, next_attempt_at, created_at)
                VALUES (?, ?, ?, ?, 0, ?, ?)
                """, arguments: [RandomID.make(), recipient, recipientTag, message, now, now])
        }
    }

    /// Claims up to `limit` messages that are due: each is pushed `lease` seconds into the future in the same
    /// statement that checks it is still due, so two workers never send one message, and a worker that dies
    /// mid-send leaves it to be tried again when the lease ends.
    public func claimDueMail(now: Int, lease: Int, limit: Int) throws(StorageError) -> [OutboxMessage] {
        try write { db in
            let due = try db.rows(sql: """
                SELECT id, recipient, message, attempts FROM mail_outbox WHERE next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?
                """, arguments: [now, limit])
            var claimed: [OutboxMessage] = []
            for row in due {
                let id: String = row["id"]
                try db.execute(sql: "UPDATE mail_outbox SET next_attempt_at = ? WHERE id = ? AND next_attempt_at <= ?",
                               arguments: [now + lease, id, now])
                if db.changesCount == 1 {
                    claimed.append(OutboxMessage(id: id, recipient: row["recipient"], message: row["message"], attempts: row["attempts"]))
                }
            }
            return claimed
        }
    }

    /// Sent, or given up: the message (with its address and links) goes.
    public func removeMail(id: String) throws(StorageError) {
        try write { db in try db.execute(sql: "DELETE FROM mail_outbox WHERE id = ?", arguments: [id]) }
    }

    /// A failed try: counted, and the next one scheduled. `error` is the mail server's words, never the message.
    public func deferMail(id: String, attempts: Int, nextAttemptAt: Int, error: String) throws(StorageError) {
        try write { db in
            try db.execute(sql: "UPDATE mail_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?",
                           arguments: [attempts, nextAttemptAt, String(error.prefix(300)), id])
        }
    }

    /// An erased person's waiting mail.
    public func forgetMail(recipientTag: String) throws(StorageError) {
        try write { db in try db.execute(sql: "DELETE FROM mail_outbox WHERE recipient_tag = ?", arguments: [recipientTag]) }
    }

    /// Mail older than `before` (its links have expired): removed unsent.
    public func purgeMail(createdBefore before: Int) throws(StorageError) {
        try write { db in try db.execute(sql: "DELETE FROM mail_outbox WHERE created_at < ?", arguments: [before]) }
    }

    /// How many messages wait (for metrics and tests).
    public func waitingMailCount() throws(StorageError) -> Int {
        try read { db in try db.int(sql: "SELECT count(*) FROM mail_outbox") ?? 0 }
    }
}
