-- Reminders (issue 38), each off until a member turns it on: its time on their clock (minutes after midnight; worry
-- time's comes from worry_times, a setback's follow-up from the setback), when it is next due, and a version that moves
-- on whenever it is turned on, so a one-click "turn this off" link in an older email no longer applies.
CREATE TABLE reminders (
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('check-in', 'worry-time', 'setback')),
    minute INTEGER CHECK (minute IS NULL OR minute BETWEEN 0 AND 1439),
    due_at INTEGER,
    enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
    PRIMARY KEY (tenant_id, account_id, kind),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX reminders_due ON reminders (due_at);
-- Quiet hours (a reminder that falls in them waits until they end), and when the member was last reminded (never more
-- than one an hour).
ALTER TABLE accounts ADD COLUMN quiet_start INTEGER NOT NULL DEFAULT 1320 CHECK (quiet_start BETWEEN 0 AND 1439);
ALTER TABLE accounts ADD COLUMN quiet_end INTEGER NOT NULL DEFAULT 480 CHECK (quiet_end BETWEEN 0 AND 1439);
ALTER TABLE accounts ADD COLUMN reminded_at INTEGER;
