-- The minute's housekeeping deletes by an index (as Migrations/sqlite/0041_purge_by_index.sql).
CREATE INDEX sessions_created ON sessions (created_at);
CREATE INDEX password_resets_used ON password_resets (used_at) WHERE used_at IS NOT NULL;
CREATE INDEX sign_in_links_expiry ON sign_in_links (expires_at);
