-- When a post's oldest open report arrived (NULL when it has none), kept with the post in the transactions that open
-- and close reports. Staff see how many posts wait on every page; finding reported posts through the reports table
-- meant a look-up into posts per open report (153 µs a page with 200 waiting; bench/run.sh), and this index finds
-- every waiting post (held, held for a reason, or reported) in one range of its own, and counts them from the index alone.
ALTER TABLE posts ADD COLUMN reported_at INTEGER;
UPDATE posts SET reported_at = (SELECT min(r.created_at) FROM reports r
                                WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.open = 1);
CREATE INDEX posts_waiting ON posts (tenant_id, status, held_for, reported_at)
    WHERE status = 'held' OR held_for IS NOT NULL OR reported_at IS NOT NULL;
