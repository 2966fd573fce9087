-- As Migrations/sqlite/0027_reaction_counts.sql: each post's count of each reaction, kept with the reactions.
ALTER TABLE posts ADD COLUMN support_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN relate_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN celebrate_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN hug_count BIGINT NOT NULL DEFAULT 0;
UPDATE posts SET
    support_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'support'),
    relate_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'relate'),
    celebrate_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'celebrate'),
    hug_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'hug')
WHERE (tenant_id, id) IN (SELECT tenant_id, post_id FROM reactions);
