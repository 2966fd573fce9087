-- As Migrations/sqlite/0029_community_versions.sql: the number a tenant's community moves on by when anything its
-- feed or moderation queue shows changes. A table of its own, not a column of tenants: tenants is a Citus reference
-- table, copied to every worker, and this row is written with every reaction.
CREATE TABLE community_versions (
    tenant_id TEXT PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
    version BIGINT NOT NULL
);
INSERT INTO community_versions (tenant_id, version) SELECT id, 0 FROM tenants;
