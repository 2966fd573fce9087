-- An organisation's logo (issue 17): a PNG its admin uploads, shown in the header beside its name. Kept apart from the
-- tenant row, which every request reads; the tenant keeps only the logo's fingerprint (its SHA-256), which names the
-- image's URL so browsers may keep it for good. As Migrations/postgres/0015_tenant_logo.sql.
ALTER TABLE tenants ADD COLUMN logo_sha TEXT CHECK (logo_sha IS NULL OR length(logo_sha) = 64);
CREATE TABLE tenant_logos (
    tenant_id TEXT NOT NULL PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
    png_base64 TEXT NOT NULL CHECK (length(png_base64) <= 90000),
    sha TEXT NOT NULL CHECK (length(sha) = 64),
    width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 2000),
    height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 2000),
    updated_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
