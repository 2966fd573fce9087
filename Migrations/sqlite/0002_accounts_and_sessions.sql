-- Tenant settings, accounts, sessions and password resets.
-- Every tenant-owned row carries tenant_id; composite foreign keys make a row of one tenant unable to
-- point at a row of another, whatever the code above does.

ALTER TABLE tenants ADD COLUMN accent_colour TEXT NOT NULL DEFAULT '#0F7A5C'
    CHECK (length(accent_colour) = 7 AND accent_colour GLOB '#[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]');
ALTER TABLE tenants ADD COLUMN free_resets_per_day INTEGER NOT NULL DEFAULT 3 CHECK (free_resets_per_day BETWEEN 0 AND 1000);
ALTER TABLE tenants ADD COLUMN price_pence INTEGER NOT NULL DEFAULT 199 CHECK (price_pence BETWEEN 0 AND 100000);
ALTER TABLE tenants ADD COLUMN report_threshold INTEGER NOT NULL DEFAULT 3 CHECK (report_threshold BETWEEN 1 AND 100);
ALTER TABLE tenants ADD COLUMN crisis_support_text TEXT NOT NULL
    DEFAULT 'If you are in immediate danger, call 999. You can call Samaritans free, day or night, on 116 123.';
ALTER TABLE tenants ADD COLUMN community_enabled INTEGER NOT NULL DEFAULT 1 CHECK (community_enabled IN (0, 1));
ALTER TABLE tenants ADD COLUMN custom_domain TEXT;
CREATE UNIQUE INDEX tenants_custom_domain ON tenants (custom_domain) WHERE custom_domain IS NOT NULL;

-- Addresses that never meet the paywall (the seed's test accounts, staff who demo the product).
CREATE TABLE tenant_unlimited_emails (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    email TEXT NOT NULL CHECK (email = lower(trim(email)) AND length(email) BETWEEN 3 AND 254),
    PRIMARY KEY (tenant_id, email)
) STRICT, WITHOUT ROWID;

CREATE TABLE accounts (
    id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    email TEXT NOT NULL CHECK (email = lower(trim(email)) AND length(email) BETWEEN 3 AND 254),
    password_hash TEXT NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
    role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'admin')),
    time_zone TEXT NOT NULL DEFAULT 'Europe/London' CHECK (length(time_zone) BETWEEN 1 AND 64),
    theme TEXT NOT NULL DEFAULT 'system' CHECK (theme IN ('system', 'light', 'dark')),
    created_at INTEGER NOT NULL,
    UNIQUE (tenant_id, email),
    UNIQUE (id, tenant_id)
) STRICT;

-- Only a SHA-256 of each session token is stored; the token itself lives in the cookie alone.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 32),
    token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    csrf_token TEXT NOT NULL CHECK (length(csrf_token) = 64),
    device TEXT NOT NULL DEFAULT '' CHECK (length(device) <= 80),
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT;
CREATE INDEX sessions_account ON sessions (tenant_id, account_id);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY NOT NULL CHECK (length(token_hash) = 64),
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER,
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX password_resets_account ON password_resets (tenant_id, account_id);
