-- Staff see how many posts wait for them on every page, and the queue lists them: both find the few waiting posts
-- through these partial indexes instead of reading every post (bench/backends.sh: 10,000 posts).
CREATE INDEX posts_held_for ON posts (tenant_id, held_for) WHERE held_for IS NOT NULL;
CREATE INDEX reports_open ON reports (tenant_id, post_id) WHERE open = 1;
