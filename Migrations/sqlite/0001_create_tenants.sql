-- Organisations that host a Resett space. Ids are random so that no id hints at another tenant.
-- The default tenant exists as soon as the database does, so commands can address it before the first serve.
CREATE TABLE tenants (
    id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 32),
    slug TEXT NOT NULL UNIQUE CHECK (slug GLOB '[a-z0-9]*' AND slug NOT GLOB '*[^a-z0-9-]*' AND length(slug) BETWEEN 1 AND 40),
    name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 100),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

INSERT INTO tenants (id, slug, name) VALUES (lower(hex(randomblob(16))), 'default', 'Resett');
