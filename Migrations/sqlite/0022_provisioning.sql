-- Provisioning over SCIM 2.0 (issue 17): an organisation's identity provider creates, changes, turns off and deletes
-- its people's accounts with a bearer token an admin makes (kept only as a hash). A turned-off account keeps its
-- data but cannot sign in (its sessions end in the same transaction); external_id is the provider's own id for the
-- person, as SCIM carries it. As Migrations/postgres/0014_provisioning.sql.
ALTER TABLE accounts ADD COLUMN deactivated_at INTEGER;
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
    created_at INTEGER NOT NULL,
    last_used_at INTEGER,
    revoked_at INTEGER,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, token_hash)
) STRICT, WITHOUT ROWID;
