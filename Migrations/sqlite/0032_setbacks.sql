-- Setbacks (issue 35): a knock-back a member logs in thirty seconds, and when they moved on from it.
--
-- The note is sealed with the tenant's data key named by key_id (as check-in notes are); the kind and how much it
-- hurt are plain, for the member's own patterns. happened_at is the moment it happened; happened_day the member's own
-- day then, where they were when they logged it (the calendar's day page lists it there). No photo and no place are
-- kept: a screenshot of someone else's message is a third party's data, and where it happened is more than we need.
CREATE TABLE setbacks (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('dating', 'job', 'work', 'social', 'academic', 'other')),
    hurt INTEGER NOT NULL CHECK (hurt BETWEEN 1 AND 10),
    note TEXT,
    key_id TEXT,
    happened_at INTEGER NOT NULL,
    happened_day TEXT NOT NULL CHECK (happened_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    moved_on_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    CHECK (note IS NULL OR key_id IS NOT NULL),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, key_id) REFERENCES data_keys (tenant_id, id)
) STRICT;
CREATE INDEX setbacks_by_member ON setbacks (tenant_id, account_id, happened_at);
CREATE INDEX setbacks_by_day ON setbacks (tenant_id, account_id, happened_day);
-- The organisation's weekly count of setbacks logged (never their kinds or notes).
CREATE INDEX setbacks_by_creation ON setbacks (tenant_id, created_at);

-- The day's small brave step: how many times it was swapped, and whether the member did it or let it go. A day
-- without a row simply had none chosen; nothing is lost by skipping.
CREATE TABLE small_steps (
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    local_day TEXT NOT NULL CHECK (local_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    swaps INTEGER NOT NULL DEFAULT 0 CHECK (swaps BETWEEN 0 AND 1000),
    step_id TEXT CHECK (step_id IS NULL OR length(step_id) BETWEEN 1 AND 40),
    outcome TEXT CHECK (outcome IN ('done', 'skipped')),
    updated_at INTEGER NOT NULL,
    CHECK (outcome IS NULL OR step_id IS NOT NULL),
    PRIMARY KEY (tenant_id, account_id, local_day),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT;
