-- The weekly email by when it may next fall due (the start of the person's next week, in their own zone), as
-- reminders go by `due_at`: the minute's clock reads only those due, by an index. Before, it read every account
-- that had asked for the email, every minute, to find the few whose week had just begun. NULL: not asked for; 0: look
-- at it at the next minute (it has just been turned on, or the person's zone has changed).
ALTER TABLE accounts ADD COLUMN digest_due_at INTEGER;
UPDATE accounts SET digest_due_at = 0 WHERE digest_email = 1;
DROP INDEX accounts_digest;
CREATE INDEX accounts_digest_due ON accounts (digest_due_at) WHERE digest_due_at IS NOT NULL;
