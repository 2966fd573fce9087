-- Each post carries how many of each reaction it has, kept in the same transaction as the reactions themselves
-- (AppDatabase.toggleReaction, and an account's erasure). The feed read them with a grouped subquery a post, which was
-- over a third of the community page's database time; the reactions table stays the truth, and these are recounted
-- from it whenever it changes.
ALTER TABLE posts ADD COLUMN support_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN relate_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN celebrate_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN hug_count INTEGER NOT NULL DEFAULT 0;
UPDATE posts SET
    support_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'support'),
    relate_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'relate'),
    celebrate_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'celebrate'),
    hug_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'hug')
WHERE (tenant_id, id) IN (SELECT tenant_id, post_id FROM reactions);
