-- An organisation's published report figures, kept from the first time they were read after their period closed, so a
-- closed week's (or four weeks') figures never change afterwards: reading the report before and after one person's
-- reset tells nothing. `body` is the published figures as JSON, already rounded and with small groups hidden; kept
-- per smallest group size, which decides what is hidden. Nothing here is about a person.
CREATE TABLE organisation_report_parts (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('week', 'emotions')),
    period_start INTEGER NOT NULL,
    minimum_group_size INTEGER NOT NULL CHECK (minimum_group_size BETWEEN 5 AND 1000),
    body TEXT NOT NULL CHECK (length(body) <= 65536),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, kind, period_start, minimum_group_size)
);
