-- As Migrations/sqlite/0026_organisation_resets.sql: resets an organisation writes for its own members.
CREATE TABLE organisation_resets (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id TEXT NOT NULL CHECK (length(id) = 32),
    emotion TEXT NOT NULL CHECK (length(emotion) BETWEEN 1 AND 40),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
    science_benefit TEXT NOT NULL CHECK (length(science_benefit) BETWEEN 1 AND 240),
    duration_seconds BIGINT NOT NULL CHECK (duration_seconds BETWEEN 60 AND 150),
    safety_note TEXT CHECK (safety_note IS NULL OR length(safety_note) BETWEEN 1 AND 200),
    steps TEXT NOT NULL CHECK (length(steps) BETWEEN 2 AND 40000),
    position BIGINT NOT NULL,
    published_at BIGINT,
    first_published_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
