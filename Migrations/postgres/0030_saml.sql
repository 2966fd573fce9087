-- As Migrations/sqlite/0038_saml.sql: SAML 2.0 providers beside OpenID Connect, SAML answers on sign-ins under way,
-- and the Assertions already accepted.
ALTER TABLE identity_providers DROP CONSTRAINT identity_providers_kind_check;
ALTER TABLE identity_providers ADD CONSTRAINT identity_providers_kind_check CHECK (kind IN ('oidc', 'saml'));
ALTER TABLE identity_providers DROP CONSTRAINT identity_providers_issuer_check;
ALTER TABLE identity_providers ADD CONSTRAINT identity_providers_issuer_check CHECK (length(issuer) BETWEEN 1 AND 500);
ALTER TABLE identity_providers ADD COLUMN saml_sign_on_url TEXT CHECK (saml_sign_on_url IS NULL OR length(saml_sign_on_url) BETWEEN 9 AND 500);
ALTER TABLE identity_providers ADD COLUMN saml_certificates TEXT CHECK (saml_certificates IS NULL OR length(saml_certificates) BETWEEN 1 AND 40000);
ALTER TABLE identity_providers ADD CONSTRAINT identity_providers_saml_check
    CHECK ((kind = 'saml') = (saml_sign_on_url IS NOT NULL AND saml_certificates IS NOT NULL));
ALTER TABLE sign_on_attempts ADD COLUMN answer_subject TEXT CHECK (answer_subject IS NULL OR length(answer_subject) BETWEEN 1 AND 255);
ALTER TABLE sign_on_attempts ADD COLUMN answer_email TEXT CHECK (answer_email IS NULL OR length(answer_email) <= 254);
CREATE INDEX sign_on_attempts_nonce ON sign_on_attempts (tenant_id, nonce);
CREATE TABLE saml_assertions (
    tenant_id TEXT NOT NULL,
    assertion_hash TEXT NOT NULL CHECK (length(assertion_hash) = 64),
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, assertion_hash)
);
CREATE INDEX saml_assertions_expiry ON saml_assertions (expires_at);
