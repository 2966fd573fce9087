-- Web Push (issue 38): the devices a member has allowed to show their reminders. Each is what their browser's push
-- subscription gave (the push service's endpoint for that browser, its public key and secret, base64url), a name for
-- the list ("Firefox on Android"), and when it was added. Whether reminders also come by email is the member's choice.
CREATE TABLE push_devices (
    id TEXT NOT NULL CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    endpoint TEXT NOT NULL CHECK (length(endpoint) BETWEEN 1 AND 1024),
    public_key TEXT NOT NULL CHECK (length(public_key) = 87),
    auth_secret TEXT NOT NULL CHECK (length(auth_secret) = 22),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, endpoint),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX push_devices_account ON push_devices (tenant_id, account_id);
ALTER TABLE accounts ADD COLUMN remind_by_email INTEGER NOT NULL DEFAULT 1 CHECK (remind_by_email IN (0, 1));
