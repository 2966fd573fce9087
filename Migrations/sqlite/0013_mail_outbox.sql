-- Mail waiting to go over SMTP (with --smtp-url): written in the same moment as whatever caused it, sent by a
-- background worker on any node, retried with backoff, deleted once sent or given up. The server's delivery queue
-- rather than a tenant's data: an erasure removes a person's waiting mail by the digest of their address.
CREATE TABLE mail_outbox (
    id TEXT PRIMARY KEY,
    recipient TEXT NOT NULL,
    recipient_tag TEXT NOT NULL,
    message TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at);
CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient_tag);
