-- As Migrations/sqlite/0033_practices.sql: practice sessions, glimmers, worries and worry time, the welcome.

-- A practice done (or begun): which one, for how long, at what pace, and the mood before and after if given. day is
-- the member's own day when it began; finished_at is set by Done, and only finished sessions are shown as done.
CREATE TABLE practice_sessions (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    practice TEXT NOT NULL CHECK (length(practice) BETWEEN 1 AND 40),
    minutes INTEGER NOT NULL CHECK (minutes BETWEEN 1 AND 20),
    pace TEXT CHECK (pace IS NULL OR length(pace) BETWEEN 1 AND 20),
    mood_before INTEGER CHECK (mood_before BETWEEN 1 AND 10),
    mood_after INTEGER CHECK (mood_after BETWEEN 1 AND 10),
    day TEXT NOT NULL CHECK (day ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
    started_at BIGINT NOT NULL,
    finished_at BIGINT,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX practice_sessions_by_member ON practice_sessions (tenant_id, account_id, day);
CREATE INDEX practice_sessions_by_time ON practice_sessions (tenant_id, finished_at);

-- A small moment of safety or joy. day is the member's own day when it was kept (browsing is by month).
CREATE TABLE glimmers (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    text TEXT NOT NULL,
    key_id TEXT NOT NULL,
    kind TEXT CHECK (kind IN ('nature', 'people', 'animals', 'sound', 'taste', 'movement', 'other')),
    day TEXT NOT NULL CHECK (day ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, key_id) REFERENCES data_keys (tenant_id, id)
);
CREATE INDEX glimmers_by_member ON glimmers (tenant_id, account_id, day);
CREATE INDEX glimmers_by_time ON glimmers (tenant_id, created_at);

-- A worry, sorted by one question. 'open' is not yet sorted; 'parked' waits for worry time ('revisit_day' set when
-- the member kept it for another day); 'action' has a first step (sealed with the worry, under the same key) and
-- maybe a day, and done_at once ticked; 'let-go' was let go in worry time.
CREATE TABLE worries (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    text TEXT NOT NULL,
    key_id TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'parked', 'action', 'let-go')),
    step TEXT,
    due_day TEXT CHECK (due_day IS NULL OR due_day ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
    done_at BIGINT,
    revisit_day TEXT CHECK (revisit_day IS NULL OR revisit_day ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
    day TEXT NOT NULL CHECK (day ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
    created_at BIGINT NOT NULL,
    sorted_at BIGINT,
    updated_at BIGINT NOT NULL,
    CHECK ((state = 'action') = (step IS NOT NULL)),
    CHECK (done_at IS NULL OR state = 'action'),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, key_id) REFERENCES data_keys (tenant_id, id)
);
CREATE INDEX worries_by_member ON worries (tenant_id, account_id, state, created_at);
CREATE INDEX worries_by_time ON worries (tenant_id, created_at);

-- The member's daily worry time: a local time (minutes after midnight on their clock) and how long.
CREATE TABLE worry_times (
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    start_minute INTEGER NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
    minutes INTEGER NOT NULL CHECK (minutes BETWEEN 10 AND 30),
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, account_id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);

-- The welcome: when a new account was first shown it (accounts already here have no need of it), and the feelings
-- the member said come up most, which the home page leads with (a comma-separated list of emotion ids).
ALTER TABLE accounts ADD COLUMN welcomed_at BIGINT;
ALTER TABLE accounts ADD COLUMN usual_feelings TEXT CHECK (usual_feelings IS NULL OR length(usual_feelings) <= 200);
UPDATE accounts SET welcomed_at = created_at;
