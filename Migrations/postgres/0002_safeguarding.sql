-- Safeguarding (issue 14): the same tables and columns as Migrations/sqlite/0010_safeguarding.sql, Citus-ready
-- (tenant_id in every key).

CREATE TABLE crisis_contacts (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    position INTEGER NOT NULL,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    purpose TEXT NOT NULL CHECK (length(purpose) BETWEEN 1 AND 200),
    phone TEXT CHECK (phone IS NULL OR phone ~ '^[0-9 +]{3,20}$'),
    text_number TEXT CHECK (text_number IS NULL OR text_number ~ '^[0-9 +]{3,20}$'),
    text_message TEXT CHECK (text_message IS NULL OR length(text_message) BETWEEN 1 AND 40),
    url TEXT CHECK (url IS NULL OR (url LIKE 'https://%' AND length(url) BETWEEN 9 AND 300)),
    hours TEXT CHECK (hours IS NULL OR length(hours) BETWEEN 1 AND 80),
    CHECK (phone IS NOT NULL OR text_number IS NOT NULL OR url IS NOT NULL),
    PRIMARY KEY (tenant_id, id)
);
INSERT INTO crisis_contacts (tenant_id, id, position, name, purpose, phone, text_number, text_message, url, hours)
SELECT t.id, replace(gen_random_uuid()::text, '-', ''), d.position, d.name, d.purpose, d.phone, d.text_number, d.text_message, d.url, d.hours
FROM tenants t, (VALUES
    (1, 'Emergency services', 'If you or someone else is in immediate danger', '999', NULL, NULL, NULL, 'Any time'),
    (2, 'Samaritans', 'Talk to someone, whatever you’re going through', '116 123', NULL, NULL, 'https://www.samaritans.org', 'Free, day or night'),
    (3, 'Shout', 'If you’d rather text than talk', NULL, '85258', 'SHOUT', NULL, 'Free, day or night'),
    (4, 'NHS 111, option 2', 'Urgent mental health help from the NHS', '111', NULL, NULL, NULL, 'Any time')
) AS d (position, name, purpose, phone, text_number, text_message, url, hours);

ALTER TABLE tenants ADD COLUMN safeguarding_steps TEXT NOT NULL DEFAULT '1. Act now: a post held for safety comes before anything else in the queue.
2. Reach out privately with warmth: thank them for sharing, say they are not alone, and give the crisis contacts. Do not ask who they are or where they are.
3. If a life may be in immediate danger, escalate to the organisation''s safeguarding lead at once (and record it). The lead decides about emergency services; moderators do not try to identify anyone.
4. Keep the community safe: approve a post only if it is safe for others to read (no methods, nothing that encourages harm); otherwise keep it hidden and reach out instead.
5. Look after yourself: talk to your lead after a difficult post, and take a break.'
    CHECK (length(safeguarding_steps) BETWEEN 1 AND 4000);
ALTER TABLE tenants ADD COLUMN escalation_contact TEXT NOT NULL DEFAULT '' CHECK (length(escalation_contact) <= 300);
ALTER TABLE tenants ADD COLUMN at_risk_response_minutes INTEGER NOT NULL DEFAULT 60 CHECK (at_risk_response_minutes BETWEEN 5 AND 1440);

ALTER TABLE posts ADD COLUMN assigned_to TEXT;
ALTER TABLE posts ADD COLUMN escalated_at BIGINT;
ALTER TABLE posts ADD COLUMN overdue_notified_at BIGINT;

CREATE TABLE team_messages (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
    created_at BIGINT NOT NULL,
    seen_at BIGINT,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX team_messages_account ON team_messages (tenant_id, account_id, seen_at);

CREATE TABLE moderator_notes (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    post_id TEXT,
    account_id TEXT,
    author TEXT NOT NULL,
    body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
    created_at BIGINT NOT NULL,
    CHECK ((post_id IS NULL) != (account_id IS NULL)),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, post_id) REFERENCES posts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, account_id) REFERENCES accounts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX moderator_notes_post ON moderator_notes (tenant_id, post_id);
CREATE INDEX moderator_notes_account ON moderator_notes (tenant_id, account_id);

CREATE TABLE watched_words (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    phrase TEXT NOT NULL CHECK (phrase = lower(trim(phrase)) AND length(phrase) BETWEEN 2 AND 60),
    action TEXT NOT NULL CHECK (action IN ('hold', 'refuse')),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, phrase)
);

ALTER TABLE moderation_audit ADD COLUMN about TEXT NOT NULL DEFAULT '';
-- The post a line is about, so that erasing the post also erases its excerpt here ("deleted post").
ALTER TABLE moderation_audit ADD COLUMN post_id TEXT;
CREATE INDEX moderation_audit_by_time ON moderation_audit (tenant_id, created_at);
