-- Who may join an organisation (issue 17): anyone (the default, as before), only addresses at its domains, or only
-- people with an invitation link. Invitation links work whatever the rule; each is single-use or good for a number of
-- sign-ups, ends at its expiry, and can be withdrawn. Only the link's hash is kept. A pending sign-up remembers the
-- invitation it came with, so confirming it checks (and spends) the invitation in the same transaction as the account.
-- As Migrations/postgres/0013_who_may_join.sql.
ALTER TABLE tenants ADD COLUMN sign_up_rule TEXT NOT NULL DEFAULT 'open' CHECK (sign_up_rule IN ('open', 'domains', 'invitations'));
ALTER TABLE tenants ADD COLUMN sign_up_domains TEXT NOT NULL DEFAULT '' CHECK (length(sign_up_domains) <= 2000);

CREATE TABLE invitations (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    token_hash TEXT NOT NULL CHECK (length(token_hash) = 64),
    label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
    max_uses INTEGER NOT NULL CHECK (max_uses BETWEEN 1 AND 10000),
    uses INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0 AND uses <= max_uses),
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, token_hash)
) STRICT, WITHOUT ROWID;

ALTER TABLE pending_sign_ups ADD COLUMN invitation_id TEXT CHECK (invitation_id IS NULL OR length(invitation_id) = 32);
