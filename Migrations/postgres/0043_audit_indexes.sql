-- As Migrations/sqlite/0051_audit_indexes.sql: the filters' choices and a filter by action or moderator read from an
-- index. The newest lines need none of their own here: the primary key is (tenant_id, id).
CREATE INDEX moderation_audit_by_action ON moderation_audit (tenant_id, action, id);
CREATE INDEX moderation_audit_by_moderator ON moderation_audit (tenant_id, moderator, id);
