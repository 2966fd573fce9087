-- As Migrations/sqlite/0032_setbacks.sql: setbacks, sealed notes, and the day's small brave step.
CREATE TABLE setbacks (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('dating', 'job', 'work', 'social', 'academic', 'other')),
    hurt INTEGER NOT NULL CHECK (hurt BETWEEN 1 AND 10),
    note TEXT,
    key_id TEXT,
    happened_at BIGINT NOT NULL,
    happened_day TEXT NOT NULL CHECK (happened_day ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
    moved_on_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    CHECK (note IS NULL OR key_id IS NOT NULL),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, key_id) REFERENCES data_keys (tenant_id, id)
);
CREATE INDEX setbacks_by_member ON setbacks (tenant_id, account_id, happened_at);
CREATE INDEX setbacks_by_day ON setbacks (tenant_id, account_id, happened_day);
CREATE INDEX setbacks_by_creation ON setbacks (tenant_id, created_at);

CREATE TABLE small_steps (
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    local_day TEXT NOT NULL CHECK (local_day ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
    swaps INTEGER NOT NULL DEFAULT 0 CHECK (swaps BETWEEN 0 AND 1000),
    step_id TEXT CHECK (step_id IS NULL OR length(step_id) BETWEEN 1 AND 40),
    outcome TEXT CHECK (outcome IN ('done', 'skipped')),
    updated_at BIGINT NOT NULL,
    CHECK (outcome IS NULL OR step_id IS NOT NULL),
    PRIMARY KEY (tenant_id, account_id, local_day),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
