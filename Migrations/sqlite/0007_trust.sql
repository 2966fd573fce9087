-- The trust work: pseudonyms under their own key, checkouts claimed once, audit lines that can be
-- pseudonymised when a person is erased, and the step-up sign-in links and sign-up confirmations.

-- Moderators see authors as pseudonyms made with this key. It is never shown and never used for anything
-- else (it used to be derived from the webhook secret). Existing tenants get one here; new tenants when
-- they are created.
ALTER TABLE tenants ADD COLUMN pseudonym_key TEXT NOT NULL DEFAULT '';
UPDATE tenants SET pseudonym_key = lower(hex(randomblob(32))) WHERE pseudonym_key = '';

-- A checkout is claimed by the first Pay that reaches it; a second (a double click, a replay) finds it claimed.
ALTER TABLE checkouts ADD COLUMN claimed_at INTEGER;

-- The audit stays append-only for what happened, when and why; only who and whom may be rewritten, and only to
-- pseudonymise a person who has erased their account.
DROP TRIGGER moderation_audit_no_update;
CREATE TRIGGER moderation_audit_no_update BEFORE UPDATE ON moderation_audit
WHEN NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.action IS NOT OLD.action
  OR NEW.note IS NOT OLD.note OR NEW.created_at IS NOT OLD.created_at
BEGIN
    SELECT RAISE(ABORT, 'the moderation audit cannot be changed');
END;
-- Who acted and on whom, as account ids, so an erasure can find every line about a person.
ALTER TABLE moderation_audit ADD COLUMN actor_id TEXT;
ALTER TABLE moderation_audit ADD COLUMN subject_account_id TEXT;

-- When an account is under a guessing attack, a correct password is not enough: a link by email finishes
-- signing in. Only the link's SHA-256 is stored.
CREATE TABLE sign_in_links (
    token_hash TEXT PRIMARY KEY NOT NULL CHECK (length(token_hash) = 64),
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX sign_in_links_account ON sign_in_links (tenant_id, account_id);

-- A sign-up waits for its address to be confirmed, so the page never says whether an address has an account.
CREATE TABLE pending_sign_ups (
    token_hash TEXT PRIMARY KEY NOT NULL CHECK (length(token_hash) = 64),
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    email TEXT NOT NULL CHECK (email = lower(trim(email)) AND length(email) BETWEEN 3 AND 254),
    password_hash TEXT NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
    time_zone TEXT NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
    return_to TEXT NOT NULL CHECK (length(return_to) BETWEEN 1 AND 512),
    expires_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX pending_sign_ups_email ON pending_sign_ups (tenant_id, email);
CREATE INDEX pending_sign_ups_expiry ON pending_sign_ups (expires_at);
CREATE INDEX sessions_expiry ON sessions (last_seen_at);
CREATE INDEX password_resets_expiry ON password_resets (expires_at);
