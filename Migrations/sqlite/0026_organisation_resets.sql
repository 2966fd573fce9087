-- Resets an organisation writes for its own members (issue 17), beside the built-in library. The text is the
-- organisation's own, not anyone's personal data, so it is kept in clear; `steps` is a JSON array of
-- {"title": …, "lines": [ … ]}, checked by the app as strictly as Content/resets.json is at start. Not published
-- (`published_at` NULL) means only its admins see it; once published (`first_published_at` set) people may have
-- runs of it, so it can be unpublished but never deleted, and history keeps its name. Changes raise the tenant's
-- configuration version, so every node's copy is current. As Migrations/postgres/0018_organisation_resets.sql.
CREATE TABLE organisation_resets (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    emotion TEXT NOT NULL CHECK (length(emotion) BETWEEN 1 AND 40),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
    science_benefit TEXT NOT NULL CHECK (length(science_benefit) BETWEEN 1 AND 240),
    duration_seconds INTEGER NOT NULL CHECK (duration_seconds BETWEEN 60 AND 150),
    safety_note TEXT CHECK (safety_note IS NULL OR length(safety_note) BETWEEN 1 AND 200),
    steps TEXT NOT NULL CHECK (length(steps) BETWEEN 2 AND 40000),
    position INTEGER NOT NULL,
    published_at INTEGER,
    first_published_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, id)
) STRICT, WITHOUT ROWID;
