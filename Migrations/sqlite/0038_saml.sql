-- SAML 2.0 beside OpenID Connect (issue 38). An identity provider's row serves both: for SAML, `issuer` is the IdP's
-- entity id, `client_id` our own entity id at it (what the IdP knows us by, as a client id is for OpenID Connect),
-- `authorization_origin` its sign-on service's origin, no secret, and its sign-on URL and signing certificates (PEM,
-- from its metadata) in columns of their own. SQLite cannot change a CHECK, so the table is rebuilt (the migrator
-- runs this with foreign keys off and checks them after).
CREATE TABLE identity_providers_new (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    kind TEXT NOT NULL CHECK (kind IN ('oidc', 'saml')),
    display_name TEXT NOT NULL CHECK (length(display_name) BETWEEN 1 AND 60),
    issuer TEXT NOT NULL CHECK (length(issuer) BETWEEN 1 AND 500),
    client_id TEXT NOT NULL CHECK (length(client_id) BETWEEN 1 AND 500),
    authorization_origin TEXT NOT NULL CHECK (length(authorization_origin) BETWEEN 8 AND 300),
    client_secret_sealed TEXT NOT NULL,
    client_secret_key_id TEXT NOT NULL,
    allowed_domains TEXT NOT NULL DEFAULT '' CHECK (length(allowed_domains) <= 2000),
    required INTEGER NOT NULL DEFAULT 0 CHECK (required IN (0, 1)),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    saml_sign_on_url TEXT CHECK (saml_sign_on_url IS NULL OR length(saml_sign_on_url) BETWEEN 9 AND 500),
    saml_certificates TEXT CHECK (saml_certificates IS NULL OR length(saml_certificates) BETWEEN 1 AND 40000),
    CHECK ((kind = 'saml') = (saml_sign_on_url IS NOT NULL AND saml_certificates IS NOT NULL)),
    PRIMARY KEY (tenant_id, id)
) STRICT, WITHOUT ROWID;
INSERT INTO identity_providers_new (tenant_id, id, kind, display_name, issuer, client_id, authorization_origin, client_secret_sealed,
                                    client_secret_key_id, allowed_domains, required, created_at, updated_at)
SELECT tenant_id, id, kind, display_name, issuer, client_id, authorization_origin, client_secret_sealed, client_secret_key_id,
       allowed_domains, required, created_at, updated_at FROM identity_providers;
DROP TABLE identity_providers;
ALTER TABLE identity_providers_new RENAME TO identity_providers;

-- A SAML sign-in under way keeps our AuthnRequest's ID (hashed, in `nonce`): the Response must answer it, once. The
-- Assertion Consumer Service (a cross-site POST, so without this browser's cookie) records the checked answer on the
-- attempt; the browser is then sent on to a page that, with the cookie, finishes the sign-in. So a Response posted
-- into someone else's browser signs nobody in.
ALTER TABLE sign_on_attempts ADD COLUMN answer_subject TEXT CHECK (answer_subject IS NULL OR length(answer_subject) BETWEEN 1 AND 255);
ALTER TABLE sign_on_attempts ADD COLUMN answer_email TEXT CHECK (answer_email IS NULL OR length(answer_email) <= 254);
CREATE INDEX sign_on_attempts_nonce ON sign_on_attempts (tenant_id, nonce);

-- Every Assertion accepted, by a hash of its issuer and ID, until it would have expired anyway: never accepted twice.
CREATE TABLE saml_assertions (
    tenant_id TEXT NOT NULL,
    assertion_hash TEXT NOT NULL CHECK (length(assertion_hash) = 64),
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, assertion_hash)
) STRICT, WITHOUT ROWID;
CREATE INDEX saml_assertions_expiry ON saml_assertions (expires_at);
