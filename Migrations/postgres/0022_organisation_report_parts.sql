-- As Migrations/sqlite/0030_organisation_report_parts.sql: an organisation's published report figures, kept from the
-- first read after their period closed, so a closed period's figures never change.
CREATE TABLE organisation_report_parts (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('week', 'emotions')),
    period_start BIGINT NOT NULL,
    minimum_group_size INTEGER NOT NULL CHECK (minimum_group_size BETWEEN 5 AND 1000),
    body TEXT NOT NULL CHECK (length(body) <= 65536),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, kind, period_start, minimum_group_size)
);
