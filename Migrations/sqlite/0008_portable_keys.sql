-- One set of queries serves SQLite and PostgreSQL (Migrations/postgres), so both have the same columns and keys:
-- reactions and reports carry their tenant, every reference to a post goes through (tenant_id, id), and posts are
-- ordered by an explicit sequence number instead of SQLite's hidden rowid (kept: seq is the rowid).
-- A new tenant's default topics are now made by the code that creates the tenant, on both databases.
DROP TRIGGER tenants_default_topics;

CREATE TABLE posts_new (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    author_id TEXT REFERENCES accounts (id) ON DELETE SET NULL,
    topic TEXT NOT NULL,
    body TEXT CHECK (body IS NULL OR length(body) BETWEEN 1 AND 1000),
    status TEXT NOT NULL CHECK (status IN ('visible', 'held', 'hidden', 'deleted')),
    held_for TEXT CHECK (held_for IN ('safety', 'reports')),
    created_at INTEGER NOT NULL,
    CHECK ((status = 'deleted') = (body IS NULL)),
    UNIQUE (tenant_id, id)
);
INSERT INTO posts_new (seq, id, tenant_id, author_id, topic, body, status, held_for, created_at)
SELECT rowid, id, tenant_id, author_id, topic, body, status, held_for, created_at FROM posts;

CREATE TABLE reactions_new (
    tenant_id TEXT NOT NULL,
    post_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('support', 'relate', 'celebrate', 'hug')),
    PRIMARY KEY (tenant_id, post_id, account_id),
    FOREIGN KEY (tenant_id, post_id) REFERENCES posts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
INSERT INTO reactions_new (tenant_id, post_id, account_id, kind)
SELECT p.tenant_id, r.post_id, r.account_id, r.kind FROM reactions r JOIN posts p ON p.id = r.post_id;

-- A report goes with its reporter (erasing an account erases their reports and notes).
CREATE TABLE reports_new (
    id TEXT NOT NULL CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL,
    post_id TEXT NOT NULL,
    reporter_id TEXT NOT NULL,
    reason TEXT NOT NULL CHECK (reason IN ('spam', 'unkind', 'worried', 'other')),
    note TEXT CHECK (note IS NULL OR length(note) <= 500),
    created_at INTEGER NOT NULL,
    open INTEGER NOT NULL DEFAULT 1 CHECK (open IN (0, 1)),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, post_id, reporter_id),
    FOREIGN KEY (tenant_id, post_id) REFERENCES posts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (reporter_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
INSERT INTO reports_new (id, tenant_id, post_id, reporter_id, reason, note, created_at, open)
SELECT lower(hex(randomblob(16))), p.tenant_id, r.post_id, r.reporter_id, r.reason, r.note, r.created_at, r.open
FROM reports r JOIN posts p ON p.id = r.post_id WHERE r.reporter_id IS NOT NULL;

DROP TABLE reactions;
DROP TABLE reports;
DROP TABLE posts;
ALTER TABLE posts_new RENAME TO posts;
ALTER TABLE reactions_new RENAME TO reactions;
ALTER TABLE reports_new RENAME TO reports;
CREATE INDEX posts_feed ON posts (tenant_id, status, topic);
CREATE INDEX posts_author ON posts (tenant_id, author_id);
CREATE INDEX reactions_account ON reactions (tenant_id, account_id);
CREATE INDEX reports_reporter ON reports (tenant_id, reporter_id);

-- Rate limits, throttles and lockouts, shared by every app node through the database. Keys are SHA-256 hashes
-- (never an address or an email as such); rows older than the longest window are purged by the housekeeping.
CREATE TABLE rate_limit_events (
    limiter TEXT NOT NULL CHECK (length(limiter) BETWEEN 1 AND 40),
    key_hash TEXT NOT NULL CHECK (length(key_hash) = 64),
    at INTEGER NOT NULL
) STRICT;
CREATE INDEX rate_limit_events_key ON rate_limit_events (limiter, key_hash, at);
CREATE INDEX rate_limit_events_age ON rate_limit_events (at);
