-- Issue 65: a passkey proves the person only if its owner added it. Adding one needs a proof of who they are from the
-- last few minutes (a password, a passkey already theirs, or the organisation's sign-in), so a session keeps when it
-- was last proven (0: never, as for every session made before this; they prove themselves again to add one).
ALTER TABLE sessions ADD COLUMN proven_at INTEGER NOT NULL DEFAULT 0;
-- When the account's owner last proved themselves without a passkey (a password, the organisation's sign-in or an
-- emailed link): a password reset removes every passkey added after it, as whoever added those may not be the owner.
ALTER TABLE accounts ADD COLUMN proven_without_passkey_at INTEGER NOT NULL DEFAULT 0;
-- An identity provider (which the organisation's own admin configures) that asserts an existing member's email links
-- that account only once its owner confirms it is theirs: with their password on the page the sign-in came back to
-- (page_token_hash), or by the link mailed to the account's address (mail_token_hash). Either works once, for 15
-- minutes; the housekeeping purges the rest by expires_at.
CREATE TABLE pending_identity_links (
    tenant_id TEXT NOT NULL,
    mail_token_hash TEXT NOT NULL CHECK (length(mail_token_hash) = 64),
    page_token_hash TEXT NOT NULL CHECK (length(page_token_hash) = 64),
    provider_id TEXT NOT NULL,
    subject TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
    account_id TEXT NOT NULL,
    return_to TEXT NOT NULL CHECK (length(return_to) <= 500),
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, mail_token_hash),
    UNIQUE (tenant_id, page_token_hash),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX pending_identity_links_expiry ON pending_identity_links (expires_at);
-- A new request, an email change and a reset end an account's pending links by the account.
CREATE INDEX pending_identity_links_account ON pending_identity_links (tenant_id, account_id);
-- While an organisation asks its staff for a passkey or single sign-on, a staff member's first passkey needs another
-- admin's approval and then the link mailed to the staff member's own address (a password alone proves too little:
-- whoever knows it could otherwise add a passkey and have the staff pages). One request per account; approved_by and
-- token_hash are set when another admin approves, and the link works once, until expires_at.
CREATE TABLE first_passkey_requests (
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    requested_at INTEGER NOT NULL,
    approved_by TEXT,
    token_hash TEXT CHECK (token_hash IS NULL OR length(token_hash) = 64),
    expires_at INTEGER,
    PRIMARY KEY (tenant_id, account_id),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX first_passkey_requests_token ON first_passkey_requests (tenant_id, token_hash);
-- A tenant's admins (told of a staff member's request) without reading every member: an organisation of 30,000 has a
-- handful of staff.
CREATE INDEX accounts_by_role ON accounts (tenant_id, role);
-- The emailed link, once used, lets this session add one passkey for a few minutes (it does not make the session's
-- proof any stronger: the new passkey does that, when it is used).
ALTER TABLE sessions ADD COLUMN first_passkey_until INTEGER NOT NULL DEFAULT 0;
