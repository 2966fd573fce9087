-- One row per reset a person starts. The local day is fixed when the run starts, in the person's time
-- zone at that moment, so a later change of time zone never moves past runs.
CREATE TABLE runs (
    id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    reset_id TEXT NOT NULL CHECK (length(reset_id) BETWEEN 1 AND 80),
    emotion TEXT NOT NULL CHECK (emotion IN ('stressed', 'anxious', 'restless', 'tired', 'scattered')),
    started_at INTEGER NOT NULL,
    local_day TEXT NOT NULL CHECK (local_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    step_count INTEGER NOT NULL CHECK (step_count >= 1),
    steps_reached INTEGER NOT NULL DEFAULT 1 CHECK (steps_reached BETWEEN 1 AND step_count),
    outcome TEXT CHECK (outcome IN ('completed', 'finished_early')),
    finished_at INTEGER,
    mood INTEGER CHECK (mood BETWEEN 1 AND 10),
    duration_seconds INTEGER CHECK (duration_seconds >= 0),
    CHECK ((outcome IS NULL) = (finished_at IS NULL)),
    CHECK (mood IS NULL OR outcome IS NOT NULL),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT;
-- The daily count and the calendar read a person's runs by local day.
CREATE INDEX runs_by_day ON runs (tenant_id, account_id, local_day);
