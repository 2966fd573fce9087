-- Mail waiting to go over SMTP (as Migrations/sqlite/0013_mail_outbox.sql). Not distributed by tenant: on Citus it
-- stays a local table on the coordinator, which every node's worker polls.
CREATE TABLE mail_outbox (
    id TEXT PRIMARY KEY,
    recipient TEXT NOT NULL,
    recipient_tag TEXT NOT NULL,
    message TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_error TEXT,
    created_at BIGINT NOT NULL
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at);
CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient_tag);
