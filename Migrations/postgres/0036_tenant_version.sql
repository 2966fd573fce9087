-- As Migrations/sqlite/0044_tenant_version.sql: any change to a tenant's row moves its configuration version on, in
-- the change's own row (a BEFORE trigger: no second row lock, no later statement), unless the statement moved it.
CREATE FUNCTION tenant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.config_version = OLD.config_version THEN
        NEW.config_version := OLD.config_version + 1;
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER tenants_config_version BEFORE UPDATE ON tenants FOR EACH ROW EXECUTE FUNCTION tenant_changed();
