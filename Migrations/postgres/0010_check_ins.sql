-- As Migrations/sqlite/0018_check_ins.sql: per-tenant data keys (stored only wrapped by the server's master key) and
-- the daily check-in, whose note and tags are sealed with the tenant's data key.
CREATE TABLE data_keys (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    wrapped TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    retired_at BIGINT,
    PRIMARY KEY (tenant_id, id)
);

CREATE TABLE check_ins (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    local_day TEXT NOT NULL CHECK (local_day ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    note TEXT,
    tags TEXT,
    key_id TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    CHECK ((note IS NULL AND tags IS NULL) OR key_id IS NOT NULL),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, account_id, local_day),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, key_id) REFERENCES data_keys (tenant_id, id)
);

CREATE TABLE reflections (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    local_day TEXT NOT NULL CHECK (local_day ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
    kind TEXT NOT NULL CHECK (kind IN ('behaviouralActivation', 'defusion', 'thoughtRecord')),
    answers TEXT,
    key_id TEXT,
    intensity_before INTEGER CHECK (intensity_before BETWEEN 0 AND 10),
    intensity_after INTEGER CHECK (intensity_after BETWEEN 0 AND 10),
    step INTEGER NOT NULL CHECK (step BETWEEN 1 AND 7),
    completed_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    CHECK (answers IS NULL OR key_id IS NOT NULL),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, account_id, local_day),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, key_id) REFERENCES data_keys (tenant_id, id)
);

ALTER TABLE accounts ADD COLUMN calendar_colours TEXT NOT NULL DEFAULT 'resets' CHECK (calendar_colours IN ('resets', 'check-ins'));

CREATE TABLE intentions (
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    week_start TEXT NOT NULL CHECK (week_start ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
    text TEXT NOT NULL,
    key_id TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, account_id, week_start),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, key_id) REFERENCES data_keys (tenant_id, id)
);
ALTER TABLE accounts ADD COLUMN digest_email INTEGER NOT NULL DEFAULT 0 CHECK (digest_email IN (0, 1));
ALTER TABLE accounts ADD COLUMN digest_sent_week TEXT;
CREATE INDEX accounts_digest ON accounts (digest_email, digest_sent_week) WHERE digest_email = 1;
