-- The feed reads a tenant's newest posts first, twenty at a time: with this index it walks the tenant's posts in
-- order and stops after a page, instead of sorting every post (bench/backends.sh: the feed over 10,000 posts).
CREATE INDEX posts_by_seq ON posts (tenant_id, seq);
