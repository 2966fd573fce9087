-- When a post's oldest open report arrived (NULL when it has none), kept with the post in the transactions that open
-- and close reports. Staff see how many posts wait on every page; finding reported posts through the reports table
-- meant a look-up into posts per open report (153 µs a page with 200 waiting; bench/run.sh).
ALTER TABLE posts ADD COLUMN reported_at INTEGER;
UPDATE posts SET reported_at = (SELECT min(r.created_at) FROM reports r
                                WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.open = 1);
-- The index holds only waiting posts, by the queue's section (0 may be at risk, 1 reported, 2 the rest) and age: each
-- section's first page is one short range and the count comes from the index alone. Its expressions are written
-- exactly as AppDatabase.queueSectionSQL and waitingPostsSQL write them, so the planner matches them.
CREATE INDEX posts_waiting ON posts (
    tenant_id, (CASE WHEN held_for = 'safety' THEN 0 WHEN reported_at IS NOT NULL OR held_for = 'reports' THEN 1 ELSE 2 END),
    created_at, seq, status, held_for, reported_at)
    WHERE status != 'deleted' AND (status = 'held' OR held_for IS NOT NULL OR reported_at IS NOT NULL);
