-- As Migrations/sqlite/0019_check_in_tags.sql: a tenant's own check-in tags beside the standard eight; a retired tag
-- is no longer offered but keeps its name for the days that carry it.
CREATE TABLE check_in_tags (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 30),
    position INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    retired_at BIGINT,
    PRIMARY KEY (tenant_id, id)
);
