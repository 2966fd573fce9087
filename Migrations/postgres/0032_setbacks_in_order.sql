-- A member's setbacks newest first, ties by id, straight from the index (as Migrations/sqlite/0040_setbacks_in_order.sql).
DROP INDEX setbacks_by_member;
CREATE INDEX setbacks_by_member ON setbacks (tenant_id, account_id, happened_at, id);
