-- The anonymous community: topics, posts, reactions, reports, posting restrictions and the moderators' audit.

CREATE TABLE community_topics (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    slug TEXT NOT NULL CHECK (slug GLOB '[a-z]*' AND length(slug) BETWEEN 1 AND 30),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    position INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, slug)
) STRICT, WITHOUT ROWID;

INSERT INTO community_topics (tenant_id, slug, name, position)
SELECT t.id, d.slug, d.name, d.position FROM tenants t, (
    SELECT 'stressed' AS slug, 'Stressed' AS name, 1 AS position UNION ALL SELECT 'anxious', 'Anxious', 2
    UNION ALL SELECT 'restless', 'Restless', 3 UNION ALL SELECT 'tired', 'Tired', 4 UNION ALL SELECT 'scattered', 'Scattered', 5
    UNION ALL SELECT 'wins', 'Wins', 6 UNION ALL SELECT 'other', 'Other', 7) d;

-- New tenants get the default topics too.
CREATE TRIGGER tenants_default_topics AFTER INSERT ON tenants BEGIN
    INSERT INTO community_topics (tenant_id, slug, name, position) VALUES
        (NEW.id, 'stressed', 'Stressed', 1), (NEW.id, 'anxious', 'Anxious', 2), (NEW.id, 'restless', 'Restless', 3),
        (NEW.id, 'tired', 'Tired', 4), (NEW.id, 'scattered', 'Scattered', 5), (NEW.id, 'wins', 'Wins', 6),
        (NEW.id, 'other', 'Other', 7);
END;

-- The rowid orders the feed (keyset pagination); the random id is what URLs carry. An author who deletes their
-- account leaves their posts ownerless (author_id NULL), still anonymous. A deleted post's text is erased.
CREATE TABLE posts (
    id TEXT NOT NULL UNIQUE CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    author_id TEXT REFERENCES accounts (id) ON DELETE SET NULL,
    topic TEXT NOT NULL,
    body TEXT CHECK (body IS NULL OR length(body) BETWEEN 1 AND 1000),
    status TEXT NOT NULL CHECK (status IN ('visible', 'held', 'hidden', 'deleted')),
    held_for TEXT CHECK (held_for IN ('safety', 'reports')),
    created_at INTEGER NOT NULL,
    CHECK ((status = 'deleted') = (body IS NULL))
);
CREATE INDEX posts_feed ON posts (tenant_id, status, topic);
CREATE INDEX posts_author ON posts (tenant_id, author_id);

CREATE TABLE reactions (
    post_id TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('support', 'relate', 'celebrate', 'hug')),
    PRIMARY KEY (post_id, account_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE reports (
    post_id TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    reporter_id TEXT REFERENCES accounts (id) ON DELETE SET NULL,
    reason TEXT NOT NULL CHECK (reason IN ('spam', 'unkind', 'worried', 'other')),
    note TEXT CHECK (note IS NULL OR length(note) <= 500),
    created_at INTEGER NOT NULL,
    open INTEGER NOT NULL DEFAULT 1 CHECK (open IN (0, 1)),
    UNIQUE (post_id, reporter_id)
) STRICT;

CREATE TABLE posting_restrictions (
    id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    until INTEGER,
    reason TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    lifted_at INTEGER,
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT;
CREATE INDEX posting_restrictions_account ON posting_restrictions (tenant_id, account_id);

-- Append-only: the web has no way to change or remove a line.
CREATE TABLE moderation_audit (
    id INTEGER PRIMARY KEY,
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    moderator TEXT NOT NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
) STRICT;
CREATE TRIGGER moderation_audit_no_update BEFORE UPDATE ON moderation_audit BEGIN
    SELECT RAISE(ABORT, 'the moderation audit cannot be changed');
END;
