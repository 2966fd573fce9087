-- Passkeys and the app lock (issue 37). A passkey is a WebAuthn credential: its id and public key (SubjectPublicKeyInfo,
-- base64) as the browser gave them, the counter and backup flags its authenticator reports, and the name its owner gave.
CREATE TABLE passkeys (
    id TEXT NOT NULL CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    credential_id TEXT NOT NULL CHECK (length(credential_id) BETWEEN 1 AND 1400),
    public_key TEXT NOT NULL CHECK (length(public_key) BETWEEN 1 AND 1000),
    algorithm INTEGER NOT NULL CHECK (algorithm IN (-7, -257)),
    sign_count INTEGER NOT NULL CHECK (sign_count BETWEEN 0 AND 4294967295),
    backup_eligible INTEGER NOT NULL CHECK (backup_eligible IN (0, 1)),
    backed_up INTEGER NOT NULL CHECK (backed_up IN (0, 1)),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    created_at INTEGER NOT NULL,
    last_used_at INTEGER,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, credential_id),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX passkeys_account ON passkeys (tenant_id, account_id);

-- A challenge handed to a browser: single use, five minutes. Registration and unlocking bind it to the account;
-- signing in cannot (nobody is known yet).
CREATE TABLE passkey_challenges (
    tenant_id TEXT NOT NULL,
    challenge_hash TEXT NOT NULL CHECK (length(challenge_hash) = 64),
    purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in', 'unlock')),
    account_id TEXT,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, challenge_hash)
) STRICT, WITHOUT ROWID;
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);

-- The app lock: minutes without use before private pages ask for a passkey or password (0: never).
ALTER TABLE accounts ADD COLUMN lock_minutes INTEGER NOT NULL DEFAULT 0 CHECK (lock_minutes IN (0, 5, 15, 30, 60));
-- A session's lock, and how it was proven: a password (or an emailed link), a passkey, or the organisation's single sign-on.
ALTER TABLE sessions ADD COLUMN locked INTEGER NOT NULL DEFAULT 0 CHECK (locked IN (0, 1));
ALTER TABLE sessions ADD COLUMN proof TEXT NOT NULL DEFAULT 'password' CHECK (proof IN ('password', 'passkey', 'single-sign-on'));
-- Whether the organisation asks its admins and moderators to prove themselves with a passkey or single sign-on.
ALTER TABLE tenants ADD COLUMN staff_strong_sign_in INTEGER NOT NULL DEFAULT 0 CHECK (staff_strong_sign_in IN (0, 1));
