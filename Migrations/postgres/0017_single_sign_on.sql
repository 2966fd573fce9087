-- Single sign-on (issue 17). An organisation's identity provider, a person's link to it, and sign-ins under way.
-- Written for more than one protocol: `kind` is 'oidc' today, and SAML would add its own settings beside it while
-- identity_links (provider, the provider's stable subject → account) stays as it is. The client secret is sealed
-- with the tenant's data key (AES-GCM), never kept in clear. A sign-in under way is found by a hash of its `state`
-- and lives ten minutes; its row is deleted as the callback reads it, so a state, and the nonce it carries, work
-- once. `required` = 1 is the "single sign-on only" rule: no password sign-up or log-in for members.
-- As Migrations/sqlite/0025_single_sign_on.sql.
CREATE TABLE identity_providers (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    kind TEXT NOT NULL CHECK (kind IN ('oidc')),
    display_name TEXT NOT NULL CHECK (length(display_name) BETWEEN 1 AND 60),
    issuer TEXT NOT NULL CHECK (length(issuer) BETWEEN 8 AND 500),
    client_id TEXT NOT NULL CHECK (length(client_id) BETWEEN 1 AND 500),
    -- The origin of the provider's authorization endpoint (from discovery when saved): the pages with the sign-in
    -- button allow their form to lead there in their Content-Security-Policy, and nowhere else.
    authorization_origin TEXT NOT NULL CHECK (length(authorization_origin) BETWEEN 8 AND 300),
    client_secret_sealed TEXT NOT NULL,
    client_secret_key_id TEXT NOT NULL,
    allowed_domains TEXT NOT NULL DEFAULT '' CHECK (length(allowed_domains) <= 2000),
    required INTEGER NOT NULL DEFAULT 0 CHECK (required IN (0, 1)),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);

CREATE TABLE identity_links (
    tenant_id TEXT NOT NULL,
    provider_id TEXT NOT NULL,
    subject TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
    account_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, provider_id, subject),
    UNIQUE (tenant_id, provider_id, account_id),
    FOREIGN KEY (tenant_id, provider_id) REFERENCES identity_providers (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX identity_links_account ON identity_links (tenant_id, account_id);

CREATE TABLE sign_on_attempts (
    tenant_id TEXT NOT NULL,
    state_hash TEXT NOT NULL CHECK (length(state_hash) = 64),
    provider_id TEXT NOT NULL,
    nonce TEXT NOT NULL CHECK (length(nonce) = 64),
    code_verifier TEXT NOT NULL CHECK (length(code_verifier) = 64),
    return_to TEXT NOT NULL CHECK (length(return_to) <= 500),
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, state_hash),
    FOREIGN KEY (tenant_id, provider_id) REFERENCES identity_providers (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX sign_on_attempts_expiry ON sign_on_attempts (expires_at);
