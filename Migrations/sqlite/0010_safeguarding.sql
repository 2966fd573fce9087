-- Safeguarding (issue 14): crisis contacts as data, the tenant's safeguarding steps and escalation contact, private
-- messages from the moderation team to an anonymous author, moderator notes, escalations and assignments, overdue
-- reminders, and watched words. The same tables and columns as Migrations/postgres/0002_safeguarding.sql.

-- What a person can act on at once: each contact is a name, what it is for, and a phone number, a text number (with
-- the word to send), a web address or several; phone and text numbers are digits, spaces and + only.
CREATE TABLE crisis_contacts (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    position INTEGER NOT NULL,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    purpose TEXT NOT NULL CHECK (length(purpose) BETWEEN 1 AND 200),
    phone TEXT CHECK (phone IS NULL OR (length(phone) BETWEEN 3 AND 20 AND phone NOT GLOB '*[^0-9 +]*')),
    text_number TEXT CHECK (text_number IS NULL OR (length(text_number) BETWEEN 3 AND 20 AND text_number NOT GLOB '*[^0-9 +]*')),
    text_message TEXT CHECK (text_message IS NULL OR length(text_message) BETWEEN 1 AND 40),
    url TEXT CHECK (url IS NULL OR (url LIKE 'https://%' AND length(url) BETWEEN 9 AND 300)),
    hours TEXT CHECK (hours IS NULL OR length(hours) BETWEEN 1 AND 80),
    CHECK (phone IS NOT NULL OR text_number IS NOT NULL OR url IS NOT NULL),
    PRIMARY KEY (tenant_id, id)
) STRICT, WITHOUT ROWID;
INSERT INTO crisis_contacts (tenant_id, id, position, name, purpose, phone, text_number, text_message, url, hours)
SELECT t.id, lower(hex(randomblob(16))), d.position, d.name, d.purpose, d.phone, d.text_number, d.text_message, d.url, d.hours
FROM tenants t, (
    SELECT 1 AS position, 'Emergency services' AS name, 'If you or someone else is in immediate danger' AS purpose, '999' AS phone,
           NULL AS text_number, NULL AS text_message, NULL AS url, 'Any time' AS hours
    UNION ALL SELECT 2, 'Samaritans', 'Talk to someone, whatever you’re going through', '116 123', NULL, NULL,
           'https://www.samaritans.org', 'Free, day or night'
    UNION ALL SELECT 3, 'Shout', 'If you’d rather text than talk', NULL, '85258', 'SHOUT', NULL, 'Free, day or night'
    UNION ALL SELECT 4, 'NHS 111, option 2', 'Urgent mental health help from the NHS', '111', NULL, NULL, NULL, 'Any time') d;

ALTER TABLE tenants ADD COLUMN safeguarding_steps TEXT NOT NULL DEFAULT '1. Act now: a post held for safety comes before anything else in the queue.
2. Reach out privately with warmth: thank them for sharing, say they are not alone, and give the crisis contacts. Do not ask who they are or where they are.
3. If a life may be in immediate danger, escalate to the organisation''s safeguarding lead at once (and record it). The lead decides about emergency services; moderators do not try to identify anyone.
4. Keep the community safe: approve a post only if it is safe for others to read (no methods, nothing that encourages harm); otherwise keep it hidden and reach out instead.
5. Look after yourself: talk to your lead after a difficult post, and take a break.'
    CHECK (length(safeguarding_steps) BETWEEN 1 AND 4000);
ALTER TABLE tenants ADD COLUMN escalation_contact TEXT NOT NULL DEFAULT '' CHECK (length(escalation_contact) <= 300);
ALTER TABLE tenants ADD COLUMN at_risk_response_minutes INTEGER NOT NULL DEFAULT 60 CHECK (at_risk_response_minutes BETWEEN 5 AND 1440);

-- Who is looking at a post, whether it was escalated, and when its moderators were last reminded of it.
ALTER TABLE posts ADD COLUMN assigned_to TEXT;
ALTER TABLE posts ADD COLUMN escalated_at INTEGER;
ALTER TABLE posts ADD COLUMN overdue_notified_at INTEGER;

-- A private, kind message from the moderation team to the anonymous author of a post, shown on their next visit.
-- The moderator writes it against the post; only the database knows whose it is.
CREATE TABLE team_messages (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    account_id TEXT NOT NULL,
    body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
    created_at INTEGER NOT NULL,
    seen_at INTEGER,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX team_messages_account ON team_messages (tenant_id, account_id, seen_at);

-- Moderators' private notes, about a post or about a member known only by pseudonym (kept as their account id,
-- never shown; deleted with the account).
CREATE TABLE moderator_notes (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL CHECK (length(id) = 32),
    post_id TEXT,
    account_id TEXT,
    author TEXT NOT NULL,
    body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
    created_at INTEGER NOT NULL,
    CHECK ((post_id IS NULL) != (account_id IS NULL)),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, post_id) REFERENCES posts (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX moderator_notes_post ON moderator_notes (tenant_id, post_id);
CREATE INDEX moderator_notes_account ON moderator_notes (tenant_id, account_id);

-- Words a tenant watches for, beyond the built-in safety phrases (which always apply): hold a post for review, or
-- refuse it with a kind message.
CREATE TABLE watched_words (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    phrase TEXT NOT NULL CHECK (phrase = lower(trim(phrase)) AND length(phrase) BETWEEN 2 AND 60),
    action TEXT NOT NULL CHECK (action IN ('hold', 'refuse')),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, phrase)
) STRICT, WITHOUT ROWID;

-- What an audit line was about (a short excerpt of the post, or "deleted post"), for the organisation's records.
ALTER TABLE moderation_audit ADD COLUMN about TEXT NOT NULL DEFAULT '';
-- The post a line is about, so that erasing the post also erases its excerpt here ("deleted post").
ALTER TABLE moderation_audit ADD COLUMN post_id TEXT;
CREATE INDEX moderation_audit_by_time ON moderation_audit (tenant_id, created_at);
