-- A tenant's configuration version: raised in the same transaction as any change to what every page shows from its
-- configuration (for now its crisis contacts). Each request reads it with the tenant, so a node may keep what it
-- derived from the configuration for as long as the version is the same, and no node ever shows an old copy.
ALTER TABLE tenants ADD COLUMN config_version INTEGER NOT NULL DEFAULT 0;
