-- As Migrations/sqlite/0021_who_may_join.sql: who may join (anyone, addresses at the organisation's domains, or by
-- invitation), and invitation links kept only as hashes.
ALTER TABLE tenants ADD COLUMN sign_up_rule TEXT NOT NULL DEFAULT 'open' CHECK (sign_up_rule IN ('open', 'domains', 'invitations'));
ALTER TABLE tenants ADD COLUMN sign_up_domains TEXT NOT NULL DEFAULT '' CHECK (length(sign_up_domains) <= 2000);

CREATE TABLE invitations (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    token_hash TEXT NOT NULL CHECK (length(token_hash) = 64),
    label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
    max_uses INTEGER NOT NULL CHECK (max_uses BETWEEN 1 AND 10000),
    uses INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0 AND uses <= max_uses),
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, token_hash)
);

ALTER TABLE pending_sign_ups ADD COLUMN invitation_id TEXT CHECK (invitation_id IS NULL OR length(invitation_id) = 32);
