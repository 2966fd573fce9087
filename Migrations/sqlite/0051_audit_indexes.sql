-- The moderation audit page reads the newest lines and the filters' choices on every visit. Without these, each visit
-- sorted the tenant's whole audit by id (the only index was by time) and gathered every distinct action and moderator
-- through a temporary table: fine for ten lines, not for a year of them.
-- Newest first, a page at a time: the index keeps each tenant's lines in id order.
CREATE INDEX moderation_audit_newest ON moderation_audit (tenant_id, id);
-- The filters' choices, read from the index a value at a time; a filter by action or moderator keeps id order too.
CREATE INDEX moderation_audit_by_action ON moderation_audit (tenant_id, action);
CREATE INDEX moderation_audit_by_moderator ON moderation_audit (tenant_id, moderator);
