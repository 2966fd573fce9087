-- As Migrations/sqlite/0016_feed_indexes.sql: the newest visible posts, and an author's posts newest first, each one
-- index range for the feed.
CREATE INDEX posts_visible ON posts (tenant_id, seq, topic) WHERE status = 'visible';
DROP INDEX posts_author;
CREATE INDEX posts_author ON posts (tenant_id, author_id, seq);
