-- As Migrations/sqlite/0023_tenant_logo.sql: an organisation's PNG logo, apart from the tenant row, which keeps only
-- its fingerprint.
ALTER TABLE tenants ADD COLUMN logo_sha TEXT CHECK (logo_sha IS NULL OR length(logo_sha) = 64);
CREATE TABLE tenant_logos (
    tenant_id TEXT NOT NULL PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
    png_base64 TEXT NOT NULL CHECK (length(png_base64) <= 90000),
    sha TEXT NOT NULL CHECK (length(sha) = 64),
    width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 2000),
    height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 2000),
    updated_at BIGINT NOT NULL
);
