-- An organisation can hide any of the built-in resets from its members (issue 17); each emotion keeps at least one.
-- Changes raise the tenant's configuration version, so every node's copy is current. As
-- Migrations/postgres/0016_hidden_resets.sql.
CREATE TABLE hidden_resets (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    reset_id TEXT NOT NULL CHECK (length(reset_id) BETWEEN 1 AND 80),
    hidden_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, reset_id)
) STRICT, WITHOUT ROWID;
