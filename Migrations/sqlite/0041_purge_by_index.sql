-- The minute's housekeeping (AppDatabase.purgeExpired) deletes by an index, not by reading every row: sessions past
-- their absolute limit by when they were made, reset tokens once used, and sign-in links by when they expire. Before,
-- each of the three read its whole table every minute, every session of every tenant among them.
CREATE INDEX sessions_created ON sessions (created_at);
CREATE INDEX password_resets_used ON password_resets (used_at) WHERE used_at IS NOT NULL;
CREATE INDEX sign_in_links_expiry ON sign_in_links (expires_at);
