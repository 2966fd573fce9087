-- Reflect (issue 16), first part: per-tenant data keys, the daily check-in and its guided reflection.
--
-- A tenant's data keys encrypt its members' most sensitive words (notes, tags, reflections) with AES-256-GCM. Each is
-- stored only wrapped (sealed) by the master key the server is given (--data-key-file), so the database and its backups
-- alone reveal nothing. The newest key that is not retired seals new data; every key opens what it sealed.
CREATE TABLE data_keys (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    wrapped TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    retired_at INTEGER,
    PRIMARY KEY (tenant_id, id)
) STRICT;

-- One check-in a person a day (their own local day): a five-point rating, Horrible (1) to Great (5), and, sealed with
-- the tenant's data key named by key_id, an optional note and tags. A missed day is simply no row.
CREATE TABLE check_ins (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    local_day TEXT NOT NULL CHECK (local_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    note TEXT,
    tags TEXT,
    key_id TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    CHECK ((note IS NULL AND tags IS NULL) OR key_id IS NOT NULL),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, account_id, local_day),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, key_id) REFERENCES data_keys (tenant_id, id)
) STRICT;

-- The day's guided reflection, chosen by the check-in's rating: its answers sealed together (a JSON list) with the data
-- key named by key_id; the feeling's strength before and after (0–10); which step the person is on, so it can be left
-- and picked up again. The thinking trap is not stored: it is worked out again from the answer when needed.
CREATE TABLE reflections (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    local_day TEXT NOT NULL CHECK (local_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    kind TEXT NOT NULL CHECK (kind IN ('behaviouralActivation', 'defusion', 'thoughtRecord')),
    answers TEXT,
    key_id TEXT,
    intensity_before INTEGER CHECK (intensity_before BETWEEN 0 AND 10),
    intensity_after INTEGER CHECK (intensity_after BETWEEN 0 AND 10),
    step INTEGER NOT NULL CHECK (step BETWEEN 1 AND 7),
    completed_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    CHECK (answers IS NULL OR key_id IS NOT NULL),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, account_id, local_day),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, key_id) REFERENCES data_keys (tenant_id, id)
) STRICT;

-- What the calendar's colours follow for this person: their resets' moods or their check-ins.
ALTER TABLE accounts ADD COLUMN calendar_colours TEXT NOT NULL DEFAULT 'resets' CHECK (calendar_colours IN ('resets', 'check-ins'));

-- The weekly digest: an intention a person sets for the coming week (sealed, keyed by the Monday of the week it was
-- written in), and whether they asked for the weekly email (a link only, never mood content), with the week it last went.
CREATE TABLE intentions (
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    week_start TEXT NOT NULL CHECK (week_start GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    text TEXT NOT NULL,
    key_id TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, account_id, week_start),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, key_id) REFERENCES data_keys (tenant_id, id)
) STRICT;
ALTER TABLE accounts ADD COLUMN digest_email INTEGER NOT NULL DEFAULT 0 CHECK (digest_email IN (0, 1));
ALTER TABLE accounts ADD COLUMN digest_sent_week TEXT;
CREATE INDEX accounts_digest ON accounts (digest_email, digest_sent_week) WHERE digest_email = 1;
