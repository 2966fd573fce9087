-- Resett's schema on PostgreSQL: the same tables, columns and rules as Migrations/sqlite after 0008, written so
-- that Citus can distribute every tenant-owned table by tenant_id (docs/scaling.md, citus.sql):
--   * every tenant-owned table has tenant_id in its primary key, in every unique constraint and in every
--     foreign key, so a row can only ever point at rows of its own tenant, on its own shard;
--   * the tables shared by all tenants are few and named: tenants, rate_limit_events and schema_migrations.
-- Timestamps are Unix seconds (BIGINT), as on SQLite; yes/no settings are 0/1 integers, so the queries are the same.
-- Tests read the catalog and fail if a tenant-owned table breaks these rules (Tests/EndToEndTests/CatalogTests).

CREATE TABLE tenants (
    id TEXT PRIMARY KEY CHECK (length(id) = 32),
    slug TEXT NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
    name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 100),
    created_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    accent_colour TEXT NOT NULL DEFAULT '#0F7A5C' CHECK (accent_colour ~ '^#[0-9A-Fa-f]{6}$'),
    free_resets_per_day INTEGER NOT NULL DEFAULT 3 CHECK (free_resets_per_day BETWEEN 0 AND 1000),
    price_pence INTEGER NOT NULL DEFAULT 199 CHECK (price_pence BETWEEN 0 AND 100000),
    report_threshold INTEGER NOT NULL DEFAULT 3 CHECK (report_threshold BETWEEN 1 AND 100),
    crisis_support_text TEXT NOT NULL
        DEFAULT 'If you are in immediate danger, call 999. You can call Samaritans free, day or night, on 116 123.',
    community_enabled INTEGER NOT NULL DEFAULT 1 CHECK (community_enabled IN (0, 1)),
    custom_domain TEXT,
    price_currency TEXT NOT NULL DEFAULT 'GBP' CHECK (price_currency IN ('GBP', 'EUR', 'USD')),
    licence_all_members INTEGER NOT NULL DEFAULT 0 CHECK (licence_all_members IN (0, 1)),
    webhook_secret TEXT NOT NULL CHECK (length(webhook_secret) = 64),
    pseudonym_key TEXT NOT NULL CHECK (length(pseudonym_key) = 64)
);
CREATE UNIQUE INDEX tenants_custom_domain ON tenants (custom_domain) WHERE custom_domain IS NOT NULL;

-- The default tenant exists as soon as the database does. gen_random_uuid() gives 122 random bits per call.
INSERT INTO tenants (id, slug, name, webhook_secret, pseudonym_key) VALUES (
    replace(gen_random_uuid()::text, '-', ''), 'default', 'Resett',
    replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
    replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

CREATE TABLE tenant_unlimited_emails (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    email TEXT NOT NULL CHECK (email = lower(trim(email)) AND length(email) BETWEEN 3 AND 254),
    PRIMARY KEY (tenant_id, email)
);

CREATE TABLE accounts (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    email TEXT NOT NULL CHECK (email = lower(trim(email)) AND length(email) BETWEEN 3 AND 254),
    password_hash TEXT NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
    role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'admin')),
    time_zone TEXT NOT NULL DEFAULT 'Europe/London' CHECK (length(time_zone) BETWEEN 1 AND 64),
    theme TEXT NOT NULL DEFAULT 'system' CHECK (theme IN ('system', 'light', 'dark')),
    created_at BIGINT NOT NULL,
    week_starts_on TEXT NOT NULL DEFAULT 'monday' CHECK (week_starts_on IN ('monday', 'sunday')),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, email)
);

-- Only a SHA-256 of each session token is stored; the token itself lives in the cookie alone.
CREATE TABLE sessions (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    token_hash TEXT NOT NULL CHECK (length(token_hash) = 64),
    account_id TEXT NOT NULL,
    csrf_token TEXT NOT NULL CHECK (length(csrf_token) = 64),
    device TEXT NOT NULL DEFAULT '' CHECK (length(device) <= 80),
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX sessions_account ON sessions (tenant_id, account_id);
CREATE INDEX sessions_expiry ON sessions (last_seen_at);

CREATE TABLE password_resets (
    tenant_id TEXT NOT NULL,
    token_hash TEXT NOT NULL CHECK (length(token_hash) = 64),
    account_id TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    PRIMARY KEY (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX password_resets_account ON password_resets (tenant_id, account_id);
CREATE INDEX password_resets_expiry ON password_resets (expires_at);

-- One row per reset a person starts; the local day and time are fixed when it starts.
CREATE TABLE runs (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    reset_id TEXT NOT NULL CHECK (length(reset_id) BETWEEN 1 AND 80),
    emotion TEXT NOT NULL CHECK (emotion IN ('stressed', 'anxious', 'restless', 'tired', 'scattered')),
    started_at BIGINT NOT NULL,
    local_day TEXT NOT NULL CHECK (local_day ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
    local_time TEXT NOT NULL DEFAULT '00:00' CHECK (local_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
    step_count INTEGER NOT NULL CHECK (step_count >= 1),
    steps_reached INTEGER NOT NULL DEFAULT 1 CHECK (steps_reached BETWEEN 1 AND step_count),
    outcome TEXT CHECK (outcome IN ('completed', 'finished_early')),
    finished_at BIGINT,
    mood INTEGER CHECK (mood BETWEEN 1 AND 10),
    duration_seconds BIGINT CHECK (duration_seconds >= 0),
    CHECK ((outcome IS NULL) = (finished_at IS NULL)),
    CHECK (mood IS NULL OR outcome IS NOT NULL),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
-- The daily count and the calendar read a person's runs by local day.
CREATE INDEX runs_by_day ON runs (tenant_id, account_id, local_day);

CREATE TABLE subscriptions (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active', 'cancelling', 'past_due', 'expired')),
    price_minor BIGINT NOT NULL CHECK (price_minor >= 0),
    currency TEXT NOT NULL CHECK (currency IN ('GBP', 'EUR', 'USD')),
    current_period_end BIGINT NOT NULL,
    grace_until BIGINT,
    renewal_fails INTEGER NOT NULL DEFAULT 0 CHECK (renewal_fails IN (0, 1)),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, account_id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX subscriptions_due ON subscriptions (status, current_period_end);

CREATE TABLE payments (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    amount_minor BIGINT NOT NULL CHECK (amount_minor >= 0),
    currency TEXT NOT NULL CHECK (currency IN ('GBP', 'EUR', 'USD')),
    outcome TEXT NOT NULL CHECK (outcome IN ('paid', 'declined')),
    description TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX payments_account ON payments (tenant_id, account_id, created_at);

CREATE TABLE checkouts (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    amount_minor BIGINT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'declined')),
    created_at BIGINT NOT NULL,
    claimed_at BIGINT,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE webhook_events (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    event_id TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 100),
    type TEXT NOT NULL,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, event_id)
);

CREATE TABLE community_topics (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    slug TEXT NOT NULL CHECK (slug ~ '^[a-z]{1,30}$'),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    position INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, slug)
);
INSERT INTO community_topics (tenant_id, slug, name, position)
SELECT t.id, d.slug, d.name, d.position FROM tenants t, (VALUES
    ('stressed', 'Stressed', 1), ('anxious', 'Anxious', 2), ('restless', 'Restless', 3), ('tired', 'Tired', 4),
    ('scattered', 'Scattered', 5), ('wins', 'Wins', 6), ('other', 'Other', 7)) AS d (slug, name, position);

-- seq orders the feed (keyset pagination); the random id is what URLs carry. A post whose author erased their
-- account keeps no author (author_id NULL; PostgreSQL 15 sets only that column).
CREATE TABLE posts (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    seq BIGINT GENERATED ALWAYS AS IDENTITY,
    author_id TEXT,
    topic TEXT NOT NULL,
    body TEXT CHECK (body IS NULL OR length(body) BETWEEN 1 AND 1000),
    status TEXT NOT NULL CHECK (status IN ('visible', 'held', 'hidden', 'deleted')),
    held_for TEXT CHECK (held_for IN ('safety', 'reports')),
    created_at BIGINT NOT NULL,
    CHECK ((status = 'deleted') = (body IS NULL)),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, seq),
    FOREIGN KEY (tenant_id, author_id) REFERENCES accounts (tenant_id, id) ON DELETE SET NULL (author_id)
);
CREATE INDEX posts_feed ON posts (tenant_id, status, topic);
CREATE INDEX posts_author ON posts (tenant_id, author_id);

CREATE TABLE reactions (
    tenant_id TEXT NOT NULL,
    post_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('support', 'relate', 'celebrate', 'hug')),
    PRIMARY KEY (tenant_id, post_id, account_id),
    FOREIGN KEY (tenant_id, post_id) REFERENCES posts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX reactions_account ON reactions (tenant_id, account_id);

CREATE TABLE reports (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    post_id TEXT NOT NULL,
    reporter_id TEXT NOT NULL,
    reason TEXT NOT NULL CHECK (reason IN ('spam', 'unkind', 'worried', 'other')),
    note TEXT CHECK (note IS NULL OR length(note) <= 500),
    created_at BIGINT NOT NULL,
    open INTEGER NOT NULL DEFAULT 1 CHECK (open IN (0, 1)),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, post_id, reporter_id),
    FOREIGN KEY (tenant_id, post_id) REFERENCES posts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, reporter_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX reports_reporter ON reports (tenant_id, reporter_id);

CREATE TABLE posting_restrictions (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    until BIGINT,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    lifted_at BIGINT,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX posting_restrictions_account ON posting_restrictions (tenant_id, account_id);

-- Append-only for what happened, when and why; only who and whom may be rewritten, to pseudonymise a person
-- who has erased their account.
CREATE TABLE moderation_audit (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id BIGINT GENERATED ALWAYS AS IDENTITY,
    moderator TEXT NOT NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    actor_id TEXT,
    subject_account_id TEXT,
    PRIMARY KEY (tenant_id, id)
);
CREATE FUNCTION moderation_audit_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.id IS DISTINCT FROM OLD.id OR NEW.tenant_id IS DISTINCT FROM OLD.tenant_id OR NEW.action IS DISTINCT FROM OLD.action
       OR NEW.note IS DISTINCT FROM OLD.note OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
        RAISE EXCEPTION 'the moderation audit cannot be changed';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER moderation_audit_no_update BEFORE UPDATE ON moderation_audit
    FOR EACH ROW EXECUTE FUNCTION moderation_audit_no_update();

CREATE TABLE sign_in_links (
    tenant_id TEXT NOT NULL,
    token_hash TEXT NOT NULL CHECK (length(token_hash) = 64),
    account_id TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX sign_in_links_account ON sign_in_links (tenant_id, account_id);

CREATE TABLE pending_sign_ups (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL CHECK (length(token_hash) = 64),
    email TEXT NOT NULL CHECK (email = lower(trim(email)) AND length(email) BETWEEN 3 AND 254),
    password_hash TEXT NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
    time_zone TEXT NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
    return_to TEXT NOT NULL CHECK (length(return_to) BETWEEN 1 AND 512),
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, token_hash)
);
CREATE INDEX pending_sign_ups_email ON pending_sign_ups (tenant_id, email);
CREATE INDEX pending_sign_ups_expiry ON pending_sign_ups (expires_at);

-- Shared by all tenants: rate limits, throttles and lockouts for every app node. Keys are SHA-256 hashes.
CREATE TABLE rate_limit_events (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    limiter TEXT NOT NULL CHECK (length(limiter) BETWEEN 1 AND 40),
    key_hash TEXT NOT NULL CHECK (length(key_hash) = 64),
    at BIGINT NOT NULL
);
CREATE INDEX rate_limit_events_key ON rate_limit_events (limiter, key_hash, at);
CREATE INDEX rate_limit_events_age ON rate_limit_events (at);
