-- The feed reads the newest visible posts and, apart, the reader's own posts still waiting for a moderator
-- (AppDatabase.feed). One index each, so neither skips the other's rows: a queue of 200 held posts used to be
-- read row by row, in the table, before the first visible one.
CREATE INDEX posts_visible ON posts (tenant_id, seq, topic) WHERE status = 'visible';
-- An author's posts newest first; it also serves every look-up by author that posts_author did.
DROP INDEX posts_author;
CREATE INDEX posts_author ON posts (tenant_id, author_id, seq);
