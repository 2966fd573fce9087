-- As Migrations/sqlite/0022_provisioning.sql: accounts an identity provider can turn off, its id for each person, and
-- SCIM bearer tokens kept only as hashes.
ALTER TABLE accounts ADD COLUMN deactivated_at BIGINT;
ALTER TABLE accounts ADD COLUMN external_id TEXT CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 256);
-- SCIM's userName when the provider's is not the account's email (an Entra ID user principal name, say); NULL when
-- it is the email. Unique within the tenant, as SCIM requires.
ALTER TABLE accounts ADD COLUMN user_name TEXT CHECK (user_name IS NULL OR length(user_name) BETWEEN 1 AND 256);
CREATE UNIQUE INDEX accounts_user_name ON accounts (tenant_id, user_name) WHERE user_name IS NOT NULL;

CREATE TABLE scim_tokens (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    token_hash TEXT NOT NULL CHECK (length(token_hash) = 64),
    label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
    created_at BIGINT NOT NULL,
    last_used_at BIGINT,
    revoked_at BIGINT,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, token_hash)
);
