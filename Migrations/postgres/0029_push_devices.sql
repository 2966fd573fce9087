-- As Migrations/sqlite/0037_push_devices.sql: the devices that show a member's reminders, and whether email does too.
CREATE TABLE push_devices (
    id TEXT NOT NULL CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    endpoint TEXT NOT NULL CHECK (length(endpoint) BETWEEN 1 AND 1024),
    public_key TEXT NOT NULL CHECK (length(public_key) = 87),
    auth_secret TEXT NOT NULL CHECK (length(auth_secret) = 22),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, endpoint),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX push_devices_account ON push_devices (tenant_id, account_id);
ALTER TABLE accounts ADD COLUMN remind_by_email INTEGER NOT NULL DEFAULT 1 CHECK (remind_by_email IN (0, 1));
