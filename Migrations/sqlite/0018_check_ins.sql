-- Reflect (issue 16), first part: per-tenant data keys and the daily check-in.
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
