-- Any change to a tenant's row moves its configuration version on (0017), by trigger in the change's transaction, as
-- the community and history versions move (0031). Each request reads the version with the tenant's id, and a node
-- keeps the tenant it decoded for as long as the version is the same: no write path can forget to move it.
-- (A statement that moves the version itself, as crisis contacts do, is left alone.)
CREATE TRIGGER tenants_config_version AFTER UPDATE ON tenants WHEN NEW.config_version = OLD.config_version BEGIN
    UPDATE tenants SET config_version = config_version + 1 WHERE id = NEW.id;
END;
