-- Reflect (issue 16): a tenant's own check-in tags, beside the standard eight (work, sleep, family…). A member's tags
-- are sealed with their check-in as the tags' ids; a tag the tenant retires is no longer offered, but its row stays so
-- the days that carry it still show its name. The same table as Migrations/postgres/0011_check_in_tags.sql.
CREATE TABLE check_in_tags (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 30),
    position INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    retired_at INTEGER,
    PRIMARY KEY (tenant_id, id)
) STRICT, WITHOUT ROWID;
