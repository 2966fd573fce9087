-- When a post's oldest open report arrived, kept with the post (as Migrations/sqlite/0015_reported_at.sql), so the
-- waiting posts are one range of one partial index.
ALTER TABLE posts ADD COLUMN reported_at BIGINT;
UPDATE posts SET reported_at = (SELECT min(r.created_at) FROM reports r
                                WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.open = 1);
CREATE INDEX posts_waiting ON posts (tenant_id, status, held_for, reported_at)
    WHERE status = 'held' OR held_for IS NOT NULL OR reported_at IS NOT NULL;
