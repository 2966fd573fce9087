-- As Migrations/sqlite/0024_hidden_resets.sql: the built-in resets an organisation hides from its members.
CREATE TABLE hidden_resets (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    reset_id TEXT NOT NULL CHECK (length(reset_id) BETWEEN 1 AND 80),
    hidden_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, reset_id)
);
