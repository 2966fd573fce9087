-- As Migrations/sqlite/0017_config_version.sql: raised with every change to a tenant's crisis contacts, read with the
-- tenant on every request, so each node's copy of them is known to be current.
ALTER TABLE tenants ADD COLUMN config_version BIGINT NOT NULL DEFAULT 0;
